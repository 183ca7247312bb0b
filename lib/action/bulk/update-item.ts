/**
 * One `update` item on its shard, as ES 5.6 `UpdateHelper`: read the current document
 * (realtime), merge the partial `doc` (or take the upsert when missing), detect no-ops, and write
 * it back with a version check so a concurrent change is caught and retried
 * `retry_on_conflict` times.
 */
import type { NodeContext } from '../context.js';
import type { StrataShardEngine } from '../../shard/engine.js';
import type { BulkItemRequest, BulkItemResult } from './types.js';
import { documentMissing, illegalArgument, versionConflict } from '../../errors/errors.js';
import { parseWithMappingUpdate, shardsInfo } from './execute-bulk.js';
import { filterSource } from '../document/source-filter.js';

/** Deep-merge `changes` into `target` in place (ES `XContentHelper.update`); true if anything changed. */
export function mergeInto(target: Record<string, unknown>, changes: Record<string, unknown>): boolean {
  let modified = false;
  for (const [k, v] of Object.entries(changes)) {
    const old = target[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && old && typeof old === 'object' && !Array.isArray(old)) {
      if (mergeInto(old as Record<string, unknown>, v as Record<string, unknown>)) modified = true;
      continue;
    }
    if (!(k in target) || JSON.stringify(old) !== JSON.stringify(v)) modified = true;
    target[k] = v;
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
  if (spec.script !== undefined) {
    throw illegalArgument('script updates need the scripting engine, which is not available yet');
  }
  const svc = ctx.indices.get(index)!;
  const uuid = svc.uuid;
  for (let attempt = 0; ; attempt++) {
    const current = await engine.get(item.type, id);
    let newSource: Record<string, unknown>;
    let expectVersion: number | undefined;
    let created = false;
    if (!current) {
      if (item.version !== undefined) {
        throw versionConflict(item.type, id, index, shardId, uuid, `document does not exist (expected version [${item.version}])`);
      }
      if (spec.docAsUpsert && spec.doc) newSource = spec.doc;
      else if (spec.upsert) newSource = spec.upsert;
      else throw documentMissing(item.type, id, index, shardId, uuid);
      created = true;
    } else {
      if (item.version !== undefined && item.version !== current.version) {
        throw versionConflict(
          item.type,
          id,
          index,
          shardId,
          uuid,
          `current version [${current.version}] is different than the one provided [${item.version}]`,
        );
      }
      newSource = current.source ? (JSON.parse(current.source.toString('utf8')) as Record<string, unknown>) : {};
      const changed = mergeInto(newSource, spec.doc ?? {});
      if (spec.detectNoop && !changed) {
        return {
          opType: 'update',
          index,
          type: item.type,
          id,
          status: 200,
          ok: {
            version: current.version,
            result: 'noop',
            shards: { total: 0, successful: 0, failed: 0 },
            ...getPart(spec, newSource),
          },
        };
      }
      expectVersion = current.version;
    }
    const source = Buffer.from(JSON.stringify(newSource));
    const effRouting = routing ?? current?.routing;
    const doc = await parseWithMappingUpdate(ctx, index, item.type, id, source, effRouting, item.parent ?? current?.parent);
    const [outcome] = await engine.bulk([
      created
        ? { op: 'index', doc, opType: 'create' }
        : { op: 'index', doc, opType: 'index', version: expectVersion!, versionType: 'internal' },
    ]);
    if (outcome && 'error' in outcome) {
      if (outcome.error.type === 'version_conflict_engine_exception' && attempt < spec.retryOnConflict) continue;
      throw outcome.error;
    }
    const ok = outcome!.ok;
    return {
      opType: 'update',
      index,
      type: item.type,
      id,
      status: created ? 201 : 200,
      ok: { version: ok.version, result: created ? 'created' : 'updated', shards: shardsInfo(ctx, index), ...getPart(spec, newSource) },
    };
  }
}

/** The `get` section of an update response when `fields` or `_source` asked for it. */
function getPart(spec: NonNullable<BulkItemRequest['update']>, source: Record<string, unknown>): { get?: Record<string, unknown> } {
  const wantsSource = spec.sourceFilter !== undefined && spec.sourceFilter !== false;
  const fields = spec.fields ?? [];
  if (!wantsSource && !fields.includes('_source')) return {};
  const filtered = spec.sourceFilter === undefined || spec.sourceFilter === true ? source : filterSource(source, spec.sourceFilter);
  return { get: { found: true, _source: filtered } };
}
