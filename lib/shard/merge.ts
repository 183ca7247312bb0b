/**
 * Background merges: a log-size policy (Lucene's LogDocMergePolicy: segments fall in levels by
 * powers of `SEGMENTS_PER_TIER` of their live doc count above `FLOOR_DOCS`; a level holding
 * `SEGMENTS_PER_TIER` segments has its `MAX_MERGE_AT_ONCE` smallest merged into one of the next
 * level; a segment with more than half its docs deleted is rewritten alone to reclaim them), the
 * merge itself (storage/segment-merger.ts, outside any lock, so writes and refreshes go on), and
 * the commit that swaps the merged segment in.
 *
 * `index.merge.policy.max_merged_segment` (ES 5.6, 5gb) caps what natural merges write, as
 * Lucene's TieredMergePolicy does with `maxMergedSegmentBytes`: a segment whose live bytes
 * (its size pro-rated to its live docs, Lucene's `MergePolicy#size`) reach half the cap is too
 * large to merge with another and drops out of the policy (until deletes shrink it), and a pick
 * takes its smallest segments only while their sum stays within the cap. Forced merges ignore it.
 *
 * The count stays bounded by about `SEGMENTS_PER_TIER - 1` per level (3 levels at 1M docs from
 * 1000-doc refreshes) and each document is rewritten once per level. The policy before (merge
 * the smallest segments past ten in total) was not bounded: it kept merging the newest small
 * segments, the mid-size results were never merged with each other, and a 1M-doc load stood at
 * 106 segments at 476k docs (issue 14).
 */
import { encodeLiveDocs } from '../../storage/codecs/live-docs.js';
import { liveDocsKey, metaKey } from '../../storage/keyspace.js';
import { mergeSegments } from '../../storage/segment-merger.js';
import type { StoreOp } from '../../storage/shard-store.js';
import type { ShardContext } from './context.js';
import { ID_INDEX_SLICE_MS, IdIndex } from './id-index.js';
import { commitValue } from './refresh.js';
import { SegmentState } from './segment-state.js';
import { dropSegmentData, publish } from './views.js';

export const SEGMENTS_PER_TIER = 10;
export const MAX_MERGE_AT_ONCE = 10;
/** Segments below this many live docs are all of the lowest level (Lucene's `minMergeDocs`). */
export const FLOOR_DOCS = 1000;
/**
 * Merges running at once (each is background work sliced between event-loop turns): a long
 * merge of large segments does not hold back the merges of the small ones the refreshes keep
 * adding (Lucene's ConcurrentMergeScheduler runs merges of different sizes side by side too).
 */
export const MAX_CONCURRENT_MERGES = 2;

/**
 * Merges wanted (running or not yet started) past which indexing waits for them: Lucene's
 * ConcurrentMergeScheduler stalls incoming writes when more merges are due than `maxMergeCount`
 * (ES 5.6 `index.merge.scheduler.max_merge_count`, default max_thread_count + 5). A single
 * thread indexes and merges here, so without the stall a write rate the merges cannot follow
 * piles up small segments without bound (a 1M-doc load at load average 25 stood at 268 segments
 * at 800k docs, and its RSS grew with them).
 */
export const MAX_MERGE_COUNT = MAX_CONCURRENT_MERGES + 5;

/** ES 5.6 `index.merge.policy.max_merged_segment`'s default, 5gb. */
export const DEFAULT_MAX_MERGED_SEGMENT_BYTES = 5 * 1024 * 1024 * 1024;

/** A segment's bytes pro-rated to its live docs (Lucene `MergePolicy#size`). */
export function liveBytes(s: SegmentState): number {
  return s.maxDoc > 0 ? (s.sizeInBytes * s.numDocs) / s.maxDoc : 0;
}

/** A segment's level: 0 below `FLOOR_DOCS * SEGMENTS_PER_TIER` live docs, then one per power. */
export function mergeLevel(s: SegmentState): number {
  return Math.floor(Math.log(Math.max(s.numDocs, FLOOR_DOCS) / FLOOR_DOCS) / Math.log(SEGMENTS_PER_TIER));
}

/**
 * Segments to merge next (none of them merging already), or null when the shape is fine.
 * `maxMergedBytes`: `index.merge.policy.max_merged_segment` in bytes.
 */
export function pickMerge(segments: readonly SegmentState[], maxMergedBytes = DEFAULT_MAX_MERGED_SEGMENT_BYTES): SegmentState[] | null {
  const candidates = segments.filter((s) => !s.merging && !s.dropped && s.core);
  // Half the cap or more: no merge with another segment could stay within it.
  const eligible = candidates.filter((s) => liveBytes(s) < maxMergedBytes / 2);
  const levels = new Map<number, SegmentState[]>();
  for (const s of eligible) {
    const l = mergeLevel(s);
    const list = levels.get(l);
    if (list) list.push(s);
    else levels.set(l, [s]);
  }
  for (const l of [...levels.keys()].sort((a, b) => a - b)) {
    const list = levels.get(l)!;
    if (list.length < SEGMENTS_PER_TIER) continue;
    const picked: SegmentState[] = [];
    let bytes = 0;
    for (const s of list.sort((a, b) => a.numDocs - b.numDocs || a.id - b.id)) {
      if (picked.length === MAX_MERGE_AT_ONCE) break;
      // Skip what would take the merged segment past the cap; a smaller one may still fit.
      if (bytes + liveBytes(s) > maxMergedBytes) continue;
      picked.push(s);
      bytes += liveBytes(s);
    }
    // Every eligible segment is under half the cap, so at least two always fit.
    if (picked.length > 1) return picked;
  }
  // Rewriting a segment alone writes its live bytes: within the cap unless it was over already.
  const wasteful = candidates.find((s) => s.delCount * 2 > s.maxDoc && liveBytes(s) <= maxMergedBytes);
  return wasteful ? [wasteful] : null;
}

