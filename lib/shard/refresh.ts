/**
 * Refresh: freeze the indexing buffer into an immutable segment and apply buffered deletes,
 * in ONE LevelDB batch together with the new commit point, then publish the new view.
 * Like Lucene's NRT reopen: searchers see nothing of the buffer before, everything after.
 *
 * Must run under `ctx.segMutex`. The freeze (buffer swap, pending-delete snapshot,
 * checkpoint) is synchronous, so it covers exactly the operations with seq no <= checkpoint.
 */
import { encodeLiveDocs } from '../../storage/codecs/live-docs.js';
import { liveDocsKey, metaKey } from '../../storage/keyspace.js';
import { SegmentBuilder } from '../../storage/segment-builder.js';
import { sealSegment } from '../../storage/segment-writer.js';
import type { StoreOp } from '../../storage/shard-store.js';
import type { ShardCommit, ShardContext } from './context.js';
import { SegmentState } from './segment-state.js';
import { dropSegmentData, publish } from './views.js';

/** Whether anything was written since the last refresh. */
export function isDirty(ctx: ShardContext): boolean {
  return ctx.nextSeqNo - 1 > ctx.checkpoint;
}

export function commitValue(ctx: ShardContext, segments: SegmentState[], checkpoint: number): Buffer {
  const c: ShardCommit = { segments: segments.map((s) => s.id), checkpoint, nextSegmentId: ctx.nextSegmentId };
  return Buffer.from(JSON.stringify(c));
}

export async function refreshLocked(ctx: ShardContext): Promise<void> {
  if (!isDirty(ctx)) return;
  const started = Date.now();
  const frozen = ctx.buffer;
  const checkpoint = ctx.nextSeqNo - 1;
  const hasDocs = frozen.maxDoc > 0;
  if (hasDocs) ctx.buffer = new SegmentState(ctx.nextSegmentId++, new SegmentBuilder());
  const deletes: Array<[SegmentState, number[]]> = [];
  for (const s of [...ctx.segments, frozen]) {
    if (s.pending.length === 0) continue;
    deletes.push([s, s.pending]);
    s.pending = [];
  }
  // Never let a segment hold operations that are not yet durable in the op log.
  await ctx.committer.whenDurable(checkpoint);

  const batch: StoreOp[] = [];
  const core = hasDocs ? sealSegment(frozen.builder!, frozen.id, (key, value) => batch.push({ type: 'put', key, value })) : null;
  if (core) frozen.core = core;
  const newLive: Array<[SegmentState, Uint8Array, number]> = [];
  for (const [s, dels] of deletes) {
    if (s === frozen && !hasDocs) continue;
    const { live, delCount } = s.withDeletes(dels);
    newLive.push([s, live, delCount]);
    batch.push({ type: 'put', key: liveDocsKey(s.id), value: encodeLiveDocs({ maxDoc: s.maxDoc, delCount, bits: live }) });
  }
  for (const [s, live, delCount] of newLive) {
    s.live = live;
    s.delCount = delCount;
  }
  // Segments whose every document is deleted are dropped at once, as Lucene drops them.
  const kept: SegmentState[] = [];
  const gone: SegmentState[] = [];
  for (const s of hasDocs ? [...ctx.segments, frozen] : ctx.segments) {
    if (s.numDocs === 0 && !s.merging) gone.push(s);
    else kept.push(s);
  }
  batch.push({ type: 'put', key: metaKey('commit'), value: commitValue(ctx, kept, checkpoint) });
  // Marked before the write: a merge picked while it is awaited must not take a segment this
  // commit drops (its keys are cleared as soon as no reader holds it).
  for (const s of gone) s.dropped = true;
  try {
    await ctx.db.write(batch);
  } catch (err) {
    for (const s of gone) s.dropped = false;
    throw err;
  }

  if (hasDocs) {
    frozen.builder!.recycle();
    frozen.builder = null;
  }
  ctx.segments = kept;
  ctx.checkpoint = checkpoint;
  publish(ctx);
  // The sealed copies are live and published: the segment answers for their ids now.
  if (hasDocs && !frozen.dropped) ctx.versions.pruneSealed(frozen);
  for (const s of gone) if (s.refs === 0) dropSegmentData(ctx, s);
  ctx.counters.refreshTotal++;
  ctx.counters.refreshTimeInMillis += Date.now() - started;
}
