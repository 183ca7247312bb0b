/**
 * Where a by-scroll run reads its documents (ES `ScrollableHitSource`): the local scroll here
 * (the coordinator's own query phase kept open as a point-in-time view, fetched page by page),
 * or a remote cluster over HTTP (remote-hits.ts). The engine sees only this interface.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { NodeContext } from '../context.js';
import { illegalArgument, toEsError } from '../../errors/errors.js';
import { RawJson } from '../../units/java-number.js';
import { fetchPhase, queryPhase, release, type SearchState } from '../search/search-action.js';
import { runSearchTask } from '../search/search-task.js';
import type { SearchRequest } from '../search/search-request.js';
import type { SearchFailure } from './status.js';
import { retryRejectedSearch, type RetryPolicy } from './backoff.js';

/** One document read from the source (ES `ScrollableHitSource.Hit`). */
export interface SourceHit {
  index: string;
  type: string;
  id: string;
  /** Present when the search asked for versions. */
  version?: number;
  routing?: string;
  parent?: string;
  /** The `_source` as JSON text, exactly as stored (undefined when the mapping disables `_source`). */
  source?: string;
}

/** The first answer of a source: how many documents match, and any shard failures. */
export interface SourceStart {
  total: number;
  timedOut: boolean;
  failures: SearchFailure[];
}

/** A stream of hits in batches; `close` frees whatever the source holds open. */
export interface HitSource {
  start(): Promise<SourceStart>;
  /** The next batch of at most `max` hits; empty when the source is exhausted. */
  next(max: number): Promise<{ hits: SourceHit[]; failures: SearchFailure[] }>;
  close(): Promise<void>;
}

/** A rendered search hit as a {@link SourceHit}. */
export function toSourceHit(h: Record<string, unknown>): SourceHit {
  const out: SourceHit = { index: String(h._index), type: String(h._type), id: String(h._id) };
  if (typeof h._version === 'number') out.version = h._version;
  if (typeof h._routing === 'string') out.routing = h._routing;
  if (typeof h._parent === 'string') out.parent = h._parent;
  const src = h._source;
  if (src instanceof RawJson) out.source = src.text;
  else if (src !== undefined && src !== null) out.source = JSON.stringify(src);
  return out;
}

/** How many hits one fetch message asks for. */
const FETCH_CHUNK = 200;

/** ES `AbstractBulkByScrollRequest.DEFAULT_SCROLL_TIMEOUT`: 5 minutes. */
export const DEFAULT_SCROLL_MS = 5 * 60 * 1000;

/** The `_source` of a hit, or ES's error when the index does not store it. */
export function requireSource(hit: SourceHit): string {
  if (hit.source === undefined) throw illegalArgument(`[${hit.index}][${hit.type}][${hit.id}] didn't store _source`);
  return hit.source;
}

/**
 * The local source: one query phase over the shards (their reader contexts stay open, so every
 * batch comes from the same point in time, as a scroll's do), then one fetch per batch.
 */
export function localHitSource(ctx: NodeContext, search: SearchRequest, retry?: RetryPolicy, parentTask?: number): HitSource {
  let state: SearchState | undefined;
  let cursor = 0;
  return {
    async start() {
      // the by-scroll task's search, as ES's scroll search is its child
      state = await retryRejectedSearch(retry, () => runSearchTask(ctx, search, (task) => queryPhase(ctx, search, { forScroll: true, task }), parentTask));
      // the search task ended with its query phase: the batches' fetches are no phases of it
      delete state.task;
      return {
        total: state.totalHits,
        timedOut: state.timedOut,
        failures: state.failures.map((f) => ({ index: f.index, shard: f.shard, node: f.node, error: f.error })),
      };
    },
    async next(max) {
      const st = state;
      if (!st) return { hits: [], failures: [] };
      const page = st.merged.slice(cursor, cursor + max);
      cursor += page.length;
      if (page.length === 0) return { hits: [], failures: [] };
      // a throttled run may wait longer than the keep-alive between batches: renew it per batch
      await Promise.all(st.contexts.map((c) => ctx.searchShards.renewContext(c.contextId, search.scrollMs ?? DEFAULT_SCROLL_MS)));
      const before = st.failures.length;
      try {
        // fetched in pieces, yielding between them, so one batch never holds the event loop
        const hits: SourceHit[] = [];
        for (let i = 0; i < page.length; i += FETCH_CHUNK) {
          if (i > 0) await yieldToLoop();
          const fetched = await retryRejectedSearch(retry, () => fetchPhase(ctx, st, page.slice(i, i + FETCH_CHUNK)));
          for (const h of fetched.hits) hits.push(toSourceHit(h));
        }
        const failures = st.failures.slice(before).map((f) => ({ index: f.index, shard: f.shard, node: f.node, error: f.error }));
        return { hits, failures };
      } catch (e) {
        return { hits: [], failures: [{ error: toEsError(e) }] };
      }
    },
    async close() {
      const st = state;
      state = undefined;
      if (st) await release(ctx, st.contexts);
    },
  };
}
