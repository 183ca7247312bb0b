/**
 * One `update` item on its primary, as ES 5.6 `UpdateHelper`: read the current document
 * (realtime), merge the partial `doc` or run the script (or take the upsert when missing),
 * detect no-ops, and write the result back with a version check so a concurrent change is
 * caught and retried `retry_on_conflict` times. The answer carries the `get` section the
 * request asked for.
 */
import type { ShardUpdateItem, ShardUpdateSpec, ShardWriteSuccess } from '../messages/shard-write.js';
import type { ShardOperation } from '../shard/types.js';
import type { StrataShardEngine } from '../shard/engine.js';
import { documentMissing, versionConflict } from '../errors/errors.js';
import { filterSourceObject } from '../mapping/source-filter.js';
import { own, putOwn } from '../dict.js';
import type { IndexService } from './index-service.js';
import type { ShardHostDeps } from './shard-host.js';
import { parseWithMappingUpdate, PRIMARY_TERM } from './shard-bulk.js';
import { runUpdateScript } from './update-script.js';

/** ES's `SequenceNumbersService.UNASSIGNED_SEQ_NO`: a no-op writes nothing. */
const UNASSIGNED_SEQ_NO = -2;

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

/** Run one update item to its end: written, a no-op, or thrown (version conflict after the retries, missing document, script error). */
export async function shardUpdate(
  deps: ShardHostDeps,
  svc: IndexService,
  engine: StrataShardEngine,
  shardId: number,
  item: ShardUpdateItem,
  onRecord?: (record: Buffer) => void,
): Promise<ShardWriteSuccess> {
  const spec = item.update;
  const { id } = item;
  const index = svc.name;
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
        const r = await runUpdateScript(deps.scripts, spec.script, { op: 'create', _source: structuredClone(newSource), _now: Date.now() });
        if (r.op !== 'create') return noop(-1, spec, r.source);
        newSource = r.source;
        scriptedText = r.sourceText;
      }
      created = true;
    } else if (item.version !== undefined && item.version !== current.version) {
      throw versionConflict(item.type, id, index, shardId, uuid, `current version [${current.version}] is different than the one provided [${item.version}]`);
    } else if (spec.script) {
      const source = current.source ? (JSON.parse(current.source.toString('utf8')) as Record<string, unknown>) : {};
      const r = await runUpdateScript(deps.scripts, spec.script, {
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
      else if (r.op !== null && r.op !== 'index') return noop(current.version, spec, newSource);
    } else {
      newSource = current.source ? (JSON.parse(current.source.toString('utf8')) as Record<string, unknown>) : {};
      const changed = mergeInto(newSource, spec.doc ?? {});
      if (spec.detectNoop && !changed) return noop(current.version, spec, newSource);
      expectVersion = current.version;
    }
    const effRouting = item.routing ?? current?.routing;
    const op: ShardOperation = deleting
      ? { op: 'delete', type: item.type, id, ...(effRouting !== undefined ? { routing: effRouting } : {}), version: expectVersion!, versionType: 'internal' }
      : {
          op: 'index',
          doc: await parseWithMappingUpdate(deps, index, item.type, id, Buffer.from(scriptedText ?? JSON.stringify(newSource)), effRouting, item.parent ?? current?.parent),
          ...(created ? { opType: 'create' as const } : { opType: 'index' as const, version: expectVersion!, versionType: 'internal' as const }),
        };
    const [outcome] = await engine.bulk([op], onRecord);
    if (!outcome || 'error' in outcome) {
      if (outcome?.error.type === 'version_conflict_engine_exception' && attempt < spec.retryOnConflict) continue;
      throw outcome ? outcome.error : new Error('the shard returned no outcome');
    }
    const result = deleting ? 'deleted' : created ? 'created' : 'updated';
    return { result, version: outcome.ok.version, seqNo: outcome.ok.seqNo, primaryTerm: PRIMARY_TERM, ...getPart(spec, newSource) };
  }
}

/** A `noop` update (nothing written). */
function noop(version: number, spec: ShardUpdateSpec, source: Record<string, unknown>): ShardWriteSuccess {
  return { result: 'noop', version, seqNo: UNASSIGNED_SEQ_NO, primaryTerm: PRIMARY_TERM, ...getPart(spec, source) };
}

/** The `get` section of an update response when `fields` or `_source` asked for it. */
function getPart(spec: ShardUpdateSpec, source: Record<string, unknown>): { get?: Record<string, unknown> } {
  const wantsSource = spec.sourceFilter !== undefined && spec.sourceFilter !== false;
  const fields = spec.fields ?? [];
  if (!wantsSource && !fields.includes('_source')) return {};
  const filtered = spec.sourceFilter === undefined || spec.sourceFilter === true ? source : filterSourceObject(source, spec.sourceFilter);
  return { get: { found: true, _source: filtered } };
}
