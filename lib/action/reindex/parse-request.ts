/**
 * Building a {@link ByScrollRequest} from a request body, as ES 5.6's `RestReindexAction`
 * (`reindex` object parser: source, dest, size, script, conflicts) and
 * `AbstractBulkByQueryRestHandler` (the body is a search body, less `conflicts` and `script`)
 * read it, and validating it as `AbstractBulkByScrollRequest#validate` / `ReindexRequest#validate`.
 */
import { parseScript } from '../../dsl/script-ref.js';
import { parseSortParam } from '../../dsl/sort-spec.js';
import { isObject, textValue, tokenOf } from '../../dsl/xcontent.js';
import { actionRequestValidation, illegalArgument, parsingException } from '../../errors/errors.js';
import type { VersionType } from '../../messages/shard-write.js';
import { applySearchBody, newSearchRequest, type SearchRequest } from '../search/search-request.js';
import { parseRemoteInfo } from './remote-info.js';
import { DEFAULT_SCROLL_MS } from './hit-source.js';
import type { ByScrollKind, ByScrollRequest, ReindexDest } from './request.js';

/** ES `AbstractBulkByScrollRequest.DEFAULT_SCROLL_SIZE`. */
export const DEFAULT_SCROLL_SIZE = 1000;

/** A request with ES's defaults, reading `search`. */
export function newByScrollRequest(kind: ByScrollKind, search: SearchRequest): ByScrollRequest {
  return {
    kind,
    search,
    maxDocs: -1,
    abortOnVersionConflict: true,
    refresh: false,
    timeoutMs: 60_000,
    requestsPerSecond: Infinity,
    slices: 1,
    maxRetries: 11,
    retryBackoffMs: 500,
  };
}

/** `conflicts`: `abort` or `proceed`. */
export function applyConflicts(r: ByScrollRequest, v: unknown): void {
  if (v === 'proceed') r.abortOnVersionConflict = false;
  else if (v === 'abort') r.abortOnVersionConflict = true;
  else throw illegalArgument(`conflicts may only be "proceed" or "abort" but was [${text('reindex', 'conflicts', v)}]`);
}

/** A by-query body: the search body, with `conflicts` (and `script` for update-by-query) taken out first. */
export function byQueryRequest(kind: 'update_by_query' | 'delete_by_query', indices: string[], types: string[], body: Record<string, unknown> | undefined, bodyText?: string): ByScrollRequest {
  const search = newSearchRequest(indices, types);
  const r = newByScrollRequest(kind, search);
  if (body) {
    const rest: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(body)) {
      if (k === 'conflicts') applyConflicts(r, v);
      else if (k === 'script' && kind === 'update_by_query') r.script = parseScript(v);
      else if (k === 'fields' || k === 'stored_fields') throw actionRequestValidation(['stored_fields is not supported in this context']);
      else rest[k] = v;
    }
    applySearchBody(search, { ...rest }, Object.keys(rest).length === Object.keys(body).length ? bodyText : undefined);
  }
  return r;
}

/** ES `RestReindexAction`'s `dest` parser: index, type, routing, op_type, pipeline, version_type (ttl and timestamp refused). */
function parseDest(v: unknown): ReindexDest & { ttl?: unknown; timestamp?: unknown } {
  if (!isObject(v)) throw parsingException(`[dest] dest doesn't support values of type: ${typeof v}`);
  const dest: ReindexDest & { ttl?: unknown; timestamp?: unknown } = { index: '', versionType: 'internal', opType: 'index', routing: { keep: true } };
  for (const [k, val] of Object.entries(v)) {
    switch (k) {
      case 'index':
        dest.index = text('dest', k, val);
        break;
      case 'type':
        dest.type = text('dest', k, val);
        break;
      case 'routing': {
        const s = text('dest', k, val);
        dest.routing = s === 'keep' ? { keep: true } : s === 'discard' ? { discard: true } : s.startsWith('=') ? { value: s.slice(1) } : badRouting(s);
        break;
      }
      case 'op_type':
        if (val !== 'index' && val !== 'create') throw illegalArgument(`opType must be 'create' or 'index', found: [${text('dest', k, val)}]`);
        dest.opType = val;
        break;
      case 'pipeline':
        dest.pipeline = text('dest', k, val);
        break;
      case 'version_type':
        dest.versionType = versionType(text('dest', k, val));
        break;
      case 'ttl':
        dest.ttl = val;
        break;
      case 'timestamp':
        dest.timestamp = val;
        break;
      default:
        throw parsingException(`[dest] unknown field [${k}], parser not found`);
    }
  }
  return dest;
}

/** A string field of an object parser: a value token's text, ES's error for objects and arrays. */
function text(parser: string, field: string, v: unknown): string {
  if (v !== null && typeof v === 'object') throw parsingException(`[${parser}] ${field} doesn't support values of type: ${tokenOf(v)}`);
  return textValue(v);
}

function badRouting(s: string): never {
  throw illegalArgument(`Unsupported routing command [${s}]`);
}

