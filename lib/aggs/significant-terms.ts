/**
 * `significant_terms` (ES 5.6 `SignificantStringTermsAggregator` / `SignificantLongTermsAggregator`
 * and `InternalSignificantTerms.doReduce`). Per shard: the foreground is the docs collected in a
 * parent bucket (subset size), the background every live doc of the shard or those matching
 * `background_filter` (superset size, and each term's background doc frequency); terms are scored
 * with the heuristic and the best `shard_size` kept. The coordinator sums the sizes and each
 * term's counts over the shards that returned it, scores again with the global sizes and keeps
 * the `size` best with a positive score and at least `min_doc_count` docs. Analyzed text fields
 * with `fielddata: true` are uninverted from their postings for the request.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { IncludeExclude } from './include-exclude.js';
import { runAsDouble, toScript } from '../script/runtime/values.js';
import type { Bucket, InternalAgg, SignificantTermsSpec } from './types.js';
import type { Column, ValuesSource } from './values.js';
import { BucketAggregator, columnFor, forValues, parseMissingWith, resolveValues, type Aggregator, type LeafCollector, type ScriptColumn, type ShardAggContext } from './aggregator.js';
import { scorerOf, type Scorer } from './significance.js';
import type { PipelineEnv } from './parent-pipelines.js';
import { EsError } from '../errors/errors.js';

type SigAgg = Extract<InternalAgg, { kind: 'significant_terms' }>;

/** Build a string column of an analyzed field from its postings (fielddata). */
async function uninvert(seg: SegmentReader, field: string): Promise<Column> {
  const terms = [...seg.terms(field)].sort();
  const postings = await Promise.all(terms.map((t) => seg.postings(field, t)));
  const perDoc: number[][] = Array.from({ length: seg.maxDoc }, () => []);
  postings.forEach((p, ord) => {
    if (p) for (const d of p.docs) perDoc[d]?.push(ord);
  });
  const start = new Int32Array(seg.maxDoc + 1);
  const ords: number[] = [];
  perDoc.forEach((list, d) => {
    start[d] = ords.length;
    ords.push(...list);
  });
  start[seg.maxDoc] = ords.length;
  return { kind: 'string', terms, start, ords: Int32Array.from(ords) };
}

export class SignificantTermsAggregator extends BucketAggregator {
  declare readonly spec: SignificantTermsSpec;
  private readonly vs: ValuesSource;
  private readonly byOwner = new Map<number, Map<string | number, number>>();
  private readonly subsetSizes: number[] = [];
  private supersetSize = 0;
  private readonly bgFreq = new Map<string | number, number>();
  private readonly fielddata = new Map<SegmentReader, Column>();
  private readonly scorer: Scorer;
  private readonly filter: IncludeExclude;
  private readonly text: boolean;
  constructor(spec: SignificantTermsSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    const f = spec.field !== undefined ? ctx.fields.get(spec.field) : undefined;
    // analyzed text with fielddata reads its terms from the postings
    this.text = !!f && (f.type === 'text' || (f.type === 'string' && f.raw['index'] !== 'not_analyzed')) && f.raw['fielddata'] === true;
    this.vs = this.text && f
      ? { field: f, valueType: 'string', format: { kind: 'raw' }, column: (seg) => this.fielddata.get(seg) }
      : resolveValues(ctx, spec, false, 'significant_terms', parseMissingWith(ctx));
    this.filter = new IncludeExclude(spec, spec.name, this.vs, ctx);
    const ref = spec.heuristic.script;
    let script: ((p: Map<unknown, unknown>) => number) | undefined;
    if (ref) {
      const compiled = ctx.statefulScript(ref);
      script = (p) => {
        for (const [k, v] of toScript(ref.params ?? {}) as Map<unknown, unknown>) if (!p.has(k)) p.set(k, v);
        return runAsDouble(compiled.run(p));
      };
    }
    this.scorer = scorerOf(spec.heuristic, script);
  }
  private accepts(key: string | number): boolean {
    return this.filter.accepts(key);
  }
  /** The background: its size and each term's doc frequency, over live top-level docs. */
  override async prepare(segments: readonly SegmentReader[]): Promise<void> {
    await super.prepare(segments);
    for (const seg of segments) {
      if (this.text && this.vs.field) this.fielddata.set(seg, await uninvert(seg, this.vs.field.path));
      const bits = this.spec.backgroundFilter !== undefined ? await this.ctx.filterDocs(this.spec.backgroundFilter, seg) : undefined;
      const col = columnFor(this.vs, seg);
      const nested = (seg as Partial<{ nestedPath(d: number): string | undefined }>).nestedPath;
      for (let d = 0; d < seg.maxDoc; d++) {
        if (bits ? bits[d] !== 1 : !seg.isLive(d)) continue;
        if (nested && nested.call(seg, d) !== undefined) continue;
        this.supersetSize++;
        this.distinct(col, d, 0, (v) => this.bgFreq.set(v, (this.bgFreq.get(v) ?? 0) + 1));
      }
    }
  }
  private distinct(col: Column | ScriptColumn | undefined, doc: number, score: number, fn: (v: string | number) => void): void {
    let prev: string | number | undefined;
    forValues(col, this.vs, doc, (v) => {
      if (v === prev) return;
      prev = v;
      fn(v);
    }, score);
  }
  private ordOf(owner: number, key: string | number): number {
    let m = this.byOwner.get(owner);
    if (!m) this.byOwner.set(owner, (m = new Map()));
    let ord = m.get(key);
    if (ord === undefined) {
      ord = this.counts.length;
      this.counts.push(0);
      m.set(key, ord);
    }
    return ord;
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = columnFor(this.vs, seg);
    return (doc, owner, score) => {
      this.subsetSizes[owner] = (this.subsetSizes[owner] ?? 0) + 1;
      this.distinct(col, doc, score, (v) => {
        if (this.accepts(v)) this.collectBucket(doc, this.ordOf(owner, v), score);
      });
    };
  }
  /** `shard_size`: twice the terms default (BucketUtils.suggestShardSideQueueSize) unless given. */
  private shardSize(): number {
    const s = this.spec;
    if (s.shardSize !== undefined) return Math.max(s.shardSize, s.size);
    return 2 * (this.ctx.numShards === 1 ? s.size : Math.floor(s.size * 1.5 + 10));
  }
  build(owner: number): InternalAgg {
    const subsetSize = owner < 0 ? 0 : this.subsetSizes[owner] ?? 0;
    const scored: Array<Bucket & { ord: number }> = [];
    for (const [key, ord] of this.byOwner.get(owner) ?? []) {
      const docCount = this.counts[ord] ?? 0;
      if (docCount < this.spec.shardMinDocCount) continue;
      const bgCount = this.bgFreq.get(key) ?? 0;
      scored.push({ key, docCount, bgCount, score: this.scorer(docCount, subsetSize, bgCount, this.supersetSize), subs: [], ord });
    }
    scored.sort(byScore);
    const kept: Bucket[] = scored.slice(0, this.shardSize()).map(({ ord, ...b }) => ({ ...b, subs: this.subResults(ord) }));
    return { kind: 'significant_terms', spec: this.spec, valueType: this.vs.valueType, format: this.vs.format, subsetSize, supersetSize: this.supersetSize, buckets: kept };
  }
}

