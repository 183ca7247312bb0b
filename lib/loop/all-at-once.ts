/**
 * `fn` over every item at once, settled when all are (rejected with the first failure, as
 * `Promise.all`). With a single item it is that item's own promise: no array of promises and
 * no `Promise.all` — a search of a one-shard index (the common case) goes through its query,
 * fetch and release phases on this path for every request.
 */
export function allAtOnce<T>(items: readonly T[], fn: (item: T) => Promise<unknown>): Promise<unknown> {
  return items.length === 1 ? fn(items[0] as T) : Promise.all(items.map((item) => fn(item)));
}
