/**
 * The one engine of `_reindex`, `_update_by_query` and `_delete_by_query` (ES 5.6
 * `AbstractAsyncBulkByScrollAction`): read a point-in-time view of the source in batches
 * (hit-source.ts), turn each hit into a write (transforms.ts, scripts included), send each
 * batch through the node's one bulk path (`executeBulk`), count everything, and stop on the
 * first failure (a version conflict counts as one unless `conflicts=proceed`), on cancel, or
 * when `size` documents were processed. Between batches it waits out `requests_per_second`
 * and yields to the event loop, so a long run never holds the node.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { NodeContext } from '../context.js';
import { executeBulk, type BulkOptions } from '../bulk/execute-bulk.js';
import type { BulkItemRequest, BulkItemResult } from '../bulk/types.js';
import { broadcast } from '../indices/broadcast.js';
import type { ByScrollRequest } from './request.js';
import type { HitSource } from './hit-source.js';
import { writeFor } from './transforms.js';
import { TimeValue } from '../../units/time-value.js';
import type { RunControl } from './run-control.js';
import { retryRejectedBulk, type RetryPolicy } from './backoff.js';
import type { BulkFailure, ByScrollResult, ByScrollStatus, SearchFailure } from './status.js';

/** How many hits are transformed before the engine yields to the event loop. */
const YIELD_EVERY = 64;
/** How many writes go to the bulk path in one call. */
const WRITE_CHUNK = 100;
/** How many of those calls may be in flight at once. */
const WRITES_IN_FLIGHT = 4;

/** Run `r` over `source` to its end; the counters land in `control.status` as they change. */
export async function runByScroll(ctx: NodeContext, r: ByScrollRequest, source: HitSource, control: RunControl): Promise<ByScrollResult> {
  const started = Date.now();
  const status = control.status;
  const bulkFailures: BulkFailure[] = [];
  const searchFailures: SearchFailure[] = [];
  const written = new Set<string>();
  let timedOut = false;
  try {
    const first = await source.start();
    timedOut = first.timedOut;
    status.total = r.maxDocs >= 0 ? Math.min(first.total, r.maxDocs) : first.total;
    // a run cancelled during its search cancelled that search too: ES checks the cancellation
    // before looking at the scroll response, and ends with no failures
    if (control.cancelled === undefined) searchFailures.push(...first.failures);
    let processed = 0;
    let batchStarted = started;
    let lastBatchSize = 0;
    while (searchFailures.length === 0 && !timedOut && control.cancelled === undefined) {
      if (lastBatchSize > 0) {
        await control.throttle(lastBatchSize, batchStarted);
        if (control.cancelled !== undefined) break;
      }
      await yieldToLoop();
      batchStarted = Date.now();
      const remaining = r.maxDocs >= 0 ? r.maxDocs - processed : Infinity;
      if (remaining <= 0) break;
      const { hits, failures } = await source.next(Math.min(batchSize(r), remaining));
      searchFailures.push(...failures);
      if (failures.length > 0 || hits.length === 0) break;
      status.batches++;
      processed += hits.length;
      lastBatchSize = hits.length;
      const items: BulkItemRequest[] = [];
      for (let i = 0; i < hits.length; i++) {
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToLoop();
        const w = await writeFor(ctx, r, hits[i]!);
        if (w === 'noop') status.noops++;
        else items.push(w);
      }
      if (items.length === 0) {
        control.afterBatch?.();
        continue;
      }
      const results = await writeInChunks(ctx, items, bulkRetryPolicy(r, status), writeOptions(r, control.taskId));
      for (const res of results) {
        count(r, res, status, bulkFailures);
        written.add(res.index);
      }
      // the batch's writes are on disk (synced bulk): a progress record may now count them
      control.afterBatch?.();
      if (bulkFailures.length > 0) break;
    }
  } finally {
    await source.close();
  }
  if (r.refresh && written.size > 0) await broadcast(ctx, [...written].filter((i) => ctx.indices.get(i)), (client, shard) => client.refresh(shard));
  return { status, tookMs: Date.now() - started, timedOut, bulkFailures, searchFailures };
}

