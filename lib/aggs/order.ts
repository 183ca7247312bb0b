/**
 * Bucket order and bucket keys shared by shards and the coordinator: ES 5.6 `InternalOrder`
 * (`_count`, `_key`, or a path into a sub-aggregation, e.g. `avg_price` or `stats.max`) and the
 * histogram roundings (`Rounding`: fixed intervals, calendar units, time zones, offsets).
 */
import { offsetAt, localToUtc, parseTimeZone, type TimeZone } from '../dsl/time-zone.js';
import type { AggSpec, Bucket, HistogramSpec, InternalAgg, TermsOrder } from './types.js';
import { parseAggregationPath, resolveOrderValue, type PathElement } from './aggregation-path.js';

/** Comparator of buckets by an order list (the last criterion is the tie-breaker). */
export function compareBuckets(order: readonly TermsOrder[], _subs: readonly AggSpec[]): (a: Bucket, b: Bucket) => number {
  // sub-aggregation paths parsed once per comparator
  const paths = new Map<string, PathElement[]>();
  for (const o of order) if (o.by !== '_count' && o.by !== '_key') paths.set(o.by, parseAggregationPath(o.by));
  return (a, b) => {
    for (const o of order) {
      let c: number;
      if (o.by === '_count') c = a.docCount - b.docCount;
      else if (o.by === '_key') c = typeof a.key === 'number' ? (a.key as number) - (b.key as number) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      else {
        const p = paths.get(o.by) as PathElement[];
        const va = resolveOrderValue(a, p);
        const vb = resolveOrderValue(b, p);
        // NaN (empty buckets) sorts last either way, as Java's Double.compare puts it above all
        c = Number.isNaN(va) ? (Number.isNaN(vb) ? 0 : o.asc ? 1 : -1) : Number.isNaN(vb) ? (o.asc ? -1 : 1) : va - vb;
        if (Number.isNaN(va) || Number.isNaN(vb)) {
          if (c !== 0) return c;
          continue;
        }
      }
      if (c !== 0) return o.asc ? c : -c;
    }
    return 0;
  };
}

const DAY = 86400000;

/** The bucket key of a value: ES `Rounding.round` for the spec's interval, offset and zone. */
export function histogramKeyFn(spec: HistogramSpec): (v: number) => number {
  const offset = spec.offset;
  if (spec.type === 'histogram') {
    const iv = spec.interval;
    return (v) => Math.floor((v - offset) / iv) * iv + offset;
  }
  const zone: TimeZone = parseTimeZone(spec.timeZone ?? 'UTC');
  const unit = spec.calendar;
  if (!unit) {
    const iv = spec.interval;
    if (zone.kind === 'fixed' && zone.offsetMs === 0) return (v) => Math.floor((v - offset) / iv) * iv + offset;
    // TimeIntervalRounding: round the local time, then map back to UTC
    return (v) => {
      const t = v - offset;
      const local = t + offsetAt(zone, t);
      return localToUtc(zone, Math.floor(local / iv) * iv) + offset;
    };
  }
  return (v) => {
    const t = v - offset;
    const local = t + offsetAt(zone, t);
    return localToUtc(zone, roundCalendar(local, unit)) + offset;
  };
}

/** Floor a local wall-clock time (ms, as if UTC) to the start of its calendar unit. */
function roundCalendar(local: number, unit: NonNullable<HistogramSpec['calendar']>): number {
  const d = new Date(local);
  switch (unit) {
    case 'second':
      return Math.floor(local / 1000) * 1000;
    case 'minute':
      return Math.floor(local / 60000) * 60000;
    case 'hour':
      return Math.floor(local / 3600000) * 3600000;
    case 'day':
      return Math.floor(local / DAY) * DAY;
    case 'week': {
      // ISO weeks start on Monday; 1970-01-01 was a Thursday
      const day = Math.floor(local / DAY);
      return (day - ((day + 3) % 7 + 7) % 7) * DAY;
    }
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'quarter':
      return Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1);
    case 'year':
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

/** The key after `key` (to fill empty histogram buckets). */
export function nextKey(spec: HistogramSpec, key: number): number {
  if (spec.type === 'histogram' || !spec.calendar) {
    if (spec.type === 'histogram' || !spec.timeZone) return key + spec.interval;
  }
  // calendar (or zoned) intervals: round a point safely inside the next bucket
  const keyOf = histogramKeyFn(spec);
  const step = spec.calendar ? { second: 1000, minute: 60000, hour: 3600000, day: DAY, week: 7 * DAY, month: 31 * DAY, quarter: 92 * DAY, year: 366 * DAY }[spec.calendar] : spec.interval;
  let probe = key + step;
  let k = keyOf(probe);
  // months/years are shorter than the step sometimes: step back into the next bucket
  while (k > key + step) {
    probe -= DAY;
    k = keyOf(probe);
  }
  if (k <= key) k = keyOf(key + step * 1.5);
  return k;
}
