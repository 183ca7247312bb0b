/**
 * A by-scroll request as a task (ES 5.6 `BulkByScrollParallelizationHelper` and the
 * `wait_for_completion` handling of `AbstractBaseReindexRestHandler`): registered with the
 * node's tasks (cancellable, with a live status, rethrottlable), split into `slices` child tasks
 * over `_uid` slices when asked (size and rate divided among them), and either awaited or left to
 * run with its result stored in `.tasks`.
 */
import type { NodeContext } from '../context.js';
import { toEsError } from '../../errors/errors.js';
import { taskIdText, taskInfoJson } from '../tasks/task-info.js';
import { reserveStoredTaskIds, storeTaskResult } from '../tasks/task-results.js';
import { ProgressRecorder } from './progress-record.js';
import { runByScroll, searchRetryPolicy } from './by-scroll.js';
import { localHitSource, type HitSource } from './hit-source.js';
import { remoteHitSource } from './remote-hits.js';
import { scanHitSource, scannable } from './scan-hits.js';
import { ACTION_NAMES, describe, type ByScrollRequest } from './request.js';
import { RunControl } from './run-control.js';
import { ByScrollStatus, type ByScrollResult } from './status.js';
import { EsError } from '../../errors/es-error.js';
import { resolveIndices, STRICT_EXPAND_OPEN } from '../resolve-indices.js';
import { DEFAULT_MAX_SLICES, tooManySlices } from '../../dsl/search-source.js';

/** The run's hit source; its rejected searches are retried and counted in `status`. */
function sourceFor(ctx: NodeContext, r: ByScrollRequest, status: ByScrollStatus, taskId: number): HitSource {
  const retry = searchRetryPolicy(r, status);
  if (r.remote) return remoteHitSource(ctx, r.remote, r.search, retry);
  return scannable(ctx, r.search) ? scanHitSource(ctx, r.search, retry, taskId) : localHitSource(ctx, r.search, retry, taskId);
}

/** The request of slice `id` of `n` (ES `AbstractBulkByScrollRequest#forSlice`). */
function forSlice(r: ByScrollRequest, id: number, n: number): ByScrollRequest {
  return {
    ...r,
    search: { ...r.search, slice: { field: '_uid', id, max: n } },
    maxDocs: r.maxDocs < 0 ? -1 : Math.floor(r.maxDocs / n),
    requestsPerSecond: r.requestsPerSecond / n,
    slices: 1,
  };
}

/** Run one (unsliced) request as the task `parentId`'s child, or as a task of its own. */
async function runOne(ctx: NodeContext, r: ByScrollRequest, status: ByScrollStatus, parentId: number | undefined, afterBatch: (() => void) | undefined): Promise<ByScrollResult> {
  const control = new RunControl(status);
  control.afterBatch = afterBatch;
  const reg = ctx.runtime.tasks.register(ACTION_NAMES[r.kind], 'transport', describe(r), parentId, {
    cancellable: true,
    status: () => status.toJson(),
    onCancel: (reason) => control.cancel(reason),
    onRethrottle: (rps) => control.rethrottle(rps),
  });
  try {
    control.taskId = reg.task.id;
    return await runByScroll(ctx, r, sourceFor(ctx, r, status, reg.task.id), control);
  } finally {
    reg.done();
  }
}

/**
 * The most slices a shard of the sources accepts (`index.max_slices_per_scroll`; the default
 * 1024 when no source index resolves).
 */
function sliceLimit(ctx: NodeContext, r: ByScrollRequest): number {
  const state = ctx.cluster.state();
  let names: string[];
  try {
    names = resolveIndices(state, r.search.indices, STRICT_EXPAND_OPEN);
  } catch {
    return 0; // the slices' searches would fail on the expression: the probe below gets the error
  }
  let limit = names.length === 0 ? DEFAULT_MAX_SLICES : 0;
  for (const name of names) limit = Math.max(limit, Number(state.indices[name]?.settings['index.max_slices_per_scroll'] ?? DEFAULT_MAX_SLICES));
  return limit;
}

/**
 * ES starts one child per slice, and each child's search fails on every shard whose index
 * allows fewer slices (the shard's check: lib/search/service/context-checks.ts). Past every
 * source's limit all children would fail alike, so slice 0's search alone is made, for its
 * error, and no child is started: `slices=2147483647` made that many children until the heap
 * ran out and the node died (ES 5.6 dies too, allocating the slices' requests).
 */
async function refuseSlicesPastLimit(ctx: NodeContext, r: ByScrollRequest, status: ByScrollStatus, parentId: number): Promise<void> {
  const limit = sliceLimit(ctx, r);
  if (r.slices <= limit) return;
  const probe = sourceFor(ctx, forSlice(r, 0, r.slices), status, parentId);
  try {
    await probe.start();
  } finally {
    await probe.close();
  }
  // every shard refuses, so the probe threw; this is for sources that hold no shard at all
  throw new EsError('query_phase_execution_exception', 500, tooManySlices(r.slices, limit));
}

