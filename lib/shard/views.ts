/**
 * Publication of point-in-time views. A refresh or merge builds the next list of segment
 * readers and swaps it in; searchers acquire the current view and release it. A segment
 * removed by a merge keeps its keys until the last view holding it is released, then its key
 * range is cleared.
 */
import { segmentRange } from '../../storage/keyspace.js';
import { View, type ShardContext } from './context.js';
import type { StrataSearcher } from './segment-reader.js';
import { SegmentReaderImpl } from './segment-reader-impl.js';
import type { SegmentState } from './segment-state.js';

/** Publish `ctx.segments` with their current live docs as the new searchable view. */
export function publish(ctx: ShardContext): void {
  const old = ctx.view;
  const prev = new Map(old.readers.map((r) => [r.state, r]));
  const readers = ctx.segments.map((s) => {
    const r = prev.get(s);
    // Readers are immutable snapshots: reuse one only if its live docs did not change.
    if (r && r.numDocs === s.numDocs) return r;
    return new SegmentReaderImpl(s, s.live, s.delCount, ctx.db, ctx.caches);
  });
  // a replaced reader (merged away, or with other live docs) is never looked up again: its
  // cached doc sets leave the node's budget now rather than when they age out (its segment's
  // stored documents stay while the segment does: dropSegmentData)
  const { query } = ctx.caches;
  if (query) {
    const kept = new Set(readers);
    for (const r of old.readers) if (!kept.has(r)) query.cache.clearSegment(r);
  }
  ctx.view = new View(readers);
  releaseView(ctx, old);
}

/** A searcher over the current view; must be released. */
export function acquireSearcher(ctx: ShardContext): StrataSearcher {
  const view = ctx.view;
  view.refs++;
  let released = false;
  return {
    segments: view.readers,
    release: () => {
      if (released) return;
      released = true;
      releaseView(ctx, view);
    },
  };
}

export function releaseView(ctx: ShardContext, view: View): void {
  if (--view.refs > 0) return;
  for (const r of view.readers) releaseSegment(ctx, r.state);
}

/** Drop one reference to a segment; clear its keys once it is dropped and unreferenced. */
export function releaseSegment(ctx: ShardContext, s: SegmentState): void {
  if (--s.refs > 0 || !s.dropped) return;
  dropSegmentData(ctx, s);
}

export function dropSegmentData(ctx: ShardContext, s: SegmentState): void {
  ctx.caches.postings.clearSegment(s);
  ctx.caches.storedDocs?.clearSegment(s);
  if (!ctx.db.isOpen) return; // reopening cleans orphans
  const range = segmentRange(s.id);
  ctx.deadRanges.push(range);
  ctx.db.clear(range).catch((err: unknown) => ctx.logger?.warn({ err }, `failed to clear merged segment ${s.name}`));
}
