/**
 * The one write path, coordinator side: resolve each item's index (auto-creating missing
 * indices), route it to its shard, send each shard its items in order as one shard bulk
 * message (lib/messages/shard-write.ts; the primary parses, versions and writes them), and
 * honour the `refresh` policy.
 */
import { TimeValue } from '../../units/time-value.js';
import type { NodeContext } from '../context.js';
import { openIndex } from '../open-index.js';
import type { ShardItemOutcome, ShardWriteItem } from '../../messages/shard-write.js';
import type { ShardTarget } from '../../messages/shard-maintenance.js';
import { esErrorOf } from '../../messages/shard-error.js';
import { toEsError } from '../../errors/es-error.js';
import { illegalArgument, indexNotFound, routingMissing } from '../../errors/errors.js';
import { validateBulk } from './validate-item.js';
import { numberOfReplicas } from '../../cluster/state.js';
import { parseActiveShardCount } from '../active-shard-count.js';
import type { BulkItemRequest, BulkItemResult, RefreshPolicy, ShardsInfo } from './types.js';
import { resolveWriteIndex, shardOf } from './resolve-write-index.js';
import { autoId } from './auto-id.js';
import { autoCreateIndices } from './auto-create.js';
import { runIngestPipelines } from '../../ingest/bulk-ingest.js';
import { javaHashSetOrder } from '../../units/java-hash.js';

interface Prepared {
  slot: number;
  item: BulkItemRequest;
  index: string;
  id: string;
  shard: number;
  /** The item as its shard receives it. */
  message: ShardWriteItem;
}

export interface BulkOptions {
  refresh: RefreshPolicy;
  /** `wait_for_active_shards` (cluster mode: each shard's primary waits for that many active copies). */
  waitForActiveShards?: 'all' | number;
  /** `timeout`: how long a primary waits for them (default 1m). */
  timeout?: TimeValue;
  /**
   * Told how long the ingest step took when some item named a pipeline (ES 5.6 then renders
   * `ingest_took` in the bulk response).
   */
  onIngest?: (tookMs: number) => void;
  /**
   * Run as ES's bulk task (`indices:data/write/bulk`, each shard's part its `[s]` child): a
   * `_bulk` request, or a by-scroll batch (the by-scroll task's child).
   */
  task?: { parent?: number };
}

export const BULK_ACTION = 'indices:data/write/bulk';

/** A task as the bulk registers it: its id, and the function that ends it. */
type Registered = { task: { id: number }; done: () => void } | undefined;

/**
 * The bulk message's `wait_for_active_shards` fields: the request's, else the index's
 * `index.write.wait_for_active_shards` (ES 5.6's default for writes); `all` is every copy of the
 * index; 1 asks nothing.
 */
function activeCopies(ctx: NodeContext, index: string, opts: BulkOptions): { activeCopies?: number; timeoutMs?: number; timeout?: string } {
  const meta = ctx.cluster.state().indices[index];
  const setting = meta?.settings['index.write.wait_for_active_shards'];
  const w = opts.waitForActiveShards ?? (setting !== undefined ? parseActiveShardCount(setting) : undefined);
  if (w === undefined) return {};
  const n = w === 'all' ? 1 + (meta ? numberOfReplicas(meta) : 0) : w;
  if (n <= 1) return {};
  const timeout = opts.timeout ?? new TimeValue(60_000);
  return { activeCopies: n, timeoutMs: timeout.millis(), timeout: timeout.toString() };
}

/** `_shards` of a write: every copy the index should have, and those that applied it (`copies`, default the primary alone). */
export function shardsInfo(ctx: NodeContext, index: string, copies = 1): ShardsInfo {
  const meta = ctx.cluster.state().indices[index];
  return { total: 1 + (meta ? numberOfReplicas(meta) : 0), successful: copies, failed: 0 };
}

export async function executeBulk(ctx: NodeContext, items: BulkItemRequest[], opts: BulkOptions): Promise<BulkItemResult[]> {
  if (!opts.task) return bulkAs(ctx, items, opts, undefined);
  // ES `BulkRequest#getDescription`: its indices are a HashSet, printed in that set's order
  const description = `requests[${items.length}], indices[${javaHashSetOrder(items.map((i) => i.index)).join(', ')}]`;
  const reg = ctx.runtime.tasks.register(BULK_ACTION, 'transport', description, opts.task.parent);
  try {
    return await bulkAs(ctx, items, opts, reg);
  } finally {
    reg.done();
  }
}