/** Run a sliced request: one child task per slice under a parent whose status sums theirs. */
async function runSliced(ctx: NodeContext, r: ByScrollRequest, status: ByScrollStatus, register: Register, afterBatch: (() => void) | undefined): Promise<ByScrollResult> {
  const n = r.slices;
  // filled once the slice count is known to be acceptable (refuseSlicesPastLimit)
  let children: ByScrollStatus[] = [];
  let finished: Array<ByScrollStatus | null> = [];
  const started = Date.now();
  const parentId = register({
    onCancel: (reason) => (status.cancelledReason ??= reason),
    onRethrottle: (rps) => {
      status.requestsPerSecond = rps;
      // the rate is split among the slices still running, as ES 5.6 does
      const running = children.filter((_, i) => finished[i] === null);
      for (const t of ctx.runtime.tasks.list()) if (t.parentId === parentId) ctx.runtime.tasks.rethrottle(t.id, rps / Math.max(1, running.length));
    },
  });
  await refuseSlicesPastLimit(ctx, r, status, parentId);
  children = Array.from({ length: n }, (_, i) => new ByScrollStatus(r.requestsPerSecond / n, i));
  finished = children.map(() => null);
  status.slices = finished;
  status.children = children;
  const results = await Promise.all(
    children.map(async (child, i) => {
      const res = await runOne(ctx, forSlice(r, i, n), child, parentId, afterBatch);
      finished[i] = child;
      status.addSlice(child);
      return res;
    }),
  );
  return {
    status,
    tookMs: Date.now() - started,
    timedOut: results.some((x) => x.timedOut),
    bulkFailures: results.flatMap((x) => x.bulkFailures),
    searchFailures: results.flatMap((x) => x.searchFailures),
  };
}

/** What starting a request gives: the task id, and the run's end. */
export interface StartedRun {
  taskId: string;
  done: Promise<ByScrollResult>;
}

/** What to do with the outcome before the task ends (storing it, so a waiter then finds it). */
export type BeforeEnd = (outcome: { result: ByScrollResult } | { error: unknown }, info: Record<string, unknown>) => Promise<void>;

/** Registers the run's (parent) task with its cancel and rethrottle hooks; returns its id. */
type Register = (opts: { onCancel: (reason: string) => void; onRethrottle: (rps: number) => void }) => number;

/**
 * Start `r` as a task and return at once; `done` settles when it ends. With `recordProgress`,
 * the task keeps a progress record in `.tasks` while it runs (progress-record.ts); `beforeEnd`
 * runs after the last progress write.
 */
export function startByScroll(ctx: NodeContext, r: ByScrollRequest, beforeEnd?: BeforeEnd, opts: { recordProgress?: boolean } = {}): StartedRun {
  const status = new ByScrollStatus(r.requestsPerSecond);
  const control = new RunControl(status);
  let taskId = '';
  let info: Record<string, unknown> = {};
  let finish = (): void => undefined;
  let recorder: ProgressRecorder | undefined;
  const register: Register = (hooks) => {
    const reg = ctx.runtime.tasks.register(ACTION_NAMES[r.kind], 'transport', describe(r), undefined, { cancellable: true, status: () => status.toJson(), ...hooks });
    taskId = taskIdText(ctx, reg.task.id);
    info = taskInfoJson(ctx, reg.task, true);
    finish = reg.done;
    if (opts.recordProgress) {
      recorder = new ProgressRecorder(ctx, taskId, () => ({ ...taskInfoJson(ctx, reg.task, true), status: status.progressJson() }));
      recorder.start();
    }
    return reg.task.id;
  };
  const afterBatch = (): void => recorder?.batchDone();
  const run = async (): Promise<ByScrollResult> => {
    if (r.slices > 1) return runSliced(ctx, r, status, register, afterBatch);
    control.taskId = register({ onCancel: (reason) => control.cancel(reason), onRethrottle: (rps) => control.rethrottle(rps) });
    control.afterBatch = afterBatch;
    return runByScroll(ctx, r, sourceFor(ctx, r, status, control.taskId), control);
  };
  const done = (async () => {
    try {
      const result = await run();
      await recorder?.settle();
      await beforeEnd?.({ result }, { ...info, status: status.toJson() });
      return result;
    } catch (error) {
      await recorder?.settle();
      await beforeEnd?.({ error }, info);
      throw error;
    } finally {
      finish();
    }
  })();
  return { taskId, done };
}

/**
 * `wait_for_completion=false`: start `r` and store its result (or error) in `.tasks` before the
 * task ends. Returns the task id.
 */
export async function startInBackground(ctx: NodeContext, r: ByScrollRequest, render: (res: ByScrollResult) => Record<string, unknown>): Promise<string> {
  // a restarted node must not give this task the id of one whose record is in `.tasks`
  await reserveStoredTaskIds(ctx);
  const run = startByScroll(ctx, r, async (outcome, info) => {
    try {
      await storeTaskResult(ctx, taskIdOf(info, ctx), info, 'result' in outcome ? { response: render(outcome.result) } : { error: toEsError(outcome.error) });
    } catch (e) {
      ctx.logger.warn(`failed to store the result of task [${taskIdOf(info, ctx)}]`, e);
    }
  }, { recordProgress: true });
  run.done.catch(() => undefined);
  return run.taskId;
}

function taskIdOf(info: Record<string, unknown>, ctx: NodeContext): string {
  return `${ctx.nodeId}:${String(info.id)}`;
}
