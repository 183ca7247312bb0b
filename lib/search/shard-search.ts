/**
 * The query phase on one shard: run a compiled weight over every segment of a searcher, count
 * hits, keep the top `from + size` (by score or by sort values), honouring post_filter,
 * min_score, search_after, terminate_after and a deadline (timeout). Collection is paced
 * (pacer.ts): it hands the event loop back every few milliseconds and stops at the deadline,
 * keeping the hits found so far, as ES's `TimeLimitingCollector` does.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import { byScore, bySortValues, TopK, type ScoredDoc } from './top-docs.js';
import { compareSortValues, type CompiledSort, type SortValue } from './sort-values.js';
import type { Weight } from './weight.js';
import { MatchAllWeight } from './constant-weights.js';
import { Pacer } from './pacer.js';

export { Pacer };

export interface ShardQueryOptions {
  weight: Weight;
  /** Applied to hits (not to aggregations). */
  postFilter?: Weight;
  /** Number of top hits to keep (from + size). */
  topN: number;
  /** Field sorts; undefined = by score. */
  sorts?: readonly CompiledSort[];
  /** Compute scores when sorting by fields. */
  trackScores: boolean;
  minScore?: number;
  /** Sort values to search after (already converted to comparable values). */
  searchAfter?: SortValue[];
  terminateAfter?: number;
  /** The request's pacing and deadline (timeout); without one, collection only yields. */
  pacer?: Pacer;
  /** Called for every matching doc (before post_filter), e.g. aggregations. */
  onMatch?: (seg: number, doc: number, score: number) => void;
  /** Field collapsing: the group key of a doc; only the best hit per group is kept. */
  collapse?: (seg: SegmentReader) => (doc: number) => SortValue;
}

export interface ShardQueryResult {
  /** Group keys of `top` when collapsing (parallel array). */
  groups?: SortValue[];
  totalHits: number;
  /** Max score over all hits, NaN when none or not tracked. */
  maxScore: number;
  top: ScoredDoc[];
  terminatedEarly: boolean;
  timedOut: boolean;
}

interface NestedAware {
  nestedPath?(doc: number): string | undefined;
}

const nestedSegments = new WeakMap<SegmentReader, boolean>();

/** Whether a segment holds nested docs (computed once per segment). */
function segmentHasNested(seg: SegmentReader): boolean {
  let v = nestedSegments.get(seg);
  if (v === undefined) {
    const np = (seg as SegmentReader & NestedAware).nestedPath;
    v = false;
    if (typeof np === 'function') {
      for (let d = 0; d < seg.maxDoc; d++) {
        if (np.call(seg, d) !== undefined) {
          v = true;
          break;
        }
      }
    }
    nestedSegments.set(seg, v);
  }
  return v;
}

