/**
 * The write path of a replica copy (ES 5.6 `IndexShard#applyIndexOperationOnReplica`): it
 * applies the primary's op-log records as the primary decided them — same seq nos, same
 * versions, no version checks — writes the same record to its own op log and makes it durable
 * before answering. Records must arrive in seq-no order with no gap (the primary sends one
 * shard's records in order, lib/cluster/replication/primary-replication.ts); a record that does
 * not continue this copy's history (a gap, or an overlap after a failover) is refused, and the
 * primary then fails this copy, which recovers afresh.
 */
import { decodeOpLogRecord, type LoggedSource } from '../../storage/codecs/op-log.js';
import { encodeVersionEntry } from '../../storage/codecs/version-entry.js';
import { opLogKey, versionKey } from '../../storage/keyspace.js';
import { EsError } from '../errors/es-error.js';
import type { ParsedDocument } from '../mapping/parsed-document.js';
import type { ShardContext } from './context.js';
import type { BatchOp } from './group-commit.js';
import { applyDelete, applyIndex, current } from './write-path.js';

/** Apply one op-log record from the primary; resolves once it is durable here. */
export async function writeReplicated(ctx: ShardContext, record: Buffer, parse: (doc: LoggedSource) => ParsedDocument): Promise<void> {
  const entries = decodeOpLogRecord(record);
  if (entries.length === 0) return;
  const first = entries[0]!.seqNo;
  if (first !== ctx.nextSeqNo || entries.some((e, i) => e.seqNo !== first + i)) {
    throw new EsError(
      'illegal_state_exception',
      500,
      `[${ctx.index}][${ctx.shardId}] replica expected operations from seq no [${ctx.nextSeqNo}], the primary sent [${first}..${entries[entries.length - 1]!.seqNo}]`,
    );
  }
  // parse everything first: a document that does not parse leaves this copy untouched
  const docs = entries.map((e) => (e.op === 'index' ? parse(e.doc) : null));
  const batch: BatchOp[] = [];
  let indexed = 0;
  entries.forEach((e, i) => {
    if (e.op === 'index') {
      const doc = docs[i]!;
      const found = ctx.versions.get(doc.type, doc.id) ?? null;
      if (current(found)?.deleted) batch.push({ type: 'del', key: versionKey(doc.type, doc.id) });
      applyIndex(ctx, doc, e.version, e.seqNo, found);
      indexed++;
    } else {
      batch.push({ type: 'put', key: versionKey(e.type, e.id), value: encodeVersionEntry({ version: e.version, seqNo: e.seqNo, deleted: true }) });
      applyDelete(ctx, e.type, e.id, e.version, e.seqNo);
    }
  });
  const last = first + entries.length - 1;
  ctx.nextSeqNo = last + 1;
  batch.push({ type: 'put', key: opLogKey(first), value: record });
  ctx.opLog.add(last, entries.length, record.length);
  ctx.counters.indexTotal += indexed;
  ctx.counters.deleteTotal += entries.length - indexed;
  await ctx.committer.submit(batch, last);
}