async function bulkAs(ctx: NodeContext, items: BulkItemRequest[], opts: BulkOptions, bulkTask: Registered): Promise<BulkItemResult[]> {
  const results: BulkItemResult[] = new Array(items.length);
  const fail = (slot: number, item: BulkItemRequest, err: unknown, index = item.index, id = item.id ?? ''): void => {
    const e = toEsError(err);
    results[slot] = { opType: item.opType, index, type: item.type, id, status: e.status, error: e };
  };

  validateBulk(items);
  // Ingest pipelines rewrite items (source and metadata) before anything else; failures fail the item.
  const ingestStarted = Date.now();
  const ingestFailures = runIngestPipelines(ctx, items);
  if (opts.onIngest && items.some((i) => i.pipeline !== undefined)) opts.onIngest(Date.now() - ingestStarted);
  for (const [slot, err] of ingestFailures) fail(slot, items[slot]!, err);

  const createFailures = await autoCreateIndices(ctx, items.filter((_, i) => !ingestFailures.has(i)));

  const prepared: Prepared[] = [];
  for (let slot = 0; slot < items.length; slot++) {
    const item = items[slot]!;
    if (ingestFailures.has(slot)) continue;
    try {
      const createFailure = createFailures.get(item.index);
      if (createFailure) throw createFailure;
      prepared.push(await prepare(ctx, item, slot));
    } catch (err) {
      fail(slot, item, err);
    }
  }

  // Group by index and shard, keeping request order within each group.
  const groups = new Map<string, Prepared[]>();
  for (const p of prepared) {
    const key = `${p.index}\u0000${p.shard}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(p);
  }
  const touched: Array<{ target: ShardTarget; slots: number[] }> = [];
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const first = group[0]!;
      try {
        openIndex(ctx, first.index);
      } catch (err) {
        for (const p of group) fail(p.slot, p.item, err, p.index, p.id);
        return;
      }
      const target = { index: first.index, shard: first.shard };
      let items;
      let copies: number | undefined;
      // ES `BulkShardRequest#getDescription`
      const shardTask = bulkTask ? ctx.runtime.tasks.register(`${BULK_ACTION}[s]`, 'transport', `requests[${group.length}], index[${first.index}]`, bulkTask.task.id) : undefined;
      try {
        ({ items, copies } = await ctx.indices.client.bulk({ ...target, items: group.map((p) => p.message), ...activeCopies(ctx, first.index, opts) }));
      } catch (err) {
        // As ES's shard bulk: a shard request that fails (its primary not active, its durable
        // write failed) fails each of its items; the other shards' items stand.
        for (const p of group) fail(p.slot, p.item, err, p.index, p.id);
        return;
      } finally {
        shardTask?.done();
      }
      touched.push({ target, slots: group.map((p) => p.slot) });
      group.forEach((p, i) => (results[p.slot] = itemResult(ctx, p, items[i]!, copies)));
    }),
  );

  if (opts.refresh !== 'false' && touched.length > 0) {
    const maxListeners = (idx: string): number => Number(ctx.cluster.state().indices[idx]?.settings['index.max_refresh_listeners'] ?? 1000);
    // ES 5.6 (TransportWriteAction) reports `forced_refresh` per shard: always after an
    // immediate refresh, and after `wait_for` only when that shard ran out of listener slots.
    const forced = await Promise.all(
      touched.map(async ({ target }) =>
        opts.refresh === 'true'
          ? (await ctx.indices.client.refresh(target), true)
          : (await ctx.indices.client.waitForRefresh({ ...target, maxListeners: maxListeners(target.index) })).forced,
      ),
    );
    touched.forEach((t, i) => {
      if (!forced[i]) return;
      for (const slot of t.slots) {
        const r = results[slot];
        if (r?.ok) r.ok.forcedRefresh = true;
      }
    });
  }
  return results;
}

async function prepare(ctx: NodeContext, item: BulkItemRequest, slot: number): Promise<Prepared> {
  const state = ctx.cluster.state();
  const target = resolveWriteIndex(state, item.index, item.routing, item.parent);
  if (!target) throw indexNotFound(item.index);
  const index = target.index;
  // ES 5.6.x (since 5.3.1) `IndexRequest#process`: an explicit empty id fails this item only.
  if (item.id === '' && (item.opType === 'index' || item.opType === 'create')) {
    throw illegalArgument('if _id is specified it must not be empty');
  }
  const id = item.id ?? autoId();
  const svc = openIndex(ctx, index);
  if (svc.mapper().routingRequired(item.type) && target.routing === undefined) {
    throw routingMissing(index, item.type, id);
  }
  const shard = shardOf(state, index, id, target.routing);
  return { slot, item, index, id, shard, message: shardItem(item, id, target.routing) };
}

/** An item as its shard's message: ids, routing and versions resolved; sources as sent. */
function shardItem(item: BulkItemRequest, id: string, routing: string | undefined): ShardWriteItem {
  const common = { type: item.type, id, ...(routing !== undefined ? { routing } : {}) };
  const version = item.version !== undefined ? { version: item.version } : {};
  const versionType = item.versionType ? { versionType: item.versionType } : {};
  const parent = item.parent !== undefined ? { parent: item.parent } : {};
  switch (item.opType) {
    case 'delete':
      return { op: 'delete', ...common, ...version, ...versionType };
    case 'update':
      if (!item.update) throw illegalArgument('update item without update body');
      return { op: 'update', ...common, ...parent, ...version, update: item.update };
    default:
      return { op: item.opType, ...common, ...parent, source: item.source!, ...version, ...versionType };
  }
}

/** The response item for a shard's outcome. */
function itemResult(ctx: NodeContext, p: Prepared, o: ShardItemOutcome, copies?: number): BulkItemResult {
  const { item } = p;
  if ('error' in o) {
    const error = esErrorOf(o.error);
    // A source that did not parse is reported under the index and id the request named.
    if (o.parseFailure) return { opType: item.opType, index: item.index, type: item.type, id: item.id ?? '', status: error.status, error };
    return { opType: item.opType, index: p.index, type: item.type, id: p.id, status: error.status, error };
  }
  const r = o.ok;
  if (item.opType === 'update') {
    const noop = r.result === 'noop';
    const shards = noop ? { total: 0, successful: 0, failed: 0 } : shardsInfo(ctx, p.index, copies);
    const ok = { version: r.version, result: r.result, shards, ...(r.get ? { get: r.get } : {}) };
    return { opType: 'update', index: p.index, type: item.type, id: p.id, status: r.result === 'created' ? 201 : 200, ok };
  }
  const status = r.result === 'created' ? 201 : r.result === 'not_found' ? 404 : 200;
  return { opType: item.opType, index: p.index, type: item.type, id: p.id, status, ok: { version: r.version, result: r.result, shards: shardsInfo(ctx, p.index, copies) } };
}
