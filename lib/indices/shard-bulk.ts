/**
 * One shard's part of a bulk, on its primary (ES 5.6 `TransportShardBulkAction#shardOperationOnPrimary`):
 * items are applied in request order; index/create sources are parsed against the mappings just
 * before they are written (a dynamic mapping update goes to the master first); runs of
 * index/create/delete reach the engine as one `bulk()` (one synced batch); an update reads,
 * changes and writes back its document (shard-update.ts). A failed item does not stop the others.
 */
import type { ShardBulkRequest, ShardBulkResponse, ShardIndexItem, ShardItemOutcome, ShardWriteItem } from '../messages/shard-write.js';
import { shardErrorOf } from '../messages/shard-error.js';
import type { ParsedDocument } from '../mapping/parsed-document.js';
import type { BulkItemOutcome, ShardOperation } from '../shard/types.js';
import { EsError, indexNotFound } from '../errors/errors.js';
import type { ShardError } from '../messages/shard-error.js';
import type { IndexService } from './index-service.js';
import { notEnoughActiveCopies, type ShardHostDeps } from './shard-host.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { shardUpdate } from './shard-update.js';
import type { StrataShardEngine } from '../shard/engine.js';

/** ES 5.6 on one node: every primary is in its first term. */
export const PRIMARY_TERM = 1;

/**
 * Operations handed to the engine at a time while a shard's items are parsed. ES's shard bulk
 * parses and indexes one item after the other; parsing the whole request before writing kept
 * every parsed document (all its tokens) alive at once, and those survivors made the young-
 * generation GCs expensive. Each chunk is applied synchronously in order (seq nos, version
 * checks) and the next one is parsed while its group commit is in flight.
 */
const WRITE_CHUNK = 100;

/**
 * Apply one shard's bulk message on its primary; one outcome per item, in order. In cluster
 * mode the write runs through `deps.replication`: checked against this node's primary term,
 * serialised per shard, and answered only once the in-sync replicas applied its op-log records.
 */
export async function shardBulk(deps: ShardHostDeps, svc: IndexService, req: ShardBulkRequest): Promise<ShardBulkResponse> {
  const wait = req.activeCopies !== undefined ? { activeCopies: req.activeCopies, timeoutMs: req.timeoutMs ?? 60_000, timeout: req.timeout ?? '1m', items: req.items.length } : undefined;
  if (!deps.replication) {
    // one node: the primary is the only active copy, and no other can start before the timeout
    if (wait && wait.activeCopies > 1) {
      await sleep(wait.timeoutMs);
      throw notEnoughActiveCopies(req.index, req.shard, svc.uuid, wait, 1);
    }
    return applyBulk(deps, svc, req, svc.shard(req.shard), PRIMARY_TERM);
  }
  const { result, copies } = await deps.replication.write(req.index, req.shard, (term, onRecord) => applyBulk(deps, svc, req, svc.shard(req.shard), term, onRecord), wait);
  return { ...result, copies };
}

