/**
 * The write path: version checks, seq no assignment, op-log entries and tombstones for the
 * synced batch, and application to the version map and indexing buffer. Everything up to the
 * batch submission is synchronous, so operations are applied in exactly the order they are
 * checked — the engine needs no lock for writes (the event loop serialises them), and the
 * group committer makes them durable before any result is returned.
 */
import type { ParsedDocument } from '../mapping/parsed-document.js';
import { toEsError, versionConflict } from '../errors/errors.js';
import { OpLogRecordWriter } from '../../storage/codecs/op-log.js';
import { encodeVersionEntry } from '../../storage/codecs/version-entry.js';
import { opLogKey, versionKey } from '../../storage/keyspace.js';
import type { ShardContext } from './context.js';
import type { BatchOp } from './group-commit.js';
import type { BulkItemOutcome, ShardOperation } from './types.js';
import type { VersionEntry } from './version-map.js';
import { planWrite } from './versioning.js';

/**
 * Put an index operation into the buffer and version map (no checks; also used by replay).
 * `found`: what `ctx.versions.get` answered for the id in this tick, when the caller looked.
 */
export function applyIndex(ctx: ShardContext, doc: ParsedDocument, version: number, seqNo: number, found?: VersionEntry | null): void {
  const e = ctx.versions.upsert(doc.type, doc.id, found);
  markOldCopyDeleted(e);
  const builder = ctx.buffer.builder;
  if (!builder) throw new Error('indexing buffer is sealed');
  e.doc = builder.add(doc, version, seqNo);
  e.seg = ctx.buffer;
  e.version = version;
  e.seqNo = seqNo;
  e.deleted = false;
}

/** Apply a delete to the version map (no checks; also used by replay). `found` as for `applyIndex`. */
export function applyDelete(ctx: ShardContext, type: string, id: string, version: number, seqNo: number, found?: VersionEntry | null): void {
  const e = ctx.versions.upsert(type, id, found);
  markOldCopyDeleted(e);
  e.seg = null;
  e.doc = -1;
  e.version = version;
  e.seqNo = seqNo;
  e.deleted = true;
}

function markOldCopyDeleted(e: VersionEntry): void {
  // The old copy stays visible to search until the next refresh applies this delete.
  if (!e.deleted && e.seg) e.seg.pending.push(e.doc);
}

export function current(e: VersionEntry | null | undefined): VersionEntry | undefined {
  return e && e.version >= 0 ? e : undefined;
}

/**
 * Check, apply and make durable one bulk of operations; per-op outcomes in order. `onRecord`
 * receives the op-log record written (synchronously, in seq-no order across bulks): a primary
 * with replicas sends the records on (lib/cluster/replication/).
 *
 * Not `async`: everything but the wait for the fsync runs now, and the promise returned holds
 * only the outcomes. The parsed documents (all their tokens) become garbage before the group
 * commit is awaited, so they die young instead of surviving into the old generation while
 * the fsync is in flight (an async function's frame would keep `ops` alive across its await).
 */
export function writeBulk(ctx: ShardContext, ops: readonly ShardOperation[], onRecord?: (record: Buffer) => void): Promise<BulkItemOutcome[]> {
  const started = Date.now();
  let applied: ReturnType<typeof applyBulkNow>;
  try {
    applied = applyBulkNow(ctx, ops, onRecord);
  } catch (err) {
    // a rejection, as an async function's: the caller settles its other chunks before failing
    return Promise.reject(err);
  }
  const { results, durable, indexed, deleted } = applied;
  const done = (): BulkItemOutcome[] => {
    ctx.counters.indexTotal += indexed;
    ctx.counters.deleteTotal += deleted;
    ctx.counters.indexTimeInMillis += Date.now() - started;
    return results;
  };
  return durable ? durable.then(done) : Promise.resolve(done());
}

/** The synchronous part of `writeBulk`: checks, seq nos, the buffer, and the batch submitted. */
function applyBulkNow(
  ctx: ShardContext,
  ops: readonly ShardOperation[],
  onRecord: ((record: Buffer) => void) | undefined,
): { results: BulkItemOutcome[]; durable: Promise<void> | null; indexed: number; deleted: number } {
  const results: BulkItemOutcome[] = [];
  const batch: BatchOp[] = [];
  const log = new OpLogRecordWriter();
  let firstSeqNo = -1;
  let maxSeqNo = -1;
  let indexed = 0;
  let deleted = 0;
  for (const op of ops) {
    try {
      if (op.op === 'index') {
        const { doc } = op;
        const found = ctx.versions.get(doc.type, doc.id) ?? null;
        const cur = current(found);
        const plan = planWrite(cur, op.version, op.versionType ?? 'internal', op.opType === 'create');
        if (!plan.ok) {
          results.push({ error: versionConflict(doc.type, doc.id, ctx.index, ctx.shardId, ctx.indexUuid, plan.reason) });
          continue;
        }
        const seqNo = ctx.nextSeqNo++;
        if (firstSeqNo < 0) firstSeqNo = seqNo;
        maxSeqNo = seqNo;
        log.index(doc, plan.version, seqNo);
        if (cur?.deleted) batch.push({ type: 'del', key: versionKey(doc.type, doc.id) });
        applyIndex(ctx, doc, plan.version, seqNo, found);
        indexed++;
        results.push({ ok: { result: plan.wasDeleted ? 'created' : 'updated', version: plan.version, seqNo } });
      } else {
        const found = ctx.versions.get(op.type, op.id) ?? null;
        const cur = current(found);
        const plan = planWrite(cur, op.version, op.versionType ?? 'internal', false);
        if (!plan.ok) {
          results.push({ error: versionConflict(op.type, op.id, ctx.index, ctx.shardId, ctx.indexUuid, plan.reason) });
          continue;
        }
        const seqNo = ctx.nextSeqNo++;
        if (firstSeqNo < 0) firstSeqNo = seqNo;
        maxSeqNo = seqNo;
        log.delete(op.type, op.id, plan.version, seqNo);
        batch.push({ type: 'put', key: versionKey(op.type, op.id), value: encodeVersionEntry({ version: plan.version, seqNo, deleted: true }) });
        applyDelete(ctx, op.type, op.id, plan.version, seqNo, found);
        deleted++;
        results.push({ ok: { result: plan.wasDeleted ? 'not_found' : 'deleted', version: plan.version, seqNo } });
      }
    } catch (err) {
      results.push({ error: toEsError(err) });
    }
  }
  if (log.count > 0) {
    // One op-log record per bulk, keyed by its first seq no: a refresh never splits a bulk
    // (seq nos are assigned synchronously), so a record is wholly below or above a checkpoint.
    const record = log.finish();
    onRecord?.(record);
    batch.push({ type: 'put', key: opLogKey(firstSeqNo), value: record });
    ctx.opLog.add(maxSeqNo, log.count, record.length);
    return { results, durable: ctx.committer.submit(batch, maxSeqNo), indexed, deleted };
  }
  return { results, durable: null, indexed, deleted };
}
