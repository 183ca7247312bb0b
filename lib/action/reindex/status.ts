/**
 * The counters of one by-scroll run (ES 5.6 `BulkByScrollTask.Status`) and the response around
 * them (`BulkByScrollResponse`): what `_reindex`, `_update_by_query` and `_delete_by_query`
 * answer, what `GET /_tasks/{id}` shows while they run, and what the `.tasks` index keeps.
 */
import type { EsError } from '../../errors/errors.js';
import { JsonFloat } from '../../units/java-number.js';
import { errorJson } from '../search/search-errors.js';

/** A write that failed (ES `BulkItemResponse.Failure`). */
export interface BulkFailure {
  index: string;
  type: string;
  id: string;
  error: EsError;
}

/** A scroll (search) failure (ES `ScrollableHitSource.SearchFailure`). */
export interface SearchFailure {
  index?: string;
  shard?: number;
  node?: string;
  error: EsError;
}

/** Which write counters a response shows (delete-by-query shows neither, update-by-query no `created`). */
export interface ResponseShape {
  updated: boolean;
  created: boolean;
}

/** The live counters of a run; the engine updates them, task listings read them. */
export class ByScrollStatus {
  total = 0;
  updated = 0;
  created = 0;
  deleted = 0;
  batches = 0;
  versionConflicts = 0;
  noops = 0;
  bulkRetries = 0;
  searchRetries = 0;
  throttledMillis = 0;
  /** `Infinity` = unthrottled (rendered -1). */
  requestsPerSecond: number;
  /** When the next batch may start (ms since epoch; 0 = not waiting). */
  throttledUntil = 0;
  cancelledReason: string | undefined;
  sliceId: number | undefined;
  /** Finished slices' statuses (a sliced parent only), by slice id; running ones are null. */
  slices: Array<ByScrollStatus | null> | undefined;
  /** Every slice's live status, running ones included (a sliced parent only; for progress records). */
  children: ByScrollStatus[] | undefined;

  constructor(requestsPerSecond: number, sliceId?: number) {
    this.requestsPerSecond = requestsPerSecond;
    this.sliceId = sliceId;
  }

  /** Add a finished slice's counters (ES `BulkByScrollTask.Status(List<StatusOrException>)` sums them). */
  addSlice(s: ByScrollStatus): void {
    this.total += s.total;
    this.updated += s.updated;
    this.created += s.created;
    this.deleted += s.deleted;
    this.batches += s.batches;
    this.versionConflicts += s.versionConflicts;
    this.noops += s.noops;
    this.bulkRetries += s.bulkRetries;
    this.searchRetries += s.searchRetries;
    this.throttledMillis += s.throttledMillis;
    if (s.cancelledReason !== undefined) this.cancelledReason ??= s.cancelledReason;
  }

  /**
   * The status a progress record keeps: this one, or for a sliced parent the sum over every
   * slice with each slice listed, running ones included (the task listing shows finished slices
   * only, as ES does; a record written before a crash should say everything that was done).
   */
  progressJson(): Record<string, unknown> {
    if (!this.children) return this.toJson();
    const sum = new ByScrollStatus(this.requestsPerSecond);
    for (const c of this.children) sum.addSlice(c);
    if (this.cancelledReason !== undefined) sum.cancelledReason = this.cancelledReason;
    sum.slices = this.children;
    return sum.toJson();
  }

  /** The status object (ES `Status#innerXContent`); `shape` hides counters a response leaves out. */
  toJson(shape: ResponseShape = { updated: true, created: true }): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (this.sliceId !== undefined) out.slice_id = this.sliceId;
    out.total = this.total;
    if (shape.updated) out.updated = this.updated;
    if (shape.created) out.created = this.created;
    out.deleted = this.deleted;
    out.batches = this.batches;
    out.version_conflicts = this.versionConflicts;
    out.noops = this.noops;
    out.retries = { bulk: this.bulkRetries, search: this.searchRetries };
    out.throttled_millis = Math.round(this.throttledMillis);
    out.requests_per_second = new JsonFloat(Number.isFinite(this.requestsPerSecond) ? this.requestsPerSecond : -1);
    if (this.cancelledReason !== undefined) out.canceled = this.cancelledReason;
    out.throttled_until_millis = this.throttledUntil > 0 ? Math.max(0, Math.round(this.throttledUntil - Date.now())) : 0;
    if (this.slices) out.slices = this.slices.map((s) => (s ? s.toJson(shape) : null));
    return out;
  }
}

/** The outcome of a run: its counters, failures and whether the search timed out. */
export interface ByScrollResult {
  status: ByScrollStatus;
  tookMs: number;
  timedOut: boolean;
  bulkFailures: BulkFailure[];
  searchFailures: SearchFailure[];
}

/** The `failures` array: bulk failures, then search failures (ES `BulkByScrollResponse#toXContent`). */
export function failuresJson(r: ByScrollResult): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const f of r.bulkFailures) out.push({ index: f.index, type: f.type, id: f.id, cause: errorJson(f.error), status: f.error.status });
  for (const f of r.searchFailures) {
    const o: Record<string, unknown> = {};
    if (f.index !== undefined) o.index = f.index;
    if (f.shard !== undefined) o.shard = f.shard;
    if (f.node !== undefined) o.node = f.node;
    o.reason = errorJson(f.error);
    out.push(o);
  }
  return out;
}

/** The response body (ES `BulkByScrollResponse#toXContent`). */
export function responseJson(r: ByScrollResult, shape: ResponseShape): Record<string, unknown> {
  return { took: r.tookMs, timed_out: r.timedOut, ...r.status.toJson(shape), failures: failuresJson(r) };
}

/**
 * The HTTP status (ES `BulkIndexByScrollResponseContentListener#getStatus`): 200, 408 when timed
 * out, or the highest status among the failures.
 */
export function responseStatus(r: ByScrollResult): number {
  let status = r.timedOut ? 408 : 200;
  for (const f of r.bulkFailures) status = Math.max(status, f.error.status);
  for (const f of r.searchFailures) status = Math.max(status, f.error.status);
  return status;
}
