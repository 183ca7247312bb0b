/**
 * The query rescorer (ES 5.6 `QueryRescorer` over Lucene's `QueryRescorer`), run by a shard's
 * query phase on its top hits: the best `window_size` hits are scored by the rescore query too
 * and combined (`score_mode` of first pass × `query_weight` and rescore × `rescore_query_weight`;
 * a hit the rescore query misses keeps first pass × `query_weight`), re-sorted by score then
 * doc; hits below the window are scaled by `query_weight` and everything is re-sorted, as ES
 * splices them back. Rescorers apply in order. The explanation wraps the first pass's the same
 * way ES's `QueryRescorer.explain` does (an unmatched rescore query leaves it unscaled, as in ES).
 */
import type { RescoreMode, RescoreSpec } from '../dsl/rescore.js';
import type { ScoredDoc } from '../messages/hit-order.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { compileQuery } from './compile-query.js';
import type { CompileContext } from './compile-context.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import type { Weight } from './weight.js';

/** A rescorer compiled for one shard. */
export interface CompiledRescorer {
  spec: RescoreSpec;
  weight: Weight;
}

/** Compile the rescore queries of a request on a shard. */
export async function compileRescorers(ctx: CompileContext, specs: readonly RescoreSpec[], segments: readonly SegmentReader[]): Promise<CompiledRescorer[]> {
  return Promise.all(specs.map(async (spec) => ({ spec, weight: await compileQuery(ctx, spec.query, { boost: 1, filter: false, segments }) })));
}

function combine(mode: RescoreMode, a: number, b: number): number {
  switch (mode) {
    case 'total':
      return Math.fround(a + b);
    case 'multiply':
      return Math.fround(a * b);
    case 'avg':
      return Math.fround(Math.fround(a + b) / 2);
    case 'max':
      return Math.max(a, b);
    default:
      return Math.min(a, b);
  }
}

const byScoreThenDoc = (a: ScoredDoc, b: ScoredDoc): number => (a.score !== b.score ? (a.score > b.score ? -1 : 1) : a.globalDoc - b.globalDoc);

async function rescoreOnce(segments: readonly SegmentReader[], hits: ScoredDoc[], r: CompiledRescorer): Promise<ScoredDoc[]> {
  const { spec } = r;
  const window = hits.slice(0, spec.windowSize);
  const rest = hits.slice(spec.windowSize);
  const bySeg = new Map<number, ScoredDoc[]>();
  for (const h of window) {
    let l = bySeg.get(h.seg);
    if (!l) bySeg.set(h.seg, (l = []));
    l.push(h);
  }
  const rescored: ScoredDoc[] = [];
  for (const [si, list] of bySeg) {
    list.sort((a, b) => a.doc - b.doc);
    const seg = segments[si] as SegmentReader;
    const scorer = await r.weight.scorer(seg);
    for (const h of list) {
      const first = Math.fround(h.score * spec.queryWeight);
      let matched = false;
      let second = 0;
      if (scorer) {
        const d = scorer.docID() < h.doc ? scorer.advance(h.doc) : scorer.docID();
        if (d === h.doc) {
          matched = true;
          second = Math.fround(scorer.score() * spec.rescoreQueryWeight);
        }
      }
      rescored.push({ ...h, score: matched ? combine(spec.scoreMode, first, second) : first });
    }
  }
  rescored.sort(byScoreThenDoc);
  if (rest.length === 0) return rescored;
  const scaled = rest.map((h) => ({ ...h, score: Math.fround(h.score * spec.queryWeight) }));
  return [...rescored, ...scaled].sort(byScoreThenDoc);
}

/** Apply the rescorers in order to a shard's top hits (best first); returns the new order. */
export async function rescoreTop(segments: readonly SegmentReader[], hits: readonly ScoredDoc[], rescorers: readonly CompiledRescorer[]): Promise<ScoredDoc[]> {
  let out = [...hits];
  for (const r of rescorers) out = await rescoreOnce(segments, out, r);
  return out;
}

/** The first pass's weight, explaining as rescored (ES `FetchPhase` + `QueryRescorer.explain`). */
export class RescoredWeight implements Weight {
  readonly description: string;
  constructor(
    private readonly inner: Weight,
    private readonly rescorers: readonly CompiledRescorer[],
  ) {
    this.description = inner.description;
  }

  /** The first pass's own weight (what the query phase collects with). */
  get first(): Weight {
    return this.inner;
  }

  scorer(seg: SegmentReader): ReturnType<Weight['scorer']> {
    return this.inner.scorer(seg);
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    let e = await this.inner.explain(seg, doc);
    for (const { spec, weight } of this.rescorers) {
      const prim = e.match ? e : explNoMatch('First pass did not match', [e]);
      const re = await weight.explain(seg, doc);
      if (!re.match) {
        e = prim;
        continue;
      }
      const p = explMatch(Math.fround(prim.value * spec.queryWeight), 'product of:', [prim, explMatch(spec.queryWeight, 'primaryWeight')]);
      const s = explMatch(Math.fround(re.value * spec.rescoreQueryWeight), 'product of:', [re, explMatch(spec.rescoreQueryWeight, 'secondaryWeight')]);
      e = explMatch(combine(spec.scoreMode, p.value, s.value), `${spec.scoreMode} of:`, [p, s]);
    }
    return e;
  }
}
