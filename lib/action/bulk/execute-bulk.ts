/**
 * The one write path: resolve each item's index (auto-creating missing indices), parse documents
 * against the mappings (merging dynamic mapping updates into the cluster state first), group the
 * items by shard, apply each shard's items in order, and honour the `refresh` policy.
 */
import type { NodeContext } from '../context.js';
import { openIndex } from '../open-index.js';
import type { BulkItemOutcome, ShardOperation } from '../../shard/types.js';
import type { StrataShardEngine } from '../../shard/engine.js';
import { EsError, toEsError } from '../../errors/es-error.js';
import { illegalArgument, indexNotFound, routingMissing } from '../../errors/errors.js';
import { validateBulk } from './validate-item.js';
import { numberOfReplicas } from '../../cluster/state.js';
import type { BulkItemRequest, BulkItemResult, RefreshPolicy, ShardsInfo } from './types.js';
import { resolveWriteIndex, shardOf } from './resolve-write-index.js';
import { autoId } from './auto-id.js';
import { autoCreateIndices } from './auto-create.js';
import { applyDynamicUpdate } from './dynamic-mapping.js';
import { executeUpdate } from './update-item.js';
import { runIngestPipelines } from '../../ingest/bulk-ingest.js';

interface Prepared {
  slot: number;
  item: BulkItemRequest;
  index: string;
  id: string;
  shard: number;
  routing?: string;
  op?: ShardOperation;
}

export interface BulkOptions {
  refresh: RefreshPolicy;
  /**
   * Told how long the ingest step took when some item named a pipeline (ES 5.6 then renders
   * `ingest_took` in the bulk response).
   */
  onIngest?: (tookMs: number) => void;
}

export function shardsInfo(ctx: NodeContext, index: string): ShardsInfo {
  const meta = ctx.cluster.state().indices[index];
  return { total: 1 + (meta ? numberOfReplicas(meta) : 0), successful: 1, failed: 0 };
}

export async function executeBulk(ctx: NodeContext, items: BulkItemRequest[], opts: BulkOptions): Promise<BulkItemResult[]> {
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
  const touched: Array<{ engine: StrataShardEngine; index: string; slots: number[] }> = [];
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const first = group[0]!;
      let svc;
      try {
        svc = openIndex(ctx, first.index);
      } catch (err) {
        for (const p of group) fail(p.slot, p.item, err, p.index, p.id);
        return;
      }
      const engine = svc.shard(first.shard);
      touched.push({ engine, index: first.index, slots: group.map((p) => p.slot) });
      await runShardGroup(ctx, engine, group, results);
    }),
  );

  if (opts.refresh !== 'false' && touched.length > 0) {
    const maxListeners = (idx: string): number => Number(ctx.cluster.state().indices[idx]?.settings['index.max_refresh_listeners'] ?? 1000);
    // ES 5.6 (TransportWriteAction) reports `forced_refresh` per shard: always after an
    // immediate refresh, and after `wait_for` only when that shard ran out of listener slots.
    const forced = await Promise.all(
      touched.map(async (t) => (opts.refresh === 'true' ? (await t.engine.refresh(), true) : t.engine.waitForRefresh(maxListeners(t.index)))),
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
  const base: Prepared = { slot, item, index, id, shard, ...(target.routing !== undefined ? { routing: target.routing } : {}) };
  if (item.opType === 'delete') {
    base.op = {
      op: 'delete',
      type: item.type,
      id,
      ...(target.routing !== undefined ? { routing: target.routing } : {}),
      ...(item.version !== undefined ? { version: item.version } : {}),
      ...(item.versionType ? { versionType: item.versionType } : {}),
    };
  }
  // Index and create items are parsed in runShardGroup, just before they are written.
  return base;
}

/** Parse an index/create item into its shard operation (mapping updates merged first). */
async function indexOperation(ctx: NodeContext, p: Prepared): Promise<ShardOperation> {
  const { item } = p;
  const doc = await parseWithMappingUpdate(ctx, p.index, item.type, p.id, item.source!, p.routing, item.parent);
  return {
    op: 'index',
    doc,
    opType: item.opType === 'create' ? 'create' : 'index',
    ...(item.version !== undefined ? { version: item.version } : {}),
    ...(item.versionType ? { versionType: item.versionType } : {}),
  };
}

/** Parse a document; when it introduces new fields, merge them into the mappings first. */
export async function parseWithMappingUpdate(
  ctx: NodeContext,
  index: string,
  type: string,
  id: string,
  source: Buffer,
  routing: string | undefined,
  parent: string | undefined,
) {
  const opts = { ...(routing !== undefined ? { routing } : {}), ...(parent !== undefined ? { parent } : {}) };
  const svc = openIndex(ctx, index);
  let parsed = svc.mapper().parse(type, id, source, opts);
  if (parsed.dynamicUpdate || !svc.mapper().hasType(type)) {
    await applyDynamicUpdate(ctx, index, type, parsed.dynamicUpdate ?? {});
    parsed = svc.mapper().parse(type, id, source, opts);
  }
  return parsed.doc;
}

/**
 * Operations handed to the engine at a time while a shard's items are parsed. ES's shard bulk
 * parses and indexes one item after the other; parsing the whole request before writing kept
 * every parsed document (all its tokens) alive at once, and those survivors made the young-
 * generation GCs expensive. Each chunk is applied synchronously in order (seq nos, version
 * checks) and the next one is parsed while its group commit is in flight.
 */
const WRITE_CHUNK = 100;

async function runShardGroup(ctx: NodeContext, engine: StrataShardEngine, group: Prepared[], results: BulkItemResult[]): Promise<void> {
  let run: Prepared[] = [];
  let inFlight: Array<Promise<void>> = [];
  // A failed durable write fails the request; caught at once so that it is never unhandled
  // while the next chunk is parsed.
  let failure: { err: unknown } | undefined;
  const record = (batch: Prepared[], outcomes: BulkItemOutcome[]): void => {
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if ('error' in o) {
        results[p.slot] = { opType: p.item.opType, index: p.index, type: p.item.type, id: p.id, status: o.error.status, error: o.error };
      } else {
        const status = o.ok.result === 'created' ? 201 : o.ok.result === 'not_found' ? 404 : 200;
        results[p.slot] = {
          opType: p.item.opType,
          index: p.index,
          type: p.item.type,
          id: p.id,
          status,
          ok: { version: o.ok.version, result: o.ok.result, shards: shardsInfo(ctx, p.index) },
        };
      }
    });
  };
  /** Apply the pending run now (its durability is awaited by `settle`). */
  const submit = (): void => {
    if (run.length === 0) return;
    const batch = run;
    run = [];
    inFlight.push(
      engine.bulk(batch.map((p) => p.op!)).then(
        (outcomes) => record(batch, outcomes),
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
  for (const p of group) {
    if (p.item.opType === 'update') {
      await settle();
      try {
        results[p.slot] = await executeUpdate(ctx, engine, p.shard, p.item, p.index, p.id, p.routing);
      } catch (err) {
        const e = err instanceof EsError ? err : toEsError(err);
        results[p.slot] = { opType: 'update', index: p.index, type: p.item.type, id: p.id, status: e.status, error: e };
      }
      continue;
    }
    if (!p.op) {
      try {
        p.op = await indexOperation(ctx, p);
      } catch (err) {
        const e = toEsError(err);
        results[p.slot] = { opType: p.item.opType, index: p.item.index, type: p.item.type, id: p.item.id ?? '', status: e.status, error: e };
        continue;
      }
    }
    run.push(p);
    if (run.length >= WRITE_CHUNK) submit();
  }
  await settle();
}
