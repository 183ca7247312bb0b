/**
 * Wipes the cluster between tests, over HTTP, as ES 5.6's `ESRestTestCase.wipeCluster` does
 * after every test: delete all indices (`DELETE /*`), all index templates, and reset persistent
 * and transient cluster settings; we also delete ingest pipelines, which 5.x tests otherwise
 * leak into each other. 404 answers mean "nothing to delete".
 *
 * Before any of that, by-scroll tasks (reindex, update/delete by query) still running are
 * cancelled and waited for. A test that stops after starting one with `wait_for_completion=false`
 * (a step the runner does not know, a failed match) leaves it running, and a running reindex
 * writes on into the next test's indices: its pending batch, landing after `DELETE /*`,
 * auto-created `dest` holding `foo/1`, and `reindex/80_slices.yaml :: Multiple slices` then
 * answered `created: 3` (that document counted as updated). ES 5.6's runner only logs such
 * tasks (`logIfThereAreRunningTasks`); its suite has no step it cannot run.
 */
import type { RestClient, RestResponse } from './http-client.js';

/** What went wrong while wiping: `fatal` makes the test fail, `warnings` are only reported. */
export interface WipeProblems {
  readonly fatal: string[];
  readonly warnings: string[];
}

function describe(what: string, res: RestResponse): string {
  return `${what} answered ${res.status}: ${res.bodyText.slice(0, 300)}`;
}

function ok(res: RestResponse): boolean {
  return res.status < 300 || res.status === 404;
}

function nonEmpty(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}

/** Flattens nested settings (`{a: {b: 1}}`) into ES's dotted keys (`a.b`). */
function flatKeys(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** The task actions that write into indices on their own after their request answered. */
const BY_SCROLL_ACTIONS = 'indices:data/write/reindex,indices:data/write/update/byquery,indices:data/write/delete/byquery';

/** How long the wipe waits for cancelled by-scroll tasks to end (a batch in flight finishes first; under the client's 30 s). */
const TASK_WAIT = '20s';

/** Cancel running by-scroll tasks and wait until they have ended: none may write after the wipe. */
async function stopByScrollTasks(client: RestClient, problems: WipeProblems): Promise<void> {
  const cancel = await client.send({ method: 'POST', path: `/_tasks/_cancel?actions=${BY_SCROLL_ACTIONS}` });
  if (!ok(cancel)) {
    problems.warnings.push(describe('POST /_tasks/_cancel', cancel));
    return;
  }
  const wait = await client.send({ method: 'GET', path: `/_tasks?actions=${BY_SCROLL_ACTIONS}&wait_for_completion=true&timeout=${TASK_WAIT}` });
  if (!ok(wait)) {
    problems.fatal.push(describe('waiting for the cancelled by-scroll tasks', wait));
    return;
  }
  const nodes = (wait.body as { nodes?: Record<string, { tasks?: Record<string, unknown> }> } | null)?.nodes ?? {};
  const left = Object.values(nodes).flatMap((n) => Object.keys(n.tasks ?? {}));
  if (left.length > 0) problems.fatal.push(`by-scroll tasks still running ${TASK_WAIT} after their cancel: ${left.join(', ')}`);
}

/** Stops by-scroll tasks, then deletes indices, templates, pipelines and cluster settings. Never throws for HTTP errors. */
export async function wipeCluster(client: RestClient): Promise<WipeProblems> {
  const problems: WipeProblems = { fatal: [], warnings: [] };
  await stopByScrollTasks(client, problems);
  const indices = await client.send({ method: 'DELETE', path: '/*' });
  if (!ok(indices)) {
    const all = await client.send({ method: 'DELETE', path: '/_all' });
    if (!ok(all)) problems.fatal.push(describe('DELETE /* (and /_all)', indices));
  }
  const templates = await client.send({ method: 'DELETE', path: '/_template/*' });
  if (!ok(templates)) problems.warnings.push(describe('DELETE /_template/*', templates));

  const pipelines = await client.send({ method: 'GET', path: '/_ingest/pipeline' });
  if (pipelines.status < 300 && nonEmpty(pipelines.body)) {
    for (const id of Object.keys(pipelines.body)) {
      const res = await client.send({ method: 'DELETE', path: `/_ingest/pipeline/${encodeURIComponent(id)}` });
      if (!ok(res)) problems.warnings.push(describe(`DELETE /_ingest/pipeline/${id}`, res));
    }
  }

  const settings = await client.send({ method: 'GET', path: '/_cluster/settings' });
  if (settings.status < 300 && settings.body !== null && typeof settings.body === 'object') {
    const body = settings.body as Record<string, unknown>;
    const reset: Record<string, Record<string, null>> = {};
    for (const scope of ['persistent', 'transient']) {
      const value = body[scope];
      if (nonEmpty(value)) reset[scope] = Object.fromEntries(flatKeys(value).map((k) => [k, null]));
    }
    if (Object.keys(reset).length > 0) {
      const res = await client.send({
        method: 'PUT',
        path: '/_cluster/settings',
        body: JSON.stringify(reset),
        headers: { 'Content-Type': 'application/json' },
      });
      if (!ok(res)) problems.warnings.push(describe('PUT /_cluster/settings (reset)', res));
    }
  } else if (!ok(settings)) {
    problems.warnings.push(describe('GET /_cluster/settings', settings));
  }
  return problems;
}
