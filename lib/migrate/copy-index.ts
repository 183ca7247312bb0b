/**
 * The document half of `strata migrate` for one index: the target reindexes it from the source
 * (`source.remote`, so the target must whitelist the source's `host:port`), in `slices` background
 * tasks that each read one slice of a sliced scroll, with `version_type: external` and
 * `conflicts: proceed` — a document already copied at the same version is a counted conflict, not
 * a second write, which is what makes a re-run resume. The tasks are polled until they end; each
 * poll reports the documents done so far.
 */
import { ClusterError, type ClusterClient } from './cluster-client.js';

export interface CopyOptions {
  slices: number;
  /** Documents per scroll batch. */
  batchSize: number;
  /** Milliseconds between polls of the tasks. */
  pollMs: number;
}

/** What the tasks of one index did. */
export interface CopyOutcome {
  /** created + updated (documents written). */
  written: number;
  /** Documents already there at the same version (version conflicts, skipped). */
  unchanged: number;
  /** The first failure any slice reported, if any. */
  failure?: string;
}

interface SliceState {
  task: string;
  done: boolean;
  status: Record<string, number>;
  failure?: string;
}

const processed = (s: Record<string, number>): number => (s.created ?? 0) + (s.updated ?? 0) + (s.deleted ?? 0) + (s.noops ?? 0) + (s.version_conflicts ?? 0);

/** Start the slices of `index`'s copy on the target; returns their task ids. */
async function startSlices(source: ClusterClient, target: ClusterClient, index: string, opts: CopyOptions): Promise<string[]> {
  const remote: Record<string, unknown> = { host: source.url };
  if (source.username !== undefined && source.password !== undefined) {
    remote.username = source.username;
    remote.password = source.password;
  }
  const tasks: string[] = [];
  for (let id = 0; id < opts.slices; id++) {
    const body = {
      conflicts: 'proceed',
      source: { index, size: opts.batchSize, remote, ...(opts.slices > 1 ? { slice: { id, max: opts.slices } } : {}) },
      dest: { index, version_type: 'external' },
    };
    const started = (await target.call('POST', '/_reindex?wait_for_completion=false', body)) as { task?: string };
    if (typeof started.task !== 'string') throw new ClusterError(500, 'status_exception', `no task id in ${JSON.stringify(started)}`);
    tasks.push(started.task);
  }
  return tasks;
}

/** Poll one slice's task; a finished one keeps its response's counters and first failure. */
async function poll(target: ClusterClient, s: SliceState): Promise<void> {
  const got = (await target.call('GET', `/_tasks/${encodeURIComponent(s.task)}`)) as {
    completed?: boolean;
    task?: { status?: Record<string, number> };
    response?: Record<string, unknown>;
    error?: { type?: string; reason?: string };
  };
  if (got.completed) {
    s.done = true;
    if (got.error) s.failure = `${got.error.type}: ${got.error.reason}`;
    const res = got.response ?? {};
    s.status = res as Record<string, number>;
    const failures = res.failures as Array<{ cause?: { reason?: string }; reason?: { reason?: string } }> | undefined;
    if (failures && failures.length > 0) s.failure = failures[0]!.cause?.reason ?? failures[0]!.reason?.reason ?? JSON.stringify(failures[0]);
  } else if (got.task?.status) {
    s.status = got.task.status;
  }
}

/**
 * Copy `index`'s documents from `source` into the existing `index` on `target`, calling
 * `progress(done)` after every poll; resolves when every slice ended.
 */
export async function copyDocuments(source: ClusterClient, target: ClusterClient, index: string, opts: CopyOptions, progress: (done: number) => void): Promise<CopyOutcome> {
  const slices: SliceState[] = (await startSlices(source, target, index, opts)).map((task) => ({ task, done: false, status: {} }));
  while (slices.some((s) => !s.done)) {
    await new Promise((r) => setTimeout(r, opts.pollMs));
    await Promise.all(slices.filter((s) => !s.done).map((s) => poll(target, s)));
    progress(slices.reduce((n, s) => n + processed(s.status), 0));
  }
  const out: CopyOutcome = {
    written: slices.reduce((n, s) => n + (s.status.created ?? 0) + (s.status.updated ?? 0), 0),
    unchanged: slices.reduce((n, s) => n + (s.status.version_conflicts ?? 0), 0),
  };
  const failed = slices.find((s) => s.failure !== undefined);
  if (failed) out.failure = failed.failure!;
  return out;
}
