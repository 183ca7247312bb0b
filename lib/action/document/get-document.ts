/**
 * Realtime get of one document (`GET /{index}/{type}/{id}`, also the unit of `_mget`), rendered
 * as ES 5.6 `GetResult`: `_index, _type, _id, _version, found, _routing, _parent, _source, fields`.
 */
import { validatePreference } from '../../cluster/copy-preference.js';
import { RawJson } from '../../units/java-number.js';
import type { NodeContext } from '../context.js';
import { openIndex } from '../open-index.js';
import type { ShardDocument } from '../../messages/shard-get.js';
import { indexNotFound, routingMissing, versionConflict } from '../../errors/errors.js';
import { resolveWriteIndex, shardOf } from '../bulk/resolve-write-index.js';
import { filterSourceObject } from '../../mapping/source-filter.js';
import { simpleMatch } from '../../units/simple-match.js';
import { dict } from '../../dict.js';

export interface GetRequest {
  index: string;
  type: string;
  id: string;
  routing?: string;
  parent?: string;
  storedFields?: string[];
  /** `_source` spec: boolean, patterns, or includes/excludes; undefined = default. */
  source?: unknown;
  version?: number;
  versionType?: string;
  /** `realtime=false`: read what the last refresh made visible, not the latest write. */
  realtime?: boolean;
  /** `preference`: which copy of the shard reads (cluster mode; lib/cluster/copy-preference.ts). */
  preference?: string;
  /** `refresh=true`: refresh the shard first (ES does so only for a non-realtime get). */
  refresh?: boolean;
}

export interface GetResponseBody {
  _index: string;
  _type: string;
  _id: string;
  _version?: number;
  found: boolean;
  /** The stored bytes (unfiltered) or the filtered object. */
  _source?: RawJson | Record<string, unknown>;
  [k: string]: unknown;
}

/** The `_source` of a get result as an object (for callers that read it, e.g. terms lookup). */
export function sourceObject(r: GetResponseBody): Record<string, unknown> | null {
  if (!r.found || r._source === undefined) return null;
  return r._source instanceof RawJson ? (r._source.value() as Record<string, unknown>) : r._source;
}

/** Where a get goes: the concrete index, its shard, and the type asked for (undefined: any). */
export interface GetTarget {
  index: string;
  shard: number;
  type?: string;
}

/** Resolve a get's index (alias, routing, parent) and shard; throws as ES does before reaching a shard. */
export function resolveGet(ctx: NodeContext, req: GetRequest): GetTarget {
  const state = ctx.cluster.state();
  const target = resolveWriteIndex(state, req.index, req.routing, req.parent);
  if (!target) throw indexNotFound(req.index);
  const svc = openIndex(ctx, target.index);
  const anyType = req.type === '_all' || req.type === '';
  if (!anyType && svc.mapper().routingRequired(req.type) && target.routing === undefined) {
    throw routingMissing(target.index, req.type, req.id);
  }
  return { index: target.index, shard: shardOf(state, target.index, req.id, target.routing), ...(anyType ? {} : { type: req.type }) };
}

/** Count the get, check the version asked for, and render the shard's answer. */
export function finishGet(ctx: NodeContext, target: GetTarget, req: GetRequest, doc: ShardDocument | null, tookMs: number): GetResponseBody {
  const svc = openIndex(ctx, target.index);
  svc.counters.recordGet(doc !== null, tookMs);
  // ES `VersionType#isVersionConflictForReads`: every type but force wants the exact version.
  if (doc && req.version !== undefined && req.versionType !== 'force' && doc.version !== req.version) {
    throw versionConflict(doc.type, req.id, target.index, target.shard, svc.uuid, `current version [${doc.version}] is different than the one provided [${req.version}]`);
  }
  return renderGetResult(target.index, target.type ?? doc?.type ?? req.type, req.id, doc, req);
}

export async function getDocument(ctx: NodeContext, req: GetRequest): Promise<GetResponseBody> {
  validatePreference(req.preference);
  const target = resolveGet(ctx, req);
  const started = Date.now();
  // ES 5.6 TransportGetAction: `refresh` takes effect only with `realtime=false` (the shard sees to that).
  const { doc } = await ctx.indices.client.get({
    index: target.index,
    shard: target.shard,
    ...(target.type !== undefined ? { type: target.type } : {}),
    id: req.id,
    realtime: req.realtime !== false,
    refresh: req.refresh === true,
    ...(req.preference !== undefined ? { preference: req.preference } : {}),
  });
  return finishGet(ctx, target, req, doc, Date.now() - started);
}

export function renderGetResult(
  index: string,
  type: string,
  id: string,
  doc: ShardDocument | null,
  opts: { storedFields?: string[]; source?: unknown },
): GetResponseBody {
  if (!doc) return { _index: index, _type: type, _id: id, found: false };
  const out: GetResponseBody = { _index: index, _type: doc.type, _id: id, _version: doc.version, found: true };
  if (doc.routing !== undefined) out._routing = doc.routing;
  if (doc.parent !== undefined) out._parent = doc.parent;
  // ES 5.6 `ShardGetService#normalizeFetchSourceContent`: without an explicit `_source`, the
  // source comes back unless stored fields are asked for, or when they name `_source`.
  const fetchSource = opts.source !== undefined ? opts.source !== false : opts.storedFields === undefined || opts.storedFields.includes('_source');
  if (fetchSource && doc.source) {
    const text = Buffer.from(doc.source.buffer, doc.source.byteOffset, doc.source.byteLength).toString('utf8');
    // Unfiltered, ES copies the stored bytes as they were sent (`XContentBuilder#rawField`):
    // `1.0` stays `1.0`, escapes and spacing are kept.
    out._source = opts.source === undefined || opts.source === true ? new RawJson(text) : filterSourceObject(JSON.parse(text) as Record<string, unknown>, opts.source);
  }
  if (opts.storedFields && opts.storedFields.length > 0) {
    const fields: Record<string, unknown[]> = dict(); // field names are user input
    for (const [name, values] of Object.entries(doc.stored)) {
      if (opts.storedFields.some((p) => simpleMatch(p, name))) fields[name] = values;
    }
    if (Object.keys(fields).length > 0) out.fields = fields;
  }
  return out;
}
