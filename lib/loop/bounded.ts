/**
 * Run async work over many items with at most `limit` in flight: enough to overlap store round
 * trips, few enough that the work does not flood libuv's thread pool (a FIFO of 4 threads by
 * default). 1,024 shard opens queued at once put every other store read and write of the node,
 * the cluster state's fsync included, behind them.
 */

/** `fn` over `items`, at most `limit` at a time; results in item order, as `Promise.allSettled` gives them. */
export async function settleBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const out = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = { status: 'fulfilled', value: await fn(items[i] as T, i) };
      } catch (reason) {
        out[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return out;
}
