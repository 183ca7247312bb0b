/**
 * ES 5.6's thread pool names, as the nodes and cat APIs list them. Strata has no thread pools:
 * every request of every kind runs on Node's one event-loop thread (LevelDB I/O runs on libuv's
 * worker pool underneath), so each pool is reported honestly as one fixed thread with an
 * unbounded queue, and no per-pool activity is counted (active, queue, rejected, completed 0).
 */

/** ES 5.6 `ThreadPool.Names` that a 5.6 node reports, in its order. */
export const THREAD_POOL_NAMES: readonly string[] = [
  'bulk', 'fetch_shard_started', 'fetch_shard_store', 'flush', 'force_merge', 'generic', 'get', 'index',
  'listener', 'management', 'refresh', 'search', 'snapshot', 'warmer',
];

/** ES `ThreadPool.Info` for one pool. */
export interface ThreadPoolInfo {
  type: 'fixed';
  min: number;
  max: number;
  queueSize: number;
}

export function threadPoolInfo(): ThreadPoolInfo {
  return { type: 'fixed', min: 1, max: 1, queueSize: -1 };
}

/** `_nodes/thread_pool`: `{name: {type, min, max, queue_size}}`. */
export function threadPoolInfoJson(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of THREAD_POOL_NAMES) {
    const i = threadPoolInfo();
    out[name] = { type: i.type, min: i.min, max: i.max, queue_size: i.queueSize };
  }
  return out;
}

/** ES `ThreadPoolStats.Stats` of one pool. */
export interface ThreadPoolStats {
  threads: number;
  queue: number;
  active: number;
  rejected: number;
  largest: number;
  completed: number;
}

export function threadPoolStats(): ThreadPoolStats {
  return { threads: 1, queue: 0, active: 0, rejected: 0, largest: 1, completed: 0 };
}

/** `_nodes/stats/thread_pool`: `{name: {threads, queue, active, rejected, largest, completed}}`. */
export function threadPoolStatsJson(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of THREAD_POOL_NAMES) out[name] = { ...threadPoolStats() };
  return out;
}
