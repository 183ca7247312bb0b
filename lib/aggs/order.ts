/**
 * Bucket order and bucket keys shared by shards and the coordinator: ES 5.6 `InternalOrder`
 * (`_count`, `_key`, or a path into a sub-aggregation, e.g. `avg_price` or `stats.max`) and the
 * histogram roundings (`Rounding`: fixed intervals, calendar units, time zones, offsets).
 */
import { EsError } from '../errors/errors.js';
import { offsetAt, localToUtc, parseTimeZone, type TimeZone } from '../dsl/time-zone.js';
import type { AggSpec, Bucket, HistogramSpec, InternalAgg, TermsOrder } from './types.js';
import { own } from '../dict.js';
import { cardinalityValue } from './cardinality.js';
import { percentilesValue } from './percentiles.js';

/** The value a sub-aggregation contributes to an order path (`name` or `name.metric`). */
export function orderValue(b: Bucket, path: string): number {
  const gt = path.indexOf('>');
  const head = gt >= 0 ? path.slice(0, gt) : path;
  const dot = head.lastIndexOf('.');
  const name = dot >= 0 ? head.slice(0, dot) : head;
  const prop = dot >= 0 ? head.slice(dot + 1) : undefined;
  const agg = b.subs.find((s) => s.spec.name === name);
  if (!agg) throw badPath(path, `Unknown aggregation [${name}]`);
  if (gt >= 0) {
    if (agg.kind !== 'single') throw badPath(path, `[${name}] is not a single-bucket aggregation`);
    return orderValue({ key: '', docCount: agg.docCount, subs: agg.subs }, path.slice(gt + 1));
  }
  if (agg.kind === 'single') return prop === undefined || prop === '_count' ? agg.docCount : NaN;
  const v = metricValue(agg, prop);
  if (v === undefined) throw badPath(path, `[${name}] does not have a value [${prop ?? ''}]`);
  return v;
}

function badPath(path: string, why: string): EsError {
  return new EsError('aggregation_execution_exception', 500, `Invalid terms aggregation order path [${path}]. ${why}`);
}

/** A metric's value by property (`value` for single-value metrics). */
export function metricValue(agg: InternalAgg, prop?: string): number | undefined {
  if (agg.kind === 'cardinality') return prop === undefined || prop === 'value' ? cardinalityValue(agg) : undefined;
  // a percent (or a ranked value) named as a number, as ES's MultiValue.value(String) parses it
  if (agg.kind === 'percentiles') return prop !== undefined && prop.trim() !== '' && Number.isFinite(Number(prop)) ? percentilesValue(agg, Number(prop)) : undefined;
  if (agg.kind !== 'numeric') return undefined;
  const t = agg.spec.type;
  const avg = agg.count === 0 ? NaN : agg.sum / agg.count;
  const variance = agg.count === 0 ? NaN : agg.sumOfSquares / agg.count - avg * avg;
  const single: Record<string, number> = { min: agg.min, max: agg.max, sum: agg.sum, avg, value_count: agg.count };
  if (prop === undefined || prop === 'value') return t in single ? single[t] : undefined;
  if (t !== 'stats' && t !== 'extended_stats') return undefined;
  const multi: Record<string, number> = { count: agg.count, min: agg.min, max: agg.max, sum: agg.sum, avg };
  if (t === 'extended_stats') {
    Object.assign(multi, { sum_of_squares: agg.sumOfSquares, variance, std_deviation: Math.sqrt(variance) });
  }
  return own(multi, prop);
}

/** Comparator of buckets by an order list (the last criterion is the tie-breaker). */
export function compareBuckets(order: readonly TermsOrder[], _subs: readonly AggSpec[]): (a: Bucket, b: Bucket) => number {
  return (a, b) => {
    for (const o of order) {
      let c: number;
      if (o.by === '_count') c = a.docCount - b.docCount;
      else if (o.by === '_key') c = typeof a.key === 'number' ? (a.key as number) - (b.key as number) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      else {
        const va = orderValue(a, o.by);
        const vb = orderValue(b, o.by);
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
