/**
 * How many items of a multi search run at once (ES 5.6 `TransportMultiSearchAction`): the
 * request's `max_concurrent_searches`, or by default the number of data nodes times the search
 * thread pool size (`(processors * 3) / 2 + 1`) capped at 10 per node. `_mpercolate` and
 * `_msearch/template` hand their items to the same action, so they share the bound. Items start
 * in request order as earlier ones finish; answers keep the request order.
 */
import { availableParallelism } from 'node:os';
import { nodeCounts } from '../../cluster/health.js';
import { illegalArgument } from '../../errors/errors.js';
import { settleBounded } from '../../loop/bounded.js';
import type { NodeContext } from '../context.js';

/** `TransportMultiSearchAction.defaultMaxConcurrentSearches`. */
export function defaultMaxConcurrentSearches(ctx: NodeContext): number {
  const processors = Math.min(32, availableParallelism());
  const pool = Math.min(Math.trunc((processors * 3) / 2) + 1, 10);
  return Math.max(1, nodeCounts(ctx.cluster.state()).dataNodes * pool);
}

/** `MultiSearchRequest#maxConcurrentSearchRequests`'s check of the URI parameter. */
export function checkMaxConcurrentSearches(n: number): number {
  if (n < 1) throw illegalArgument('maxConcurrentSearchRequests must be positive');
  return n;
}

/**
 * Run `fn` over `items`, at most `limit` at a time (undefined: the node's default), answers in
 * item order. `fn` answers its own failures (an item's error is its answer).
 */
export async function runMultiSearch<T, R>(ctx: NodeContext, items: readonly T[], limit: number | undefined, fn: (item: T) => Promise<R>): Promise<R[]> {
  const settled = await settleBounded(items, limit ?? defaultMaxConcurrentSearches(ctx), fn);
  return settled.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  });
}
