/**
 * `cardinality` as ES 5.6 counts it (`CardinalityAggregator`, `InternalCardinality`): each value
 * is hashed to 64 bits — MurmurHash3 x64_128 `h1` of a term's bytes (UTF-8 for strings, the 16
 * bytes of an address for ip fields), `BitMixer.mix64` of a long (integral, date, boolean) or of a
 * double's bits — and counted by a HyperLogLog++ counter per bucket. Term hashes are computed once
 * per segment ordinal. The coordinator merges the shards' counters into a fresh one.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { InternalAgg, MetricSpec } from './types.js';
import type { ValuesSource } from './values.js';
import { HyperLogLogPlusPlus } from './hll.js';
import { DEFAULT_PRECISION } from '../dsl/aggs/hll-precision.js';
import { hashDouble, hashLong, murmur3x64, type U64 } from './murmur3-x64.js';
import { columnFor, forValues, parseMissingWith, resolveValues, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

type CardinalityAgg = Extract<InternalAgg, { kind: 'cardinality' }>;

/** Counts distinct values per bucket ordinal with bounded memory (2^precision bytes at most per bucket). */
export class CardinalityAggregator implements Aggregator {
  private readonly vs: ValuesSource;
  private readonly counters = new Map<number, HyperLogLogPlusPlus>();
  private readonly precision: number;
  /** How one value becomes a hash. */
  private readonly hash: (v: string | number) => U64;
  constructor(
    readonly spec: MetricSpec,
    ctx: ShardAggContext,
  ) {
    this.vs = resolveValues(ctx, spec, false, 'cardinality', parseMissingWith(ctx));
    this.precision = spec.precision ?? DEFAULT_PRECISION;
    const ip = this.vs.format.kind === 'ip';
    this.hash =
      this.vs.valueType === 'long'
        ? (v) => hashLong(v as number)
        : this.vs.valueType === 'double'
          ? (v) => hashDouble(v as number)
          : (v) => murmur3x64(ip ? Buffer.from(String(v), 'hex') : Buffer.from(String(v), 'utf8'));
  }
  async prepare(): Promise<void> {}
  private counter(owner: number): HyperLogLogPlusPlus {
    let c = this.counters.get(owner);
    if (!c) this.counters.set(owner, (c = new HyperLogLogPlusPlus(this.precision)));
    return c;
  }
  leaf(seg: SegmentReader): LeafCollector {
    const col = columnFor(this.vs, seg);
    if (col && col.kind === 'string') {
      // ES's ordinals collector: each term is hashed once per segment
      const hashes: Array<U64 | undefined> = new Array(col.terms.length);
      return (doc, owner, score) => {
        const from = col.start[doc] as number;
        const to = col.start[doc + 1] as number;
        if (to === from) {
          if (this.vs.missing !== undefined) forValues(undefined, this.vs, doc, (v) => this.counter(owner).collect(this.hash(v)), score);
          return;
        }
        const c = this.counter(owner);
        for (let i = from; i < to; i++) {
          const ord = col.ords[i] as number;
          let h = hashes[ord];
          if (h === undefined) hashes[ord] = h = this.hash(col.terms[ord] as string);
          c.collect(h);
        }
      };
    }
    return (doc, owner, score) => {
      forValues(col, this.vs, doc, (v) => this.counter(owner).collect(this.hash(v)), score);
    };
  }
  build(owner: number): InternalAgg {
    const c = this.counters.get(owner);
    // ES builds an empty result (no counter) for a bucket that counted nothing
    return { kind: 'cardinality', spec: this.spec, hll: c && !c.isEmpty() ? c : null };
  }
}

/** ES `InternalCardinality.doReduce`: shards' counters merged into a fresh one of the first's precision. */
export function reduceCardinality(parts: readonly CardinalityAgg[]): CardinalityAgg {
  let merged: HyperLogLogPlusPlus | null = null;
  for (const p of parts) {
    if (!p.hll) continue;
    if (!merged) merged = new HyperLogLogPlusPlus(p.hll.p);
    merged.merge(p.hll);
  }
  return { ...(parts[0] as CardinalityAgg), hll: merged };
}

/** The estimate (0 when nothing was counted). */
export function cardinalityValue(a: CardinalityAgg): number {
  return a.hll ? a.hll.cardinality() : 0;
}
