/**
 * One `update` item on its shard, as ES 5.6 `UpdateHelper`: read the current document
 * (realtime), merge the partial `doc` (or take the upsert when missing), detect no-ops, and write
 * it back with a version check so a concurrent change is caught and retried
 * `retry_on_conflict` times.
 */
import type { NodeContext } from '../context.js';
import type { StrataShardEngine } from '../../shard/engine.js';
import type { ShardOperation } from '../../shard/types.js';
import type { BulkItemRequest, BulkItemResult } from './types.js';
import { documentMissing, illegalArgument, versionConflict } from '../../errors/errors.js';
import { parseWithMappingUpdate, shardsInfo } from './execute-bulk.js';
import { filterSourceObject } from '../../mapping/source-filter.js';
import { runUpdateScript } from './update-script.js';
import { own, putOwn } from '../../dict.js';

/**
 * Deep-merge `changes` into `target` in place (ES `XContentHelper.update`); true if anything
 * changed. Own keys only, written as data: a `__proto__` key merges like any other.
 */
export function mergeInto(target: Record<string, unknown>, changes: Record<string, unknown>): boolean {
  let modified = false;
  for (const [k, v] of Object.entries(changes)) {
    const old = own(target, k);
    if (v && typeof v === 'object' && !Array.isArray(v) && old && typeof old === 'object' && !Array.isArray(old)) {
      if (mergeInto(old as Record<string, unknown>, v as Record<string, unknown>)) modified = true;
      continue;
    }
    if (!Object.hasOwn(target, k) || JSON.stringify(old) !== JSON.stringify(v)) modified = true;
    putOwn(target, k, v);
  }
  return modified;
}

export async function executeUpdate(
  ctx: NodeContext,
  engine: StrataShardEngine,
  shardId: number,
  item: BulkItemRequest,
  index: string,
  id: string,
  routing: string | undefined,
): Promise<BulkItemResult> {
  const spec = item.update;
  if (!spec) throw illegalArgument('update item without update body');
  const svc = ctx.indices.get(index)!;
  const uuid = svc.uuid;
  for (let attempt = 0; ; attempt++) {
    const current = await engine.get(item.type, id);
    let newSource: Record<string, unknown>;
    let expectVersion: number | undefined;
    let created = false;
    let deleting = false;
    /** A script's `_source` text (Java number formatting), when a script produced the source. */
    let scriptedText: string | undefined;
    if (!current) {
      if (item.version !== undefined) {
        throw versionConflict(item.type, id, index, shardId, uuid, `document does not exist (expected version [${item.version}])`);
      }
      if (spec.docAsUpsert && spec.doc) newSource = spec.doc;
      else if (spec.upsert) newSource = spec.upsert;
      else throw documentMissing(item.type, id, index, shardId, uuid);
      if (spec.scriptedUpsert && spec.script) {
        // the script decides the created document; any op but `create` aborts it (5.6 UpdateHelper)
        const r = await runUpdateScript(ctx, spec.script, { op: 'create', _source: structuredClone(newSource), _now: Date.now() });
        if (r.op !== 'create') return noop(item, index, id, -1, spec, r.source);
        newSource = r.source;
        scriptedText = r.sourceText;
      }
      created = true;
    } else if (item.version !== undefined && item.version !== current.version) {
      throw versionConflict(item.type, id, index, shardId, uuid, `current version [${current.version}] is different than the one provided [${item.version}]`);
    } else if (spec.script) {
      const source = current.source ? (JSON.parse(current.source.toString('utf8')) as Record<string, unknown>) : {};
      const r = await runUpdateScript(ctx, spec.script, {
        _index: index,
        _type: item.type,
        _id: id,
        _version: current.version,
        _routing: current.routing ?? null,
        _parent: current.parent ?? null,
        _timestamp: null,
        _ttl: null,
        _source: source,
        _now: Date.now(),
      });
      newSource = r.source;
      scriptedText = r.sourceText;
      expectVersion = current.version;
      if (r.op === 'delete') deleting = true;
      else if (r.op !== null && r.op !== 'index') return noop(item, index, id, current.version, spec, newSource);
    } else {
      newSource = current.source ? (JSON.parse(current.source.toString('utf8')) as Record<string, unknown>) : {};
      const changed = mergeInto(newSource, spec.doc ?? {});
      if (spec.detectNoop && !changed) return noop(item, index, id, current.version, spec, newSource);
      expectVersion = current.version;
    }
    const effRouting = routing ?? current?.routing;
    const op: ShardOperation = deleting
      ? { op: 'delete', type: item.type, id, ...(effRouting !== undefined ? { routing: effRouting } : {}), version: expectVersion!, versionType: 'internal' }
      : {
          op: 'index',
          doc: await parseWithMappingUpdate(ctx, index, item.type, id, Buffer.from(scriptedText ?? JSON.stringify(newSource)), effRouting, item.parent ?? current?.parent),
          ...(created ? { opType: 'create' as const } : { opType: 'index' as const, version: expectVersion!, versionType: 'internal' as const }),
        };
    const [outcome] = await engine.bulk([op]);
    if (!outcome || 'error' in outcome) {
      if (outcome?.error.type === 'version_conflict_engine_exception' && attempt < spec.retryOnConflict) continue;
      throw outcome ? outcome.error : new Error('the shard returned no outcome');
    }
    const result = deleting ? 'deleted' : created ? 'created' : 'updated';
    return updateResult(item, index, id, created ? 201 : 200, { version: outcome.ok.version, result, shards: shardsInfo(ctx, index) }, spec, newSource);
  }
}

/** A `noop` update result (nothing written, `_shards` all zero). */
function noop(item: BulkItemRequest, index: string, id: string, version: number, spec: NonNullable<BulkItemRequest['update']>, source: Record<string, unknown>): BulkItemResult {
  return updateResult(item, index, id, 200, { version, result: 'noop', shards: { total: 0, successful: 0, failed: 0 } }, spec, source);
}

/** An update item's result, with the `get` section when the request asked for it. */
function updateResult(
  item: BulkItemRequest,
  index: string,
  id: string,
  status: number,
  ok: { version: number; result: 'noop' | 'deleted' | 'created' | 'updated'; shards: { total: number; successful: number; failed: number } },
  spec: NonNullable<BulkItemRequest['update']>,
  source: Record<string, unknown>,
): BulkItemResult {
  return { opType: 'update', index, type: item.type, id, status, ok: { ...ok, ...getPart(spec, source) } };
}

/** The `get` section of an update response when `fields` or `_source` asked for it. */
function getPart(spec: NonNullable<BulkItemRequest['update']>, source: Record<string, unknown>): { get?: Record<string, unknown> } {
  const wantsSource = spec.sourceFilter !== undefined && spec.sourceFilter !== false;
  const fields = spec.fields ?? [];
  if (!wantsSource && !fields.includes('_source')) return {};
  const filtered = spec.sourceFilter === undefined || spec.sourceFilter === true ? source : filterSourceObject(source, spec.sourceFilter);
  return { get: { found: true, _source: filtered } };
}