/** Apply the items on the primary's engine; `onRecord` receives every op-log record written (a primary with replicas sends them on). */
async function applyBulk(
  deps: ShardHostDeps,
  svc: IndexService,
  req: ShardBulkRequest,
  engine: StrataShardEngine,
  primaryTerm: number,
  onRecord?: (record: Buffer) => void,
): Promise<ShardBulkResponse> {
  const outcomes: ShardItemOutcome[] = new Array(req.items.length);
  let run: Array<{ slot: number; op: ShardOperation }> = [];
  let inFlight: Array<Promise<void>> = [];
  // A failed durable write fails the request; caught at once so that it is never unhandled
  // while the next chunk is parsed.
  let failure: { err: unknown } | undefined;
  const record = (slots: readonly number[], results: BulkItemOutcome[]): void => {
    slots.forEach((slot, i) => {
      const o = results[i]!;
      outcomes[slot] = 'error' in o ? { error: shardErrorOf(o.error) } : { ok: { result: o.ok.result, version: o.ok.version, seqNo: o.ok.seqNo, primaryTerm } };
    });
  };
  /** Apply the pending run now (its durability is awaited by `settle`). */
  const submit = (): void => {
    if (run.length === 0) return;
    // Only the slots are kept for the answer: the parsed documents are garbage once applied.
    const slots = run.map((b) => b.slot);
    const ops = run.map((b) => b.op);
    run = [];
    inFlight.push(
      engine.bulk(ops, onRecord).then(
        (results) => record(slots, results),
        (err: unknown) => {
          failure ??= { err };
        },
      ),
    );
  };
  const settle = async (): Promise<void> => {
    submit();
    const all = inFlight;
    inFlight = [];
    await Promise.all(all);
    if (failure) throw failure.err;
  };
  for (let slot = 0; slot < req.items.length; slot++) {
    const item = req.items[slot]!;
    if (item.op === 'update') {
      await settle();
      try {
        const done = await shardUpdate(deps, svc, engine, req.shard, item, onRecord);
        outcomes[slot] = { ok: done.result === 'noop' ? done : { ...done, primaryTerm } };
      } catch (err) {
        outcomes[slot] = { error: itemError(deps, err) };
      }
      continue;
    }
    let op: ShardOperation;
    try {
      op = item.op === 'delete' ? deleteOperation(item) : await indexOperation(deps, req.index, item);
    } catch (err) {
      outcomes[slot] = { error: itemError(deps, err), parseFailure: true };
      continue;
    }
    run.push({ slot, op });
    if (run.length >= WRITE_CHUNK) submit();
  }
  await settle();
  return { items: outcomes };
}

/** An item's failure as its message; an unexpected one (a bug) is logged here, where its stack is. */
function itemError(deps: ShardHostDeps, err: unknown): ShardError {
  if (!(err instanceof EsError)) deps.logger.error({ err }, 'shard bulk item failed');
  return shardErrorOf(err);
}

function deleteOperation(item: Extract<ShardWriteItem, { op: 'delete' }>): ShardOperation {
  return {
    op: 'delete',
    type: item.type,
    id: item.id,
    ...(item.routing !== undefined ? { routing: item.routing } : {}),
    ...(item.version !== undefined ? { version: item.version } : {}),
    ...(item.versionType ? { versionType: item.versionType } : {}),
  };
}

/** Parse an index/create item into its engine operation (mapping updates merged first). */
async function indexOperation(deps: ShardHostDeps, index: string, item: ShardIndexItem): Promise<ShardOperation> {
  const doc = await parseWithMappingUpdate(deps, index, item.type, item.id, item.source, item.routing, item.parent);
  return {
    op: 'index',
    doc,
    opType: item.op,
    ...(item.version !== undefined ? { version: item.version } : {}),
    ...(item.versionType ? { versionType: item.versionType } : {}),
  };
}

/** Parse a document; when it introduces new fields, have the master merge them into the mappings first. */
export async function parseWithMappingUpdate(
  deps: ShardHostDeps,
  index: string,
  type: string,
  id: string,
  source: Uint8Array,
  routing: string | undefined,
  parent: string | undefined,
): Promise<ParsedDocument> {
  const opts = { ...(routing !== undefined ? { routing } : {}), ...(parent !== undefined ? { parent } : {}), checkPercolatorFields: true };
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  const mapper = (): ReturnType<IndexService['mapper']> => {
    const svc = deps.index(index);
    if (!svc) throw indexNotFound(index);
    return svc.mapper();
  };
  let parsed = mapper().parse(type, id, bytes, opts);
  if (parsed.dynamicUpdate || !mapper().hasType(type)) {
    await deps.updateMapping(index, type, parsed.dynamicUpdate ?? {});
    parsed = mapper().parse(type, id, bytes, opts);
  }
  return parsed.doc;
}
