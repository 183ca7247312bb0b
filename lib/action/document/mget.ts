/**
 * `_mget`: many realtime gets in one request, each answered like a get or with its own error.
 * Body forms as ES 5.6 `MultiGetRequest`: `docs` (per-doc index/type/id/routing/_source/
 * stored_fields) or `ids` (with index and type from the path); URL parameters are defaults.
 */
import { validatePreference } from '../../cluster/copy-preference.js';
import type { NodeContext } from '../context.js';
import { actionRequestValidation, parseException, illegalArgument } from '../../errors/errors.js';
import { toEsError, type EsError } from '../../errors/es-error.js';
import { indicesOfAlias } from '../resolve-indices.js';
import { aliasOnSeveralIndices } from '../bulk/resolve-write-index.js';
import { finishGet, resolveGet, type GetRequest, type GetResponseBody, type GetTarget } from './get-document.js';
import { esErrorOf } from '../../messages/shard-error.js';

export interface MgetDefaults {
  index?: string;
  type?: string;
  routing?: string;
  storedFields?: string[];
  source?: unknown;
  /** Request-wide, as ES 5.6 `MultiGetRequest#realtime`/`#refresh`. */
  realtime?: boolean;
  refresh?: boolean;
}

export type MgetItem = { ok: GetResponseBody } | { error: EsError; index: string; type: string; id: string };

const DOC_KEYS = new Set(['_index', '_type', '_id', '_routing', 'routing', '_parent', 'parent', '_source', 'stored_fields', 'fields', '_version', 'version', '_version_type', 'version_type']);

export function parseMgetBody(body: Record<string, unknown>, d: MgetDefaults): GetRequest[] {
  const requests: GetRequest[] = [];
  for (const key of Object.keys(body)) {
    // ES 5.6 `MultiGetRequest#add` only looks at array values: a scalar such as a body `index`
    // key is skipped (6.0 made it an error), an unknown array is refused.
    const v = body[key];
    if (v === null || typeof v !== 'object') continue;
    if (key !== 'docs' && key !== 'ids') throw parseException(`unknown key [${key}] for a ${Array.isArray(body[key]) ? 'START_ARRAY' : 'START_OBJECT'}, expected [docs] or [ids]`);
  }
  if (Array.isArray(body.docs)) {
    for (const raw of body.docs) {
      if (raw === null || typeof raw !== 'object') throw illegalArgument('docs array element should include an object');
      const doc = raw as Record<string, unknown>;
      for (const k of Object.keys(doc)) if (!DOC_KEYS.has(k)) throw parseException(`failed to parse multi get request. unknown field [${k}]`);
      if (doc.fields !== undefined) {
        throw parseException('Unsupported field [fields] used, expected [stored_fields] instead');
      }
      // Objects are refused by their field name (String() of `{"toString":1}` would throw a TypeError).
      const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v));
      const routing = str(doc._routing ?? doc.routing) ?? d.routing;
      const parent = str(doc._parent ?? doc.parent);
      const stored = doc.stored_fields === undefined ? d.storedFields : Array.isArray(doc.stored_fields) ? doc.stored_fields.map(String) : String(doc.stored_fields).split(',');
      const source = doc._source !== undefined ? doc._source : d.source;
      const version = doc._version ?? doc.version;
      const vt = str(doc._version_type ?? doc.version_type);
      requests.push({
        index: str(doc._index) ?? d.index ?? '',
        type: str(doc._type) ?? d.type ?? '_all',
        id: str(doc._id) ?? '',
        ...(routing !== undefined ? { routing } : {}),
        ...(parent !== undefined ? { parent } : {}),
        ...(stored ? { storedFields: stored } : {}),
        ...(source !== undefined ? { source } : {}),
        ...(version !== undefined ? { version: Number(version) } : {}),
        ...(vt !== undefined ? { versionType: vt } : {}),
      });
    }
  } else if (Array.isArray(body.ids)) {
    for (const id of body.ids) {
      // `MultiGetRequest#parseIds`: only value tokens (String() of `{"toString":1}` would throw).
      if (id !== null && typeof id === 'object') throw illegalArgument('ids array element should only contain ids');
      requests.push({
        index: d.index ?? '',
        type: d.type ?? '_all',
        id: String(id),
        ...(d.routing !== undefined ? { routing: d.routing } : {}),
        ...(d.storedFields ? { storedFields: d.storedFields } : {}),
        ...(d.source !== undefined ? { source: d.source } : {}),
      });
    }
  }
  const errors: string[] = [];
  if (requests.length === 0) errors.push('no documents to get');
  requests.forEach((r, i) => {
    if (!r.index) errors.push(`index is missing for doc ${i}`);
    if (!r.id) errors.push(`id is missing for doc ${i}`);
  });
  if (errors.length > 0) throw actionRequestValidation(errors);
  for (const r of requests) {
    if (d.realtime !== undefined) r.realtime = d.realtime;
    if (d.refresh !== undefined) r.refresh = d.refresh;
  }
  return requests;
}

/**
 * The items of one `_mget`: resolved on the coordinator (an item that fails there answers its own
 * error), then sent as one message per shard (ES 5.6 `TransportMultiGetAction` groups by shard
 * into `MultiGetShardRequest`s), the shards in parallel; answers in request order.
 */
export async function multiGet(ctx: NodeContext, requests: GetRequest[]): Promise<MgetItem[]> {
  const out: MgetItem[] = new Array<MgetItem>(requests.length);
  const fail = (i: number, err: unknown): void => {
    const r = requests[i] as GetRequest;
    out[i] = { error: toEsError(err), index: r.index, type: r.type, id: r.id };
  };
  const groups = new Map<string, Array<{ i: number; target: GetTarget }>>();
  requests.forEach((r, i) => {
    try {
      const via = ctx.cluster.state().indices[r.index] ? [] : indicesOfAlias(ctx.cluster.state(), r.index);
      if (via.length > 1) throw aliasOnSeveralIndices(r.index, via.map((m) => m.name), 'index');
      const target = resolveGet(ctx, r);
      validatePreference(r.preference);
      const key = JSON.stringify([target.index, target.shard, r.realtime !== false, r.refresh === true, r.preference ?? null]);
      const group = groups.get(key) ?? [];
      group.push({ i, target });
      groups.set(key, group);
    } catch (err) {
      fail(i, err);
    }
  });
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const first = requests[group[0]!.i] as GetRequest;
      const { index, shard } = group[0]!.target;
      const started = Date.now();
      try {
        const res = await ctx.indices.client.multiGet({
          index,
          shard,
          realtime: first.realtime !== false,
          refresh: first.refresh === true,
          ...(first.preference !== undefined ? { preference: first.preference } : {}),
          items: group.map(({ i, target }) => ({ ...(target.type !== undefined ? { type: target.type } : {}), id: (requests[i] as GetRequest).id })),
        });
        const took = Date.now() - started;
        group.forEach(({ i, target }, k) => {
          const item = res.items[k];
          try {
            if (!item) throw new TypeError(`shard answered ${res.items.length} of ${group.length} gets`);
            if ('error' in item) throw esErrorOf(item.error);
            out[i] = { ok: finishGet(ctx, target, requests[i] as GetRequest, item.ok.doc, took) };
          } catch (err) {
            fail(i, err);
          }
        });
      } catch (err) {
        for (const { i } of group) fail(i, err);
      }
    }),
  );
  return out;
}