/**
 * How many merges the policy wants that have not started: per level, one for each
 * `SEGMENTS_PER_TIER` segments not merging (what repeated {@link pickMerge} calls would find).
 */
export function pendingMerges(segments: readonly SegmentState[], maxMergedBytes = DEFAULT_MAX_MERGED_SEGMENT_BYTES): number {
  const perLevel = new Map<number, number>();
  for (const s of segments) {
    if (s.merging || s.dropped || !s.core || liveBytes(s) >= maxMergedBytes / 2) continue;
    const l = mergeLevel(s);
    perLevel.set(l, (perLevel.get(l) ?? 0) + 1);
  }
  let n = 0;
  for (const count of perLevel.values()) n += Math.floor(count / SEGMENTS_PER_TIER);
  return n;
}

/** Pick for a force merge down to `maxSegments` (or only segments with deletes). */
export function pickForceMerge(segments: readonly SegmentState[], maxSegments: number, onlyExpungeDeletes: boolean): SegmentState[] | null {
  const eligible = segments.filter((s) => !s.merging && !s.dropped && s.core);
  if (onlyExpungeDeletes) {
    const withDeletes = eligible.filter((s) => s.delCount > 0);
    return withDeletes.length > 0 ? withDeletes : null;
  }
  if (eligible.length > maxSegments) {
    const bySize = [...eligible].sort((a, b) => a.numDocs - b.numDocs || a.id - b.id);
    return bySize.slice(0, eligible.length - maxSegments + 1);
  }
  if (eligible.length === 1 && eligible[0]!.delCount > 0) return [eligible[0]!];
  return null;
}

/** Merge `sources` into one new segment and commit it. */
export async function runMerge(ctx: ShardContext, sources: SegmentState[]): Promise<void> {
  const started = Date.now();
  for (const s of sources) s.merging = true;
  // ES's OneMerge totals: the sources' maxDoc (deleted documents included) and bytes
  const docs = sources.reduce((n, s) => n + (s.core?.info.maxDoc ?? 0), 0);
  const bytes = sources.reduce((n, s) => n + s.sizeInBytes, 0);
  const c = ctx.counters;
  c.mergeCurrent++;
  c.mergeCurrentDocs += docs;
  c.mergeCurrentSizeInBytes += bytes;
  try {
    // Snapshot the published live docs; deletes arriving meanwhile are carried over at commit.
    const snaps = sources.map((s) => ({ core: s.core!, live: s.live }));
    const newId = ctx.nextSegmentId++;
    const { core, docMaps } = await mergeSegments(ctx.db, snaps, newId, () => ctx.closing);
    const idIndex = await IdIndex.buildInSlices(core.docIds, ID_INDEX_SLICE_MS);
    await ctx.segMutex.run(async () => {
      if (ctx.closing) throw new Error('merge aborted');
      const merged = new SegmentState(newId, null);
      merged.core = core;
      merged.useIdIndex(idIndex);
      const deadRoots: number[] = [];
      sources.forEach((s, i) => {
        const map = docMaps[i]!;
        const ids = s.core!.docIds;
        for (let d = 0; d < map.length; d++) {
          const nd = map[d] as number;
          if (nd < 0 || (ids.pathOrd[d] as number) >= 0) continue;
          if (!s.isLive(d)) deadRoots.push(nd);
        }
        for (const d of s.pending) {
          const nd = map[d] as number;
          if (nd >= 0) merged.pending.push(nd);
        }
        s.pending = [];
        s.movedTo = { seg: merged, docMap: map };
      });
      ctx.versions.repoint(sources, merged, docMaps);
      const batch: StoreOp[] = [];
      if (deadRoots.length > 0) {
        const { live, delCount } = merged.withDeletes(deadRoots);
        merged.live = live;
        merged.delCount = delCount;
        batch.push({ type: 'put', key: liveDocsKey(newId), value: encodeLiveDocs({ maxDoc: core.info.maxDoc, delCount, bits: live }) });
      }
      const first = ctx.segments.findIndex((s) => sources.includes(s));
      const next = ctx.segments.filter((s) => !sources.includes(s));
      if (merged.numDocs > 0) next.splice(Math.max(0, first), 0, merged);
      else merged.dropped = true;
      batch.push({ type: 'put', key: metaKey('commit'), value: commitValue(ctx, next, ctx.checkpoint) });
      await ctx.db.write(batch, { sync: true });
      for (const s of sources) s.dropped = true;
      ctx.segments = next;
      publish(ctx);
      if (merged.dropped) dropSegmentData(ctx, merged);
    });
  } finally {
    // counted whether or not the merge completed, as ES's merge scheduler counts in its `finally`
    c.mergeCurrent--;
    c.mergeCurrentDocs -= docs;
    c.mergeCurrentSizeInBytes -= bytes;
    c.mergeTotal++;
    c.mergeDocs += docs;
    c.mergeSizeInBytes += bytes;
    c.mergeTimeInMillis += Date.now() - started;
    for (const s of sources) {
      s.merging = false;
      s.movedTo = null;
    }
  }
}
