/** `range`, `date_range`, `ip_range`, `histogram` and `date_histogram` on a shard: buckets by value. */
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { SearchField } from '../search/field-types.js';
import type { Bucket, HistogramSpec, InternalAgg, RangeSpec } from './types.js';
import { keyOfText, type ValuesSource } from './values.js';
import { histogramKeyFn } from './order.js';
import { BucketAggregator, columnFor, forValues, parseMissingWith, resolveValues, zoned, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

export class RangeAggregator extends BucketAggregator {
  declare readonly spec: RangeSpec;
  private readonly vs: ValuesSource;
  private readonly ranges: Array<{ from: number; to: number }>;
  constructor(spec: RangeSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    this.vs = zoned(resolveValues(ctx, spec, true, spec.type, parseMissingWith(ctx)), spec.timeZone);
    const f = this.vs.field;
    const num = (v: number | string | undefined, dflt: number): number => (v === undefined ? dflt : typeof v === 'number' ? v : ctx.parseValue(f, v, false, spec.timeZone));
    this.ranges = spec.ranges.map((r) => ({ from: num(r.from, -Infinity), to: num(r.to, Infinity) }));
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const ranges = this.ranges;
    return this.rangesLeaf(columnFor(this.vs, seg), this.vs, ranges.length, (i, v) => {
      const r = ranges[i] as { from: number; to: number };
      return (v as number) >= r.from && (v as number) < r.to;
    });
  }
  build(owner: number): InternalAgg {
    const n = this.ranges.length;
    const buckets: Bucket[] = this.ranges.map((r, i) => ({
      key: this.spec.ranges[i]?.key ?? '',
      from: r.from,
      to: r.to,
      docCount: this.counts[owner * n + i] ?? 0,
      subs: this.subResults(owner * n + i),
    }));
    return { kind: 'range', spec: this.spec, format: this.vs.format, buckets };
  }
}

export class HistogramAggregator extends BucketAggregator {
  declare readonly spec: HistogramSpec;
  private readonly vs: ValuesSource;
  private readonly keyOf: (v: number) => number;
  private readonly byOwner = new Map<number, Map<number, number>>();
  private next = 0;
  private readonly bounds?: { min?: number; max?: number };
  constructor(spec: HistogramSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    this.vs = zoned(resolveValues(ctx, spec, true, spec.type, parseMissingWith(ctx)), spec.timeZone);
    this.keyOf = histogramKeyFn(spec);
    const eb = spec.extendedBounds;
    if (eb) {
      const f = this.vs.field;
      const conv = (v: number | string): number => (typeof v === 'number' ? v : ctx.parseValue(f, v, false, spec.timeZone));
      this.bounds = { ...(eb.min !== undefined ? { min: conv(eb.min) } : {}), ...(eb.max !== undefined ? { max: conv(eb.max) } : {}) };
    }
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = columnFor(this.vs, seg);
    return (doc, owner, score) => {
      let prev = NaN;
      forValues(col, this.vs, doc, (v) => {
        const key = this.keyOf(v as number);
        if (key === prev) return;
        prev = key;
        let m = this.byOwner.get(owner);
        if (!m) this.byOwner.set(owner, (m = new Map()));
        let ord = m.get(key);
        if (ord === undefined) m.set(key, (ord = this.next++));
        this.collectBucket(doc, ord, score);
      }, score);
    };
  }
  build(owner: number): InternalAgg {
    const m = this.byOwner.get(owner) ?? new Map<number, number>();
    const buckets: Bucket[] = [...m].map(([key, ord]) => ({ key, docCount: this.counts[ord] ?? 0, subs: this.subResults(ord) })).sort((a, b) => (a.key as number) - (b.key as number));
    return { kind: 'histogram', spec: this.spec, format: this.vs.format, buckets, ...(this.bounds ? { bounds: this.bounds } : {}) };
  }
}

/** `ip_range`: ranges over the sortable 16-byte ip terms (from inclusive, to exclusive; CIDR masks). */
export class IpRangeAggregator extends BucketAggregator {
  declare readonly spec: RangeSpec;
  private readonly vs: ValuesSource;
  private readonly ranges: Array<{ from?: string; to?: string }>;
  constructor(spec: RangeSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    this.vs = resolveValues(ctx, spec, false, 'ip_range', parseMissingWith(ctx));
    if (this.vs.field && this.vs.field.type !== 'ip') {
      throw new EsError('illegal_argument_exception', 400, `Field [${this.vs.field.path}] of type [${this.vs.field.type}] is not supported for aggregation [ip_range]`);
    }
    this.ranges = spec.ranges.map((r) => {
      if (r.mask !== undefined) return cidrBounds(r.mask);
      return { ...(r.from !== undefined ? { from: keyOfText(this.vs.field ?? IP_FIELD, String(r.from)) } : {}), ...(r.to !== undefined ? { to: keyOfText(this.vs.field ?? IP_FIELD, String(r.to)) } : {}) };
    });
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const ranges = this.ranges;
    return this.rangesLeaf(columnFor(this.vs, seg), this.vs, ranges.length, (i, v) => {
      const r = ranges[i] as { from?: string; to?: string };
      return (r.from === undefined || (v as string) >= r.from) && (r.to === undefined || (v as string) < r.to);
    });
  }
  build(owner: number): InternalAgg {
    const n = this.ranges.length;
    const buckets: Bucket[] = this.ranges.map((r, i) => {
      const given = this.spec.ranges[i];
      return {
        key: given?.key ?? given?.mask ?? '',
        ...(r.from !== undefined ? { fromKey: r.from } : {}),
        ...(r.to !== undefined ? { toKey: r.to } : {}),
        docCount: this.counts[owner * n + i] ?? 0,
        subs: this.subResults(owner * n + i),
      };
    });
    return { kind: 'range', spec: this.spec, format: { kind: 'ip' }, buckets };
  }
}

export const IP_FIELD = { path: '', type: 'ip', indexed: true, docValues: true, stored: false, raw: {} } as SearchField;

/** A CIDR mask (`192.168.0.0/16`, `::/24`) as [network, network + size) over 16-byte terms. */
export function cidrBounds(mask: string): { from?: string; to?: string } {
  const slash = mask.indexOf('/');
  const addr = slash < 0 ? mask : mask.slice(0, slash);
  const enc = keyOfText(IP_FIELD, addr);
  const v4 = addr.includes('.');
  const bits = slash < 0 ? 128 : Number(mask.slice(slash + 1)) + (v4 ? 96 : 0);
  if (!Number.isInteger(bits) || bits < 0 || bits > 128) throw new EsError('illegal_argument_exception', 400, `Expected [ip/prefix] but was [${mask}]`);
  const hostBits = BigInt(128 - bits);
  const network = (BigInt('0x' + enc) >> hostBits) << hostBits;
  const end = network + (1n << hostBits);
  const hex = (x: bigint): string => x.toString(16).padStart(32, '0');
  return { from: hex(network), ...(end < 1n << 128n ? { to: hex(end) } : {}) };
}
