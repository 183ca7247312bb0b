/**
 * The local source of a by-scroll run with no sort, as a range scan: ES 5.6 reads such a run in
 * `_doc` order, so no shard needs to rank its matches. One query phase opens a point-in-time
 * context on every shard and counts the matches (the total, shard failures, the batch size
 * check of a scroll); then each batch asks the shards in turn for their next documents in doc
 * order (`scanPhase`: the shard walks its matches and reads their stored documents as ordered
 * ranges of the keyspace), from a position this side keeps. Anything a scan cannot serve (a
 * sort, min_score, terminate_after, a timeout, ...) reads through the query-then-fetch source
 * of hit-source.ts instead.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { NodeContext } from '../context.js';
import { toEsError } from '../../errors/errors.js';
import { esErrorOf } from '../../messages/shard-error.js';
import type { ScanDoc } from '../../messages/shard-search.js';
import { queryPhase, release, type SearchState } from '../search/search-action.js';
import { runSearchTask } from '../search/search-task.js';
import type { SearchRequest } from '../search/search-request.js';
import { clusterSetting } from '../search/cluster-settings.js';
import type { SearchFailure } from './status.js';
import { retryRejectedSearch, type RetryPolicy } from './backoff.js';
import { DEFAULT_SCROLL_MS, type HitSource, type SourceHit } from './hit-source.js';

/** How many documents one scan message asks a shard for (the engine yields between messages; as many as a fetch message of the query-then-fetch source, so one turn of the event loop holds no more work than it did). */
const SCAN_CHUNK = 200;

/**
 * Whether `search` (a by-scroll search, `_doc` order added by `prepareSearch`) reads the same
 * documents as a scan: doc order, and nothing that ranks, cuts or decorates hits. A timeout is
 * left to the query-then-fetch path, whose collection honours the deadline.
 */
export function scannable(ctx: NodeContext, search: SearchRequest): boolean {
  const s = search;
  const sort = s.sort?.[0];
  if (!sort || s.sort?.length !== 1 || sort.field !== '_doc' || sort.order !== 'asc') return false;
  if (s.minScore !== undefined || s.terminateAfter !== undefined || s.postFilter !== undefined || s.searchAfter !== undefined) return false;
  if (s.timeoutMs !== undefined || clusterSetting(ctx.cluster.state(), 'search.default_search_timeout') !== undefined) return false;
  if (s.aggs !== undefined || s.rescore !== undefined || s.collapse !== undefined || s.highlight !== undefined || s.suggest !== undefined) return false;
  if (s.scriptFields !== undefined || s.docvalueFields.length > 0 || s.storedFields !== undefined || s.explain || s.trackScores) return false;
  return s.searchType === 'query_then_fetch';
}

/** The shards' position: which shard is being read, and where in it. */
interface Cursor {
  shard: number;
  seg: number;
  doc: number;
}

/** A scanned document as a {@link SourceHit}. */
function toSourceHit(index: string, d: ScanDoc): SourceHit {
  const out: SourceHit = { index, type: d.type, id: d.id };
  if (d.version !== undefined) out.version = d.version;
  if (d.routing !== undefined) out.routing = d.routing;
  if (d.parent !== undefined) out.parent = d.parent;
  if (d.source !== undefined) out.source = Buffer.from(d.source.buffer, d.source.byteOffset, d.source.byteLength).toString('utf8');
  return out;
}

/** The local source of a {@link scannable} search. */
export function scanHitSource(ctx: NodeContext, search: SearchRequest, retry?: RetryPolicy, parentTask?: number): HitSource {
  let state: SearchState | undefined;
  /** The shards whose query phase answered (a failed one is in the start's `failures`). */
  let readable: SearchState['contexts'] = [];
  const at: Cursor = { shard: 0, seg: 0, doc: 0 };
  return {
    async start() {
      // the by-scroll task's search, as ES's scroll search is its child
      state = await retryRejectedSearch(retry, () => runSearchTask(ctx, search, (task) => queryPhase(ctx, search, { forScroll: true, scan: true, task }), parentTask));
      const failed = new Set(state.failures.map((f) => `${f.index}\u0000${f.shard}`));
      readable = state.contexts.filter((c) => !failed.has(`${c.index}\u0000${c.shard}`));
      return {
        total: state.totalHits,
        timedOut: state.timedOut,
        failures: state.failures.map((f) => ({ index: f.index, shard: f.shard, node: f.node, error: f.error })),
      };
    },
    async next(max) {
      if (!state) return { hits: [], failures: [] };
      const hits: SourceHit[] = [];
      // a throttled run may wait longer than the keep-alive between batches: renew it per batch
      const keepAlive = search.scrollMs ?? DEFAULT_SCROLL_MS;
      await Promise.all(readable.slice(at.shard).map((c) => ctx.searchShards.renewContext(c.contextId, keepAlive)));
      while (hits.length < max && at.shard < readable.length) {
        if (hits.length > 0) await yieldToLoop();
        const sc = readable[at.shard]!;
        const req = { contextId: sc.contextId, seg: at.seg, doc: at.doc, max: Math.min(SCAN_CHUNK, max - hits.length) };
        const reply = await retryRejectedSearch(retry, async () => {
          const r = await ctx.searchShards.scanPhase(req);
          if ('failure' in r) throw esErrorOf(r.failure);
          return r.ok;
        }).catch((e: unknown) => ({ error: toEsError(e) }));
        if ('error' in reply) {
          const failure: SearchFailure = { index: sc.index, shard: sc.shard, node: ctx.nodeId, error: reply.error };
          return { hits: [], failures: [failure] };
        }
        for (const d of reply.docs) hits.push(toSourceHit(sc.index, d));
        if (reply.next) Object.assign(at, reply.next);
        else Object.assign(at, { shard: at.shard + 1, seg: 0, doc: 0 });
      }
      return { hits, failures: [] };
    },
    async close() {
      const st = state;
      state = undefined;
      if (st) await release(ctx, st.contexts);
    },
  };
}
