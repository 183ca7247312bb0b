/**
 * The order of search hits, shared by both sides of the shard boundary: a shard keeps its top
 * hits in this order and the coordinator merges the shards' hits in the same order (ES breaks
 * ties by shard index, then by doc). Pure: hits are plain data, a sort is described by how its
 * values compare (`reverse`, `missingFirst`), not by the compiled sort that produced them.
 */

/** A sort value as collected: a number, a string, or null for a missing string value. */
export type SortValue = number | string | null;

/** How the values of one sort criterion compare. */
export interface SortOrderKey {
  readonly reverse: boolean;
  /** Missing (null) string values sort first whatever the order. */
  readonly missingFirst?: boolean;
}

/** A hit as the query phase finds it. */
export interface ScoredDoc {
  /** Shard index in the request (set by the coordinator). */
  shard: number;
  /** Segment ordinal in the shard's searcher. */
  seg: number;
  /** Segment-local doc. */
  doc: number;
  /** Shard-global doc (segment base + doc): the tie breaker. */
  globalDoc: number;
  score: number;
  sortValues?: SortValue[];
}

/** Total order of hits: negative when `a` ranks before `b`. */
export type HitComparator = (a: ScoredDoc, b: ScoredDoc) => number;

/** By score (desc), then shard, then doc. */
export const byScore: HitComparator = (a, b) => {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  if (a.shard !== b.shard) return a.shard - b.shard;
  return a.globalDoc - b.globalDoc;
};

/** Compare two values of one sort criterion in its final order (reverse applied; nulls per `missingFirst`). */
export function compareSortValues(s: SortOrderKey, a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return s.missingFirst ? -1 : 1;
  if (b === null) return s.missingFirst ? 1 : -1;
  const c = a < b ? -1 : a > b ? 1 : 0;
  return s.reverse ? -c : c;
}

/** By sort values, then shard, then doc. */
export function bySortValues(sorts: readonly SortOrderKey[]): HitComparator {
  return (a, b) => {
    const av = a.sortValues as SortValue[];
    const bv = b.sortValues as SortValue[];
    for (let i = 0; i < sorts.length; i++) {
      const c = compareSortValues(sorts[i] as SortOrderKey, av[i] as SortValue, bv[i] as SortValue);
      if (c !== 0) return c;
    }
    if (a.shard !== b.shard) return a.shard - b.shard;
    return a.globalDoc - b.globalDoc;
  };
}