/** ES `VersionType.fromString`. */
function versionType(s: string): VersionType {
  if (s === 'internal' || s === 'external' || s === 'external_gte' || s === 'force') return s;
  if (s === 'external_gt') return 'external';
  throw illegalArgument(`No version type match [${s}]`);
}

/** `source` of a reindex: index and type lists, `remote`, the rest a search body. */
function applySource(r: ByScrollRequest, v: unknown, parseTime: (name: string, v: unknown) => number): void {
  if (!isObject(v)) throw parsingException(`[source] source doesn't support values of type: ${typeof v}`);
  const rest: Record<string, unknown> = Object.create(null);
  let remote: unknown;
  const list = (x: unknown): string[] => (Array.isArray(x) ? x.map((e) => text('source', 'index', e)) : text('source', 'index', x).split(','));
  for (const [k, val] of Object.entries(v)) {
    if (k === 'fields' || k === 'stored_fields') throw actionRequestValidation(['stored_fields is not supported in this context']);
    if (k === 'index') r.search.indices = list(val);
    else if (k === 'type') r.search.types = list(val);
    else if (k === 'remote') remote = val;
    else rest[k] = val;
  }
  if (remote !== undefined) {
    const query = rest['query'] === undefined ? '{"match_all":{}}' : JSON.stringify(rest['query']);
    r.remote = parseRemoteInfo(remote, query, parseTime);
    delete rest['query'];
  }
  applySearchBody(r.search, { ...rest });
}

/** The `_reindex` body. */
export function reindexRequest(body: Record<string, unknown>, parseTime: (name: string, v: unknown) => number): ByScrollRequest & { destExtras: { ttl?: unknown; timestamp?: unknown } } {
  const r = newByScrollRequest('reindex', newSearchRequest([], []));
  r.search.size = DEFAULT_SCROLL_SIZE;
  let dest: (ReindexDest & { ttl?: unknown; timestamp?: unknown }) | undefined;
  for (const [k, v] of Object.entries(body)) {
    switch (k) {
      case 'source':
        applySource(r, v, parseTime);
        break;
      case 'dest':
        dest = parseDest(v);
        break;
      case 'size':
        r.maxDocs = intValue('size', v);
        break;
      case 'script':
        r.script = parseScript(v);
        break;
      case 'conflicts':
        applyConflicts(r, v);
        break;
      default:
        throw parsingException(`[reindex] unknown field [${k}], parser not found`);
    }
  }
  const { ttl, timestamp, ...d } = dest ?? { index: '', versionType: 'internal' as const, opType: 'index' as const, routing: { keep: true as const } };
  r.dest = d;
  return { ...r, destExtras: { ...(ttl !== undefined ? { ttl } : {}), ...(timestamp !== undefined ? { timestamp } : {}) } };
}

function intValue(name: string, v: unknown): number {
  const n = typeof v === 'number' ? v : Number(text('reindex', name, v));
  if (!Number.isInteger(n)) throw illegalArgument(`[${name}] must be an integer but was [${text('reindex', name, v)}]`);
  return n;
}

/** The checks of `AbstractBulkByScrollRequest#validate` (and `ReindexRequest#validate`), as one validation error. */
export function validateByScroll(r: ByScrollRequest, extras: { ttl?: unknown; timestamp?: unknown } = {}): void {
  const errors: string[] = [];
  if (r.kind === 'reindex' && r.search.indices.length === 0 && !r.remote) errors.push('use _all if you really want to copy from all existing indexes');
  if (r.search.from !== -1) errors.push('from is not supported in this context');
  if (r.search.storedFields !== undefined) errors.push('stored_fields is not supported in this context');
  if (r.maxRetries < 0) errors.push('retries cannnot be negative');
  if (!(r.maxDocs === -1 || r.maxDocs > 0)) {
    errors.push(`size should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [${r.maxDocs}]`);
  }
  if (r.search.slice !== undefined && r.slices !== 1) errors.push(`can't specify both slice and workers`);
  if (r.kind === 'reindex') {
    if (!r.dest?.index) errors.push('index must be specified');
    if (extras.ttl !== undefined) errors.push("setting ttl on destination isn't supported. use scripts instead.");
    if (extras.timestamp !== undefined) errors.push("setting timestamp on destination isn't supported. use scripts instead.");
    if (r.remote && r.slices !== 1) errors.push(`reindex from remote sources doesn't support workers > 1 but was [${r.slices}]`);
  }
  if (errors.length > 0) throw actionRequestValidation(errors);
}

/**
 * What every run reads beyond the request: versions when the writes check them, `_doc` order
 * when no sort was asked (ES sorts by-scroll searches by `_doc`), no `_source` for deletes.
 */
export function prepareSearch(r: ByScrollRequest): void {
  const s = r.search;
  // a by-scroll search is a scroll (ES `DEFAULT_SCROLL_TIMEOUT`), which `slice` requires
  s.scrollMs ??= DEFAULT_SCROLL_MS;
  if (r.kind !== 'reindex' || (r.dest !== undefined && r.dest.versionType !== 'internal')) s.version = true;
  if (s.sort === undefined || s.sort.length === 0) s.sort = parseSortParam('_doc');
  if (r.kind === 'delete_by_query' && !r.script) s.source = false;
}
