/**
 * The typed request of a by-scroll run (ES 5.6 `AbstractBulkByScrollRequest` and its three
 * subclasses): what to read (a search request), how to write (per kind), and the run's
 * controls (size, conflicts, throttle, slices, refresh). Built by api/routes/reindex*.ts.
 */
import type { ScriptRef } from '../../dsl/script-ref.js';
import type { VersionType } from '../../messages/shard-write.js';
import type { SearchRequest } from '../search/search-request.js';
import type { RemoteInfo } from './remote-info.js';

export type ByScrollKind = 'reindex' | 'update_by_query' | 'delete_by_query';

/** ES's action names, as tasks list them. */
export const ACTION_NAMES: Record<ByScrollKind, string> = {
  reindex: 'indices:data/write/reindex',
  update_by_query: 'indices:data/write/update/byquery',
  delete_by_query: 'indices:data/write/delete/byquery',
};

/** `dest.routing` of a reindex: keep the source's, drop it, or set one value. */
export type DestRouting = { keep: true } | { discard: true } | { value: string };

/** Where a reindex writes (ES `ReindexRequest#getDestination`, an `IndexRequest` template). */
export interface ReindexDest {
  index: string;
  type?: string;
  versionType: VersionType;
  opType: 'index' | 'create';
  routing: DestRouting;
  pipeline?: string;
}

export interface ByScrollRequest {
  kind: ByScrollKind;
  /** The read side: indices, types, query, sort, `_source`, routing, batch size (`size`), scroll keep-alive. */
  search: SearchRequest;
  /** Stop after this many documents; -1 = all that match. */
  maxDocs: number;
  /** `conflicts=abort` (default): a version conflict fails the run; `proceed` only counts it. */
  abortOnVersionConflict: boolean;
  /** `refresh`: refresh every index written once the run ends. */
  refresh: boolean;
  /** Timeout of each bulk (ES `timeout`; kept for parity, writes here do not wait on replicas). */
  timeoutMs: number;
  /** `Infinity` = unthrottled. */
  requestsPerSecond: number;
  slices: number;
  /** Bulk and search rejections retried this many times with backoff (ES `max_retries`, `retry_backoff_initial_time`). */
  maxRetries: number;
  retryBackoffMs: number;
  script?: ScriptRef;
  /** update_by_query's `pipeline` parameter. */
  pipeline?: string;
  /** reindex only. */
  dest?: ReindexDest;
  /** reindex from a remote cluster (`source.remote`). */
  remote?: RemoteInfo;
  /** `wait_for_active_shards` of each bulk. */
  waitForActiveShards?: 'all' | number;
}

/** ES's task description (`ReindexRequest#getDescription` and the by-query ones). */
export function describe(r: ByScrollRequest): string {
  const src = `${r.search.indices.length > 0 ? `[${r.search.indices.join(', ')}]` : '[all indices]'}${r.search.types.length > 0 ? `[${r.search.types.join(', ')}]` : ''}`;
  switch (r.kind) {
    case 'reindex': {
      const from = r.remote ? `remote [${r.remote.scheme}://${r.remote.host}:${r.remote.port}] ${src}` : src;
      const to = `[${r.dest?.index ?? ''}]${r.dest?.type !== undefined ? `[${r.dest.type}]` : ''}`;
      return `reindex from ${from} to ${to}`;
    }
    case 'update_by_query':
      return `update-by-query ${src}`;
    default:
      return `delete-by-query ${src}`;
  }
}