/** Best score first; equal scores by key (a stable order where ES's queue has none). */
function byScore(a: Bucket, b: Bucket): number {
  const d = (b.score ?? 0) - (a.score ?? 0);
  if (d !== 0 && !Number.isNaN(d)) return d;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Merge the shards' results: sizes and per-term counts summed (scores come in the final step).
 * @param merge the reduce's bucket merge (doc counts and sub-aggregations)
 */
export function reduceSignificant(parts: SigAgg[], merge: (list: Bucket[]) => Bucket): SigAgg {
  const a = parts.find((p) => p.buckets.length > 0 && p.valueType !== 'string') ?? parts.find((p) => p.buckets.length > 0) ?? (parts[0] as SigAgg);
  const groups = new Map<string | number, Bucket[]>();
  for (const p of parts) {
    for (const b of p.buckets) {
      const g = groups.get(b.key);
      if (g) g.push(b);
      else groups.set(b.key, [b]);
    }
  }
  return {
    ...a,
    subsetSize: parts.reduce((n, p) => n + p.subsetSize, 0),
    supersetSize: parts.reduce((n, p) => n + p.supersetSize, 0),
    buckets: [...groups.values()].map((g) => ({ ...merge(g), bgCount: g.reduce((n, b) => n + (b.bgCount ?? 0), 0) })),
  };
}

/** The final reduce: scores with the global sizes, `min_doc_count`, positive scores, `size` best. */
export function finishSignificant(a: SigAgg, env: PipelineEnv): void {
  const h = a.spec.heuristic;
  let script: ((p: Map<unknown, unknown>) => number) | undefined;
  if (h.script) {
    if (!env.scripts) throw new EsError('illegal_state_exception', 500, 'scripts are not available on this node');
    const ref = h.script;
    const { script: s } = env.scripts.compile(ref, 'aggs');
    script = (p) => {
      for (const [k, v] of toScript(ref.params ?? {}) as Map<unknown, unknown>) if (!p.has(k)) p.set(k, v);
      return runAsDouble(s.execute({ params: p }));
    };
  }
  const scorer = scorerOf(h, script);
  for (const b of a.buckets) b.score = scorer(b.docCount, a.subsetSize, b.bgCount ?? 0, a.supersetSize);
  a.buckets = a.buckets
    .filter((b) => (b.score ?? 0) > 0 && b.docCount >= a.spec.minDocCount)
    .sort(byScore)
    .slice(0, a.spec.size);
}
