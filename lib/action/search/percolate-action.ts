/**
 * The deprecated 5.x percolate APIs (`_percolate`, `_percolate/count`, `_mpercolate`), built on
 * the `percolate` query as ES 5.6 builds them (`TransportPercolateAction`,
 * `TransportMultiPercolateAction`): a stored document is read first (`percolate document [...]
 * doesn't exist` when missing), the request body becomes a search on the indices' `query`
 * percolator field — `constant_score` with boost 0 around the percolate query, or `bool` with the
 * body's `query`/`filter` as `must` and the percolate query as `filter` — and the search response
 * becomes `{took, _shards, total, matches, aggregations}`.
 */
import type { NodeContext } from '../context.js';
import { runMultiSearch } from './msearch-concurrency.js';
import { EsError, illegalArgument, toEsError } from '../../errors/errors.js';
import { tokenOf } from '../../dsl/xcontent.js';
import { getDocument, sourceObject, type GetRequest } from '../document/get-document.js';
import type { IndicesOptions } from '../resolve-indices.js';
import { search } from './search-action.js';
import { applySearchBody, newSearchRequest } from './search-request.js';
import type { ParseOptions } from '../../dsl/parse-query.js';
import { JsonFloat } from '../../units/java-number.js';

/** One percolate request (ES `PercolateRequest`). */
export interface PercolateRequest {
  indices: string[];
  /** The mapping type the document is parsed as. */
  documentType?: string;
  onlyCount: boolean;
  routing?: string;
  preference?: string;
  indicesOptions?: IndicesOptions;
  /** The request body (`doc`, `query`/`filter`, `size`, `sort`, `aggregations`, `highlight`, `track_scores`). */
  body?: unknown;
  /** A stored document to percolate. */
  get?: GetRequest;
}

/** `PercolateRequest#validate`. */
export function validatePercolate(r: PercolateRequest): string[] {
  const errors: string[] = [];
  if (r.indices.length === 0) errors.push('index is missing');
  if (r.documentType === undefined) errors.push('type is missing');
  if (r.body === undefined && r.get === undefined) errors.push('source or get is missing');
  return errors;
}

function validationFailed(errors: string[]): EsError {
  return new EsError('action_request_validation_exception', 400, `Validation Failed: ${errors.map((e, i) => `${i + 1}: ${e};`).join('')}`);
}

/** The stored document's `_source` (ES reads it with a get before searching). */
async function storedDocument(ctx: NodeContext, get: GetRequest): Promise<unknown> {
  const r = await getDocument(ctx, get);
  const source = sourceObject(r);
  if (!r.found) throw new EsError('resource_not_found_exception', 404, `percolate document [${get.index}/${get.type}/${get.id}] doesn't exist`);
  return source;
}

/** `TransportPercolateAction#createSearchRequest`: the search body for a percolate request. */
export function percolateSearchBody(r: PercolateRequest, storedDoc: unknown): Record<string, unknown> {
  let document = storedDoc;
  let query: unknown;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (r.body !== undefined) {
    const body = r.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw illegalArgument(`Unknown token [${tokenOf(body)}]`);
    for (const [key, v] of Object.entries(body as Record<string, unknown>)) {
      const isObj = v !== null && typeof v === 'object' && !Array.isArray(v);
      if (isObj) {
        if (key === 'doc') document = v;
        else if (key === 'query' || key === 'filter') query = v;
        else if (key === 'sort' || key === 'aggregations' || key === 'highlight') out[key] = v;
        else throw illegalArgument(`Unknown field [${key}]`);
      } else if (Array.isArray(v)) {
        if (key === 'sort') out[key] = v;
        else throw illegalArgument(`Unknown field [${key}]`);
      } else if (key === 'size') {
        if (r.onlyCount) throw illegalArgument('Cannot set size if onlyCount == true');
        out['size'] = v;
      } else if (key === 'sort') out['sort'] = v;
      else if (key === 'track_scores' || key === 'trackScores') out['track_scores'] = v;
      else throw illegalArgument(`Unknown field [${key}]`);
    }
  }
  if (r.onlyCount) out['size'] = 0;
  if (document === undefined || document === null) throw illegalArgument('[document] is a required argument');
  const percolate = { percolate: { field: 'query', document_type: r.documentType, document } };
  // without a query, boost 0: the percolate API never reported how well a stored query matched
  out['query'] = query !== undefined ? { bool: { must: query, filter: percolate } } : { constant_score: { filter: percolate, boost: 0 } };
  return out;
}

/** `TransportPercolateAction#createPercolateResponse`. */
function percolateResponse(res: Record<string, unknown>, onlyCount: boolean): Record<string, unknown> {
  const hits = res['hits'] as { total: number; hits: Array<Record<string, unknown>> };
  const out: Record<string, unknown> = { took: res['took'], _shards: res['_shards'], total: hits.total };
  if (!onlyCount) {
    out['matches'] = hits.hits.map((h) => {
      const m: Record<string, unknown> = { _index: h['_index'], _id: h['_id'] };
      // PercolateResponse.NO_SCORE: a score of 0 is not rendered
      const score = h['_score'];
      const value = score instanceof JsonFloat ? score.value : score;
      if (typeof value === 'number' && value !== 0) m['_score'] = score;
      const hl = h['highlight'];
      if (hl !== undefined && Object.keys(hl as object).length > 0) m['highlight'] = hl;
      return m;
    });
  }
  if (res['aggregations'] !== undefined) out['aggregations'] = res['aggregations'];
  return out;
}

/** Run one percolate request whose stored document (if any) is `storedDoc`. */
async function percolateWith(ctx: NodeContext, r: PercolateRequest, storedDoc: unknown, parse: Pick<ParseOptions, 'templateSource'>): Promise<Record<string, unknown>> {
  const s = newSearchRequest(r.indices, []);
  applySearchBody(s, percolateSearchBody(r, storedDoc), undefined, parse);
  if (r.routing !== undefined) s.routing = r.routing.split(',');
  if (r.preference !== undefined) s.preference = r.preference;
  if (r.indicesOptions) s.indicesOptions = r.indicesOptions;
  return percolateResponse(await search(ctx, s), r.onlyCount);
}

/** `_percolate` and `_percolate/count`. */
export async function percolate(ctx: NodeContext, r: PercolateRequest, parse: Pick<ParseOptions, 'templateSource'> = {}): Promise<Record<string, unknown>> {
  const errors = validatePercolate(r);
  if (errors.length > 0) throw validationFailed(errors);
  const doc = r.get ? await storedDocument(ctx, r.get) : undefined;
  return percolateWith(ctx, r, doc, parse);
}

/** `_mpercolate`: every item answered, failures in place (`{error: ...}` rendered by the route). */
export async function multiPercolate(
  ctx: NodeContext,
  requests: PercolateRequest[],
  parse: Pick<ParseOptions, 'templateSource'> = {},
): Promise<Array<{ ok: Record<string, unknown> } | { error: EsError }>> {
  const errors = requests.flatMap(validatePercolate);
  if (requests.length === 0) errors.unshift('no requests added');
  if (errors.length > 0) throw validationFailed(errors);
  // 5.6 runs the items as one multi search, with its default bound
  return runMultiSearch(ctx, requests, undefined, async (r) => {
    try {
      const doc = r.get ? await storedDocument(ctx, r.get) : undefined;
      return { ok: await percolateWith(ctx, r, doc, parse) };
    } catch (e) {
      return { error: toEsError(e) };
    }
  });
}
