/**
 * `_msearch`: newline-delimited header/body pairs, each run as its own search; the response
 * holds one search response (with `status`) or one error per item, in order.
 */
import type { NodeContext } from '../context.js';
import { EsError, actionRequestValidation, toEsError } from '../../errors/errors.js';
import { parseJsonBody } from '../../units/json-body.js';
import { applySearchBody, newSearchRequest, type SearchRequest } from './search-request.js';
import { search } from './search-action.js';
import { startScroll } from './scroll.js';
import { splitExpression } from '../resolve-indices.js';
import type { ParseOptions } from '../../dsl/parse-context.js';
import { runMultiSearch } from './msearch-concurrency.js';

export type MsearchItem = { ok: Record<string, unknown> } | { error: EsError };

/** Parse the ndjson body into requests (defaults from the path). */
export function parseMsearch(
  text: string,
  defaults: { index?: string; type?: string; searchType?: string },
  parse: Pick<ParseOptions, 'templateSource'> = {},
): SearchRequest[] {
  const lines = text.split('\n');
  const out: SearchRequest[] = [];
  for (let i = 0; i < lines.length; i++) {
    const headerText = (lines[i] as string).trim();
    if (headerText === '') continue;
    // Jackson's errors and messages (and the nesting limit), never JSON.parse's.
    const header = parseJsonBody(headerText) as Record<string, unknown>;
    if (header === null || typeof header !== 'object' || Array.isArray(header)) {
      // ES 5.6 reads the header with `parser.map()`.
      throw new EsError('parse_exception', 400, 'Failed to parse content to map');
    }
    const bodyText = (lines[++i] ?? '').trim();
    const index = header['index'] ?? defaults.index;
    const type = header['type'] ?? defaults.type;
    const r = newSearchRequest(
      Array.isArray(index) ? index.map(String) : splitExpression(index === undefined ? undefined : String(index)),
      Array.isArray(type) ? type.map(String) : splitExpression(type === undefined ? undefined : String(type)),
    );
    const st = header['search_type'] ?? defaults.searchType;
    if (st === 'dfs_query_then_fetch') r.searchType = 'dfs_query_then_fetch';
    if (header['routing'] !== undefined) r.routing = String(header['routing']).split(',');
    if (header['preference'] !== undefined) r.preference = String(header['preference']);
    if (bodyText !== '') {
      const body = parseJsonBody(bodyText) as Record<string, unknown>;
      try {
        applySearchBody(r, body, bodyText, parse);
      } catch (e) {
        (r as SearchRequest & { parseError?: unknown }).parseError = e;
      }
    }
    out.push(r);
  }
  if (out.length === 0) throw actionRequestValidation(['no requests added']);
  return out;
}

/**
 * Run the requests, at most `maxConcurrent` at once (undefined: ES's default,
 * msearch-concurrency.ts), keeping failures per item and the request order. ES 5.6 registers the
 * request as an `indices:data/read/msearch` task (not cancellable); each search is a task of its
 * own, not its child.
 */
export async function multiSearch(
  ctx: NodeContext,
  requests: SearchRequest[],
  maxConcurrent?: number,
  run: (r: SearchRequest) => Promise<Record<string, unknown>> = (r) => (r.scrollMs !== undefined ? startScroll(ctx, r) : search(ctx, r)),
): Promise<MsearchItem[]> {
  const reg = ctx.runtime.tasks.register(MSEARCH_ACTION, 'transport', '');
  try {
    return await runMultiSearch(ctx, requests, maxConcurrent, async (r): Promise<MsearchItem> => {
      try {
        const pe = (r as SearchRequest & { parseError?: unknown }).parseError;
        if (pe) throw pe;
        return { ok: await run(r) };
      } catch (e) {
        return { error: toEsError(e) };
      }
    });
  } finally {
    reg.done();
  }
}

export const MSEARCH_ACTION = 'indices:data/read/msearch';
