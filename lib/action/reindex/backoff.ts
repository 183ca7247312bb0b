/**
 * Retrying rejected work with backoff, as ES 5.6's by-scroll actions do: the request's
 * `BackoffPolicy.exponentialBackoff(retry_backoff_initial_time = 500ms, max_retries = 11)`,
 * a fresh sequence of delays per search request (`ScrollableHitSource`'s `RetryHelper`, which
 * retries a search or scroll rejected with 429 `es_rejected_execution_exception`) and per bulk
 * (`Retry.on(EsRejectedExecutionException)`: only the rejected items are sent again, and only
 * while every failed item of the bulk was a rejection). Every delay taken counts one retry
 * (`retries.search`, `retries.bulk`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { EsError } from '../../errors/errors.js';
import type { BulkItemResult } from '../bulk/types.js';

/**
 * ES `BackoffPolicy.ExponentialBackoffIterator`: `start + 10 * ((int) e^(0.8·k) - 1)` ms for the
 * k-th retry (k from 0), at most `maxRetries` of them: 500, 510, 530, 600, 730, 1030, 1700, …
 */
export function* exponentialBackoff(startMs: number, maxRetries: number): Generator<number> {
  for (let k = 0; k < maxRetries; k++) yield startMs + 10 * (Math.trunc(Math.exp(0.8 * k)) - 1);
}

/** What a by-scroll run retries with: its policy and the counter a retry bumps. */
export interface RetryPolicy {
  startMs: number;
  maxRetries: number;
  onRetry(): void;
}

/** A search or scroll rejection: ES's `EsRejectedExecutionException`, or any 429 answer of a remote. */
export function isRejection(e: unknown): boolean {
  return e instanceof EsError && (e.status === 429 || e.type === 'es_rejected_execution_exception');
}

/**
 * Run `attempt`, retrying it after each backoff delay while it throws a rejection; the last
 * rejection (or any other error) propagates.
 */
export async function retryRejectedSearch<T>(policy: RetryPolicy | undefined, attempt: () => Promise<T>): Promise<T> {
  const delays = policy ? exponentialBackoff(policy.startMs, policy.maxRetries) : undefined;
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      const next = delays?.next();
      if (!isRejection(e) || !next || next.done) throw e;
      policy!.onRetry();
      await sleep(next.value);
    }
  }
}

/**
 * Write `items` with `write`, then send again the items rejected by their shard (ES `Retry`):
 * while every failed item is a rejection and the policy has a delay left, wait it out and retry
 * those items only. Returns one result per item, in order.
 */
export async function retryRejectedBulk<I>(policy: RetryPolicy, items: I[], write: (items: I[]) => Promise<BulkItemResult[]>): Promise<BulkItemResult[]> {
  const results = await write(items);
  const delays = exponentialBackoff(policy.startMs, policy.maxRetries);
  for (;;) {
    const failed: number[] = [];
    for (let i = 0; i < results.length; i++) if (results[i]!.error) failed.push(i);
    if (failed.length === 0 || !failed.every((i) => isRejection(results[i]!.error))) return results;
    const next = delays.next();
    if (next.done) return results;
    policy.onRetry();
    await sleep(next.value);
    const again = await write(failed.map((i) => items[i]!));
    failed.forEach((slot, k) => (results[slot] = again[k]!));
  }
}