/**
 * Send a batch's writes through the bulk path {@link WRITE_CHUNK} at a time, yielding between
 * chunks: one bulk call parses and writes its items without yielding, so a whole 1000-document
 * batch in one call would hold the event loop for its whole duration. Up to
 * {@link WRITES_IN_FLIGHT} chunks are in flight at once, as the chunks of one `_bulk` request
 * are (the next is parsed while the previous one's synced commit is pending, and commits in
 * flight together share an fsync) — unless a document is written twice in the batch, where the
 * chunks go one after the other so that the later write wins, as in ES's bulk.
 */
/**
 * The run's bulks: each chunk is a bulk task, the by-scroll task's child (ES's
 * ParentTaskAssigningClient), with the run's `wait_for_active_shards` and `timeout` (each shard's
 * primary waits for that many active copies, as a bulk request's, failing the shard's items after
 * the timeout).
 */
function writeOptions(r: ByScrollRequest, taskId: number | undefined): BulkOptions {
  return {
    refresh: 'false',
    ...(r.waitForActiveShards !== undefined ? { waitForActiveShards: r.waitForActiveShards } : {}),
    timeout: new TimeValue(r.timeoutMs),
    task: taskId !== undefined ? { parent: taskId } : {},
  };
}

async function writeInChunks(ctx: NodeContext, items: BulkItemRequest[], retry: RetryPolicy, opts: BulkOptions): Promise<BulkItemResult[]> {
  const results: BulkItemResult[] = new Array(items.length);
  const write = (chunk: BulkItemRequest[]): Promise<BulkItemResult[]> => executeBulk(ctx, chunk, opts);
  const overlap = distinctTargets(items);
  const inFlight: Array<Promise<void>> = [];
  let failure: { error: unknown } | undefined;
  for (let i = 0; i < items.length && failure === undefined; i += WRITE_CHUNK) {
    if (i > 0) await yieldToLoop();
    const at = i;
    // rejected items are sent again with backoff, each delay counted in `retries.bulk` (ES `Retry`)
    const done = retryRejectedBulk(retry, items.slice(i, i + WRITE_CHUNK), write).then(
      (res) => res.forEach((r, k) => (results[at + k] = r)),
      (error: unknown) => {
        failure ??= { error };
      },
    );
    inFlight.push(done);
    if (!overlap || inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
  if (failure) throw failure.error;
  return results;
}

/** Whether no document is the target of two items (then chunk order does not matter). */
function distinctTargets(items: readonly BulkItemRequest[]): boolean {
  const seen = new Set<string>();
  for (const it of items) {
    const key = `${it.index}\u0000${it.type}\u0000${it.id}`;
    if (it.id === undefined || seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** The request's bulk backoff, counting into `retries.bulk`. */
function bulkRetryPolicy(r: ByScrollRequest, status: ByScrollStatus): RetryPolicy {
  return { startMs: r.retryBackoffMs, maxRetries: r.maxRetries, onRetry: () => status.bulkRetries++ };
}

/** The request's search backoff, counting into `retries.search`. */
export function searchRetryPolicy(r: ByScrollRequest, status: ByScrollStatus): RetryPolicy {
  return { startMs: r.retryBackoffMs, maxRetries: r.maxRetries, onRetry: () => status.searchRetries++ };
}

/** The scroll batch size (the search `size`, ES default 1000). */
export function batchSize(r: ByScrollRequest): number {
  return r.search.size < 0 ? 1000 : r.search.size;
}

/** Count one bulk item's outcome (ES `AbstractAsyncBulkByScrollAction#onBulkResponse`). */
function count(r: ByScrollRequest, res: BulkItemResult, status: ByScrollStatus, failures: BulkFailure[]): void {
  if (res.error) {
    if (res.error.type === 'version_conflict_engine_exception') {
      status.versionConflicts++;
      if (!r.abortOnVersionConflict) return;
    }
    failures.push({ index: res.index, type: res.type, id: res.id, error: res.error });
    return;
  }
  switch (res.ok?.result) {
    case 'created':
      status.created++;
      break;
    case 'updated':
      status.updated++;
      break;
    case 'deleted':
      status.deleted++;
      break;
    case 'noop':
      status.noops++;
      break;
    default:
      // a delete whose document went away since the scroll read it (ES counts it as deleted too)
      if (res.opType === 'delete') status.deleted++;
  }
}