/** Run the query phase over the segments of one shard. */
export async function searchShard(segments: readonly SegmentReader[], o: ShardQueryOptions): Promise<ShardQueryResult> {
  const sorts = o.sorts;
  const needScores = !sorts || o.trackScores || sorts.some((s) => s.kind === 'score' || s.needsScores === true) || o.minScore !== undefined;
  const cmp = sorts ? bySortValues(sorts) : byScore;
  const top = new TopK(o.collapse ? 0 : o.topN, cmp);
  const bestByGroup = o.collapse ? new Map<SortValue, ScoredDoc>() : undefined;
  let total = 0;
  let maxScore = NaN;
  let terminated = false;
  let timedOut = false;
  let docBase = 0;
  const pacer = o.pacer ?? new Pacer();
  for (let si = 0; si < segments.length && !terminated; si++) {
    const seg = segments[si] as SegmentReader;
    const base = docBase;
    docBase += seg.maxDoc;
    if (pacer.deadline !== undefined && performance.now() > pacer.deadline) {
      timedOut = true;
      break;
    }
    const scorer = await o.weight.scorer(seg);
    if (!scorer) continue;
    const post = o.postFilter ? await o.postFilter.scorer(seg) : null;
    if (o.postFilter && !post) {
      // nothing passes the post filter in this segment, but aggregations still see matches
      if (!o.onMatch) continue;
    }
    const nested = (seg as SegmentReader & NestedAware).nestedPath;
    const hasNested = typeof nested === 'function' && segmentHasNested(seg);
    const allLive = seg.numDocs === seg.maxDoc;
    if (o.weight instanceof MatchAllWeight && !o.postFilter && o.minScore === undefined && !sorts && !o.terminateAfter && !o.onMatch && !o.collapse && !hasNested) {
      // match_all by score: every live doc scores the boost, so the first live docs win
      const score = scorer.score();
      total += seg.numDocs;
      if (!(score <= maxScore) && seg.numDocs > 0) maxScore = score;
      const paced = pacer.loop();
      let left = paced.budget;
      for (let d = 0, kept = top.size; d < seg.maxDoc && kept < o.topN; d++) {
        if (--left === 0 && (left = await paced.pause()) < 0) {
          // the hits are those kept so far, but every live doc matched
          timedOut = true;
          terminated = true;
          break;
        }
        if (!allLive && !seg.isLive(d)) continue;
        top.add({ shard: 0, seg: si, doc: d, globalDoc: base + d, score });
        kept++;
      }
      continue;
    }
    const sortFns = sorts ? sorts.map((s) => s.bind(seg, base)) : undefined;
    const scratch: SortValue[] = sortFns ? new Array<SortValue>(sortFns.length) : [];
    const groupOf = o.collapse ? o.collapse(seg) : undefined;
    // A scorer that met the deadline while it was built (the script query scans its segment up
    // front) holds exactly the docs matched in time: collect them all, then stop.
    const drain = pacer.timedOut;
    const paced = pacer.loop();
    let left = drain ? Infinity : paced.budget;
    let minCompetitive = top.worst()?.score ?? -Infinity;
    const full = (): boolean => top.size >= o.topN;
    let isFull = full();
    let d = scorer.nextDoc();
    // The pause sits outside the hot loop: an `await` inside it keeps V8 from optimising the
    // loop (measured: twice the time per doc).
    for (;;) {
      for (; d !== NO_MORE_DOCS; d = scorer.nextDoc()) {
        if (--left === 0) break;
        if (!allLive && !seg.isLive(d)) continue;
        if (hasNested && nested.call(seg, d) !== undefined) continue;
        const score = needScores ? scorer.score() : NaN;
        if (o.minScore !== undefined && !(score >= o.minScore)) continue;
        if (o.onMatch) o.onMatch(si, d, score);
        if (o.postFilter) {
          if (!post || !matches(post, d)) continue;
        }
        total++;
        if (needScores && !(score <= maxScore)) maxScore = score;
        if (bestByGroup && groupOf) {
          const hit: ScoredDoc = { shard: 0, seg: si, doc: d, globalDoc: base + d, score, ...(sortFns ? { sortValues: sortFns.map((fn) => fn(d, score)) } : {}) };
          const key = groupOf(d);
          const cur = bestByGroup.get(key);
          if (!cur || cmp(hit, cur) < 0) bestByGroup.set(key, hit);
        } else if (sortFns) {
          // Sort values into a scratch array first: most docs of a large result cannot enter a
          // full heap (a doc equal to the worst kept loses on its later doc number), so they cost
          // no allocation (Lucene's competitive check in its field comparators).
          for (let k = 0; k < sortFns.length; k++) scratch[k] = (sortFns[k] as (d: number, s: number) => SortValue)(d, score);
          if (o.searchAfter && !after(sorts as readonly CompiledSort[], scratch, o.searchAfter)) continue;
          const worst = top.worst();
          if (worst && o.topN > 0 && compareValues(sorts as readonly CompiledSort[], scratch, worst.sortValues as SortValue[]) >= 0) continue;
          const hit: ScoredDoc = { shard: 0, seg: si, doc: d, globalDoc: base + d, score, sortValues: scratch.slice() };
          top.add(hit);
        } else if (o.topN > 0 && (!isFull || score > minCompetitive)) {
          // equal scores keep the earlier doc, so only a strictly better score enters a full heap
          top.add({ shard: 0, seg: si, doc: d, globalDoc: base + d, score });
          isFull = full();
          if (isFull) minCompetitive = (top.worst() as ScoredDoc).score;
        }
        if (o.terminateAfter !== undefined && o.terminateAfter > 0 && total >= o.terminateAfter) {
          terminated = true;
          break;
        }
      }
      if (terminated || d === NO_MORE_DOCS) break;
      if ((left = await paced.pause()) < 0) {
        timedOut = true;
        terminated = true;
        break;
      }
    }
  }
  // a weight that scans documents itself (the script query) may have met the deadline
  if (pacer.timedOut) timedOut = true;
  if (bestByGroup) {
    const entries = [...bestByGroup].sort((a, b) => cmp(a[1], b[1])).slice(0, o.topN);
    return { totalHits: total, maxScore, top: entries.map((e) => e[1]), groups: entries.map((e) => e[0]), terminatedEarly: terminated && !timedOut, timedOut };
  }
  return { totalHits: total, maxScore, top: top.sorted(), terminatedEarly: terminated && !timedOut, timedOut };
}

function matches(s: Scorer, d: number): boolean {
  if (s.matches) return s.matches(d);
  let sd = s.docID();
  if (sd < d) sd = s.advance(d);
  return sd === d;
}

/** Compare two sort value tuples in the sort's order (no tie-break on doc). */
function compareValues(sorts: readonly CompiledSort[], a: SortValue[], b: SortValue[]): number {
  for (let i = 0; i < sorts.length; i++) {
    const c = compareSortValues(sorts[i] as CompiledSort, a[i] as SortValue, b[i] as SortValue);
    if (c !== 0) return c;
  }
  return 0;
}

/** Whether `values` sort strictly after `searchAfter`. */
function after(sorts: readonly CompiledSort[], values: SortValue[], searchAfter: SortValue[]): boolean {
  for (let i = 0; i < sorts.length; i++) {
    const c = compareSortValues(sorts[i] as CompiledSort, values[i] as SortValue, searchAfter[i] as SortValue);
    if (c !== 0) return c > 0;
  }
  return false;
}
