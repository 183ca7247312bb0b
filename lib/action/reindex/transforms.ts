/**
 * Turning one source hit into the write it becomes (ES 5.6 `AbstractAsyncBulkByScrollAction
 * #buildRequest` of each action, then `ScriptApplier`): delete-by-query deletes it at the
 * version it was read at, update-by-query indexes it again at that version, reindex indexes it
 * into the destination; a script may change `_source`, the metadata reindex allows, and `op`
 * (`noop` skips the hit, `delete` deletes it).
 */
import type { NodeContext } from '../context.js';
import type { BulkItemRequest } from '../bulk/types.js';
import { illegalArgument } from '../../errors/errors.js';
import { javaToString } from '../../errors/java-value.js';
import type { ByScrollRequest } from './request.js';
import { requireSource, type SourceHit } from './hit-source.js';

/** The write of a hit, or `noop` when a script said so. */
export type HitWrite = BulkItemRequest | 'noop';

/** The metadata fields a script sees beside `_source` and `op` (ES 5.6 `ScriptApplier#apply`). */
const META = ['_index', '_type', '_id', '_version', '_parent', '_routing'] as const;
type Meta = (typeof META)[number];

/** The write a hit becomes before any script (the `buildRequest` of each action). */
function baseWrite(r: ByScrollRequest, hit: SourceHit): BulkItemRequest {
  const keep = { ...(hit.routing !== undefined ? { routing: hit.routing } : {}), ...(hit.parent !== undefined ? { parent: hit.parent } : {}) };
  if (r.kind === 'delete_by_query') {
    return { opType: 'delete', index: hit.index, type: hit.type, id: hit.id, ...keep, ...(hit.version !== undefined ? { version: hit.version } : {}), versionType: 'internal' };
  }
  const source = Buffer.from(requireSource(hit), 'utf8');
  if (r.kind === 'update_by_query') {
    return {
      opType: 'index',
      index: hit.index,
      type: hit.type,
      id: hit.id,
      ...keep,
      ...(hit.version !== undefined ? { version: hit.version } : {}),
      versionType: 'internal',
      ...(r.pipeline !== undefined ? { pipeline: r.pipeline } : {}),
      source,
    };
  }
  const dest = r.dest!;
  const routing = 'keep' in dest.routing ? hit.routing : 'value' in dest.routing ? dest.routing.value : undefined;
  const external = dest.versionType !== 'internal';
  return {
    opType: dest.opType,
    index: dest.index,
    type: dest.type ?? hit.type,
    id: hit.id,
    ...(routing !== undefined ? { routing } : {}),
    ...(hit.parent !== undefined ? { parent: hit.parent } : {}),
    ...(external && hit.version !== undefined ? { version: hit.version, versionType: dest.versionType } : {}),
    ...(dest.pipeline !== undefined ? { pipeline: dest.pipeline } : {}),
    source,
  };
}

/** The `ctx` map the script starts from. */
function scriptContext(hit: SourceHit, w: BulkItemRequest): Record<string, unknown> {
  const source = JSON.parse(requireSource(hit)) as unknown;
  return {
    _index: hit.index,
    _type: hit.type,
    _id: hit.id,
    _version: hit.version ?? null,
    _parent: hit.parent ?? null,
    _routing: w.routing ?? null,
    _source: source,
    op: 'index',
  };
}

/** The write of `hit` after the request's script (if any) ran over it. */
export async function writeFor(ctx: NodeContext, r: ByScrollRequest, hit: SourceHit): Promise<HitWrite> {
  const w = baseWrite(r, hit);
  if (!r.script || r.kind === 'delete_by_query') return w;
  const vars = scriptContext(hit, w);
  const res = await ctx.scripts.runUpdate(r.script, vars);
  if (res.op === null) throw illegalArgument('Script cleared operation type');
  const meta = res.meta;
  const extra = Object.keys(meta).filter((k) => !(META as readonly string[]).includes(k));
  if (extra.length > 0) throw illegalArgument(`Invalid fields added to context [${extra.join(',')}]`);
  for (const k of META) {
    const before = vars[k] ?? null;
    const after = Object.hasOwn(meta, k) ? (meta[k] ?? null) : null;
    if (before !== after) applyMeta(r, w, k, after);
  }
  if (res.op === 'noop') return 'noop';
  if (res.op === 'delete') {
    const del: BulkItemRequest = { opType: 'delete', index: w.index, type: w.type, id: w.id ?? hit.id };
    if (w.routing !== undefined) del.routing = w.routing;
    if (w.parent !== undefined) del.parent = w.parent;
    if (w.version !== undefined) {
      del.version = w.version;
      del.versionType = w.versionType ?? 'internal';
    }
    return del;
  }
  if (res.op !== 'index') throw illegalArgument(`Operation type [${res.op}] not allowed, only [noop, index, delete] are allowed`);
  w.source = Buffer.from(res.sourceText, 'utf8');
  return w;
}

/** A metadata change made by a script: update-by-query allows none, reindex all (ES `scriptChanged*`). */
function applyMeta(r: ByScrollRequest, w: BulkItemRequest, k: Meta, v: unknown): void {
  if (r.kind !== 'reindex') throw illegalArgument(`Modifying [${k}] not allowed`);
  // as Java's `Objects.toString` of the script's value
  const text = v === null ? undefined : javaToString(v);
  switch (k) {
    case '_index':
      if (text === undefined) throw illegalArgument('Can only set _index to a string, not null');
      w.index = text;
      return;
    case '_type':
      if (text === undefined) throw illegalArgument('Can only set _type to a string, not null');
      w.type = text;
      return;
    case '_id':
      if (text === undefined) delete w.id;
      else w.id = text;
      return;
    case '_version':
      // ES `Reindex#scriptChangedVersion`: null means "any version", internal
      if (v === null) {
        delete w.version;
        w.versionType = 'internal';
      } else w.version = Number(v);
      return;
    case '_parent':
      if (text === undefined) delete w.parent;
      else w.parent = text;
      return;
    case '_routing':
      if (text === undefined) delete w.routing;
      else w.routing = text;
      return;
  }
}
