/**
 * The remote source of a reindex (ES 5.6 `RemoteScrollableHitSource`): a scroll on another
 * cluster over HTTP — `POST /{indices}/{types}/_search?scroll=…` with the query sent as given,
 * then `POST /_search/scroll` per batch, and the scroll cleared at the end. Basic auth is sent
 * only when both username and password are given; the socket timeout bounds each request.
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/errors.js';
import type { SearchRequest } from '../search/search-request.js';
import type { SortSpec } from '../../dsl/sort-spec.js';
import { DEFAULT_SCROLL_MS, toSourceHit, type HitSource, type SourceHit } from './hit-source.js';
import type { RemoteInfo } from './remote-info.js';
import type { SearchFailure } from './status.js';
import { retryRejectedSearch, type RetryPolicy } from './backoff.js';

interface RemoteSearchResponse {
  _scroll_id?: string;
  timed_out?: boolean;
  _shards?: { failures?: Array<{ index?: string; shard?: number; node?: string; reason?: { type?: string; reason?: string } }> };
  hits?: { total?: number; hits?: Array<Record<string, unknown>> };
}

function baseUrl(r: RemoteInfo): string {
  return `${r.scheme}://${r.host}:${r.port}${(r.pathPrefix ?? '').replace(/\/+$/, '')}`;
}

async function call(r: RemoteInfo, method: string, path: string, body?: unknown): Promise<RemoteSearchResponse> {
  const headers: Record<string, string> = { ...r.headers, 'content-type': 'application/json' };
  if (r.username !== undefined && r.password !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${r.username}:${r.password}`).toString('base64')}`;
  }
  let res: Response;
  try {
    res = await fetch(baseUrl(r) + path, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(r.socketTimeoutMs + r.connectTimeoutMs),
    });
  } catch (e) {
    const reason = e instanceof Error && e.name === 'TimeoutError' ? 'timed out' : 'Connection refused';
    throw new EsError('connect_exception', 500, `${reason}: ${r.host}/${r.host}:${r.port}`);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EsError('status_exception', res.status >= 400 ? res.status : 500, `body of response from remote was not json: ${text.slice(0, 200)}`);
  }
  if (res.status >= 400) {
    const err = (json as { error?: { type?: string; reason?: string } }).error;
    throw new EsError(err?.type ?? 'status_exception', res.status, err?.reason ?? `remote answered ${res.status}`);
  }
  return json as RemoteSearchResponse;
}

/**
 * The sort as ES 5.6's RemoteRequestBuilders sends it: `field:order` pairs in the `sort`
 * parameter; a script sort (or any sort option beyond field and order) cannot be expressed there
 * and is refused, as ES refuses it, rather than sent without its options.
 */
function remoteSort(sort: readonly SortSpec[]): string {
  return sort
    .map((s) => {
      if (s.script || s.mode !== undefined || s.missing !== undefined || s.unmappedType !== undefined || s.nestedPath !== undefined) {
        throw new EsError('illegal_argument_exception', 400, `Unsupported sort [${s.field}] for a remote reindex: only field and order are sent`);
      }
      return `${s.field}:${s.order}`;
    })
    .join(',');
}

/**
 * The search body sent to the remote: the query as given, sort and `_source` as asked, and a
 * manual `source.slice` as a sliced scroll (a 5.x search feature; ES 5.6's remote reindex drops
 * the slice and copies everything once per slice — Strata sends it, which is what lets
 * `strata migrate` run several slices of one remote index side by side).
 */
function searchBody(r: RemoteInfo, search: SearchRequest): string {
  const parts = [`"query":${r.query}`];
  if (search.source !== undefined) parts.push(`"_source":${JSON.stringify(search.source)}`);
  if (search.slice !== undefined) {
    const { field, id, max } = search.slice;
    parts.push(`"slice":${JSON.stringify(field === '_uid' ? { id, max } : { field, id, max })}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The remote source; a search or scroll the remote rejects with 429 is sent again after the
 * policy's next delay (ES 5.6 `RemoteScrollableHitSource.RetryHelper`), counted in `retries.search`.
 */
export function remoteHitSource(_ctx: NodeContext, remote: RemoteInfo, search: SearchRequest, retry?: RetryPolicy): HitSource {
  let scrollId: string | undefined;
  let pending: SourceHit[] = [];
  let exhausted = false;
  const keepAlive = `${search.scrollMs ?? DEFAULT_SCROLL_MS}ms`;
  const failuresOf = (res: RemoteSearchResponse): SearchFailure[] =>
    (res._shards?.failures ?? []).map((f) => ({
      ...(f.index !== undefined ? { index: f.index } : {}),
      ...(f.shard !== undefined ? { shard: f.shard } : {}),
      ...(f.node !== undefined ? { node: f.node } : {}),
      error: new EsError(f.reason?.type ?? 'exception', 500, f.reason?.reason ?? 'unknown'),
    }));
  const take = (res: RemoteSearchResponse): void => {
    scrollId = res._scroll_id ?? scrollId;
    const hits = (res.hits?.hits ?? []).map(toSourceHit);
    if (hits.length === 0) exhausted = true;
    pending.push(...hits);
  };
  return {
    async start() {
      const indices = search.indices.length > 0 ? search.indices.map(encodeURIComponent).join(',') : '_all';
      const types = search.types.length > 0 ? `/${search.types.map(encodeURIComponent).join(',')}` : '';
      const size = search.size < 0 ? 1000 : search.size;
      const params = new URLSearchParams({ scroll: keepAlive, size: String(size) });
      if (search.version) params.set('version', 'true');
      if (search.sort) params.set('sort', remoteSort(search.sort));
      const res = await retryRejectedSearch(retry, () => call(remote, 'POST', `/${indices}${types}/_search?${params.toString()}`, searchBody(remote, search)));
      take(res);
      return { total: res.hits?.total ?? 0, timedOut: res.timed_out === true, failures: failuresOf(res) };
    },
    async next(max) {
      if (pending.length === 0 && !exhausted && scrollId !== undefined) {
        const id = scrollId;
        const res = await retryRejectedSearch(retry, () => call(remote, 'POST', `/_search/scroll?scroll=${keepAlive}`, { scroll_id: id }));
        take(res);
        const failures = failuresOf(res);
        if (failures.length > 0) return { hits: [], failures };
      }
      const hits = pending.slice(0, max);
      pending = pending.slice(max);
      return { hits, failures: [] };
    },
    async close() {
      if (scrollId === undefined) return;
      const id = scrollId;
      scrollId = undefined;
      // best effort, as ES's `clearScroll`: the remote scroll expires anyway
      await call(remote, 'DELETE', '/_search/scroll', { scroll_id: [id] }).catch(() => undefined);
    },
  };
}
