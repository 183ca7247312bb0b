/**
 * `sampler` and `diversified_sampler` (ES 5.6 `SamplerAggregator`, `BestDocsDeferringCollector`):
 * per shard and parent bucket, the `shard_size` best-scoring docs (ties: lower doc first, as
 * Lucene's top-docs collector), at most `max_docs_per_value` of them per value of the
 * diversifying field for diversified_sampler; the sub-aggregations then collect only those docs
 * (replayed per segment in doc order once collection is over). `doc_count` is the sample's size.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { EsError } from '../errors/errors.js';
import type { InternalAgg, SamplerSpec } from './types.js';
import { BucketAggregator, columnFor, forValues, parseMissingWith, resolveValues, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';
import type { ValuesSource } from './values.js';
import type { Pacer } from '../search/pacer.js';

interface Candidate {
  si: number;
  doc: number;
  score: number;
  /** diversified_sampler: the doc's value (undefined: none). */
  value?: string | number;
}

export class SamplerAggregator extends BucketAggregator {
  declare readonly spec: SamplerSpec;
  private readonly vs?: ValuesSource;
  private readonly candidates = new Map<number, Candidate[]>();
  private readonly segments: SegmentReader[] = [];
  private replayed = false;
  constructor(spec: SamplerSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    if (spec.type === 'diversified_sampler') this.vs = resolveValues(ctx, spec, false, 'diversified_sampler', parseMissingWith(ctx));
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.segments[si] = seg;
    const vs = this.vs;
    const col = vs ? columnFor(vs, seg) : undefined;
    return (doc, owner, score) => {
      let list = this.candidates.get(owner);
      if (!list) this.candidates.set(owner, (list = []));
      const c: Candidate = { si, doc, score };
      if (vs) {
        const values: Array<string | number> = [];
        forValues(col, vs, doc, (v) => values.push(v), score);
        if (values.length > 1) throw new EsError('aggregation_execution_exception', 500, 'Sample diversifying key must be a single valued-field');
        if (values.length === 1) c.value = values[0] as string | number;
      }
      list.push(c);
    };
  }
  /** The sample of one parent bucket: best scores first, diversified by value. */
  private sample(owner: number): Candidate[] {
    const list = [...(this.candidates.get(owner) ?? [])].sort((a, b) => b.score - a.score || a.si - b.si || a.doc - b.doc);
    const out: Candidate[] = [];
    const perValue = new Map<string | number | undefined, number>();
    for (const c of list) {
      if (out.length >= this.spec.shardSize) break;
      if (this.vs) {
        const n = perValue.get(c.value) ?? 0;
        if (n >= this.spec.maxDocsPerValue) continue;
        perValue.set(c.value, n + 1);
      }
      out.push(c);
    }
    return out;
  }
  /** Replay the samples into the sub-aggregators (paced), then their own post-collection. */
  override async postCollection(pacer: Pacer): Promise<void> {
    await this.replay(pacer);
    await super.postCollection(pacer);
  }
  /** Feed every bucket's sample to the sub-aggregators, segment by segment in doc order. */
  private async replay(pacer: Pacer): Promise<void> {
    if (this.replayed) return;
    this.replayed = true;
    const all: Array<Candidate & { owner: number }> = [];
    for (const owner of this.candidates.keys()) for (const c of this.sample(owner)) all.push({ ...c, owner });
    all.sort((a, b) => a.si - b.si || a.doc - b.doc || a.owner - b.owner);
    const paced = pacer.loop();
    let left = paced.budget;
    let cur = -1;
    for (const c of all) {
      // past the deadline: the docs replayed so far stand (the shard reports timed_out)
      if (--left === 0 && (left = await paced.pause()) < 0) return;
      if (c.si !== cur) {
        cur = c.si;
        this.bindSubs(this.segments[c.si] as SegmentReader, c.si);
      }
      this.collectBucket(c.doc, c.owner, c.score);
    }
  }
  build(owner: number): InternalAgg {
    if (!this.replayed) throw new EsError('illegal_state_exception', 500, `[${this.spec.type}] aggregation [${this.spec.name}] built before its post-collection`);
    return { kind: 'single', spec: this.spec, docCount: owner < 0 ? 0 : this.counts[owner] ?? 0, subs: this.subResults(owner) };
  }
}
