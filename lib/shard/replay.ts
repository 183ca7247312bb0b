/**
 * Op-log replay at shard open, under the same indexing buffer bounds as live writes.
 *
 * Replay re-applies every operation above the last commit point to the indexing buffer. Before
 * this, it filled the buffer with all of them (up to `index.translog.flush_threshold_size`,
 * 512mb of op log) whatever `indices.memory.index_buffer_size` said, and a node opening many
 * shards at once held every replayed buffer together. ES 5.6 counts a RECOVERING shard's buffer
 * in `IndexingMemoryController` like a started one's: here the opening shard is tracked by the
 * node's controller while it replays, the controller is asked after every operation, and when it
 * picks this shard (the largest buffer goes first) the replay waits for the buffer to be written
 * as a segment (a refresh, as a write over the budget would cause) before going on. Without a
 * node controller the engine's own bound applies (`bufferBytes`, 64 MiB).
 *
 * Writing segments during replay is as safe as a refresh after a write: the op log keeps every
 * record until a flush, so a crash in the middle replays the same operations again.
 */
import type { ParsedDocument } from '../mapping/parsed-document.js';
import type { LoggedSource, OpLogEntry } from '../../storage/codecs/op-log.js';
import type { OpLogV2Entry } from '../../storage/codecs/op-log-v2.js';
import type { ShardContext } from './context.js';
import { refreshLocked } from './refresh.js';
import type { BufferedShard, IndexingMemory } from './types.js';
import { applyDelete, applyIndex } from './write-path.js';

/** The bounds replay respects, as the engine's options give them. */
export interface ReplayBounds {
  /** The node's controller (`indices.memory.index_buffer_size`), when the node has one. */
  indexingMemory?: IndexingMemory;
  /** The engine's own buffer bound without a node controller. */
  bufferBytes: number;
}

/**
 * Apply `replay` (in seq-no order) to the shard's buffer; returns how many buffers were written
 * as segments on the way. `reparse` turns a logged source back into a document.
 */
export async function replayOperations(
  ctx: ShardContext,
  replay: ReadonlyArray<OpLogEntry | OpLogV2Entry>,
  reparse: (doc: LoggedSource, seqNo: number) => ParsedDocument,
  bounds: ReplayBounds,
): Promise<number> {
  let writes = 0;
  // One buffer write at a time; a holder, so the loop below sees what the callbacks set.
  const state: { writing: Promise<void> | null } = { writing: null };
  const write = (): Promise<void> => {
    if (state.writing === null) {
      writes++;
      state.writing = ctx.segMutex
        .run(() => refreshLocked(ctx))
        .finally(() => {
          state.writing = null;
        });
    }
    return state.writing;
  };
  const opening: BufferedShard = {
    indexBufferBytes: () => ctx.buffer.builder?.ramBytes ?? 0,
    writeIndexingBuffer: write,
  };
  const untrack = bounds.indexingMemory?.track(opening);
  // A refresh takes everything up to `nextSeqNo - 1` as being in segments and commits that
  // checkpoint: while replaying, that is the last operation applied, not the last one logged.
  const end = ctx.nextSeqNo;
  try {
    for (const op of replay) {
      ctx.nextSeqNo = op.seqNo + 1;
      if (op.op === 'delete') applyDelete(ctx, op.type, op.id, op.version, op.seqNo);
      else applyIndex(ctx, 'parsed' in op ? op.parsed : reparse(op.doc, op.seqNo), op.version, op.seqNo);
      if (bounds.indexingMemory) bounds.indexingMemory.afterWrite();
      else if (opening.indexBufferBytes() > bounds.bufferBytes) void write();
      // The controller picked this shard (another one being written: go on meanwhile). After
      // the write, one turn lets the controller see it done; until then it skips this shard.
      if (state.writing) {
        await state.writing;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    untrack?.();
    // picked by another shard's write after the last operation: let that write finish first
    while (state.writing) await state.writing.catch(() => undefined);
    ctx.nextSeqNo = end;
  }
  return writes;
}
