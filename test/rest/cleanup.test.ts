/**
 * The runner's wipe between tests against a real node: a by-scroll task a test left running
 * (`reindex/70_throttle.yaml :: Rethrottle but not unlimited` stops at a step the runner does not
 * know, its reindex throttled to one batch in ~9.5 years) is cancelled and has ended before the
 * wipe answers. Left running, its pending batch could land after `DELETE /*` and auto-create
 * `dest` holding `foo/1`: `reindex/80_slices.yaml :: Multiple slices`, the next test, then
 * answered `created: 3, updated: 1` on a loaded machine.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';
import { RestClient } from './runner/http-client.js';
import { wipeCluster } from './runner/cleanup.js';

/** The reindex tasks running on any node, by id. */
async function runningReindexTasks(n: TestNode): Promise<string[]> {
  const res = await n.request('GET', '/_tasks?actions=*reindex');
  const nodes = (res.body.nodes ?? {}) as Record<string, { tasks: Record<string, unknown> }>;
  return Object.values(nodes).flatMap((x) => Object.keys(x.tasks));
}

/** Wait until the task's status counts `created` documents (its first batch is written). */
async function untilCreated(n: TestNode, task: string, created: number): Promise<void> {
  for (;;) {
    const res = await n.request('GET', `/_tasks/${task}`);
    if ((res.body.task?.status?.created ?? 0) >= created) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('the wipe cancels a throttled background reindex and waits for its end; the next sliced reindex creates every document', async (t) => {
  const n = await startTestNode();
  const client = new RestClient(n.url);
  try {
    await n.request('PUT', '/source', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
    for (const id of [1, 2, 3]) await n.request('PUT', `/source/foo/${id}`, { text: 'test' });
    await n.request('POST', '/_refresh');
    const started = await n.request('POST', '/_reindex?wait_for_completion=false&requests_per_second=0.00000001', { source: { index: 'source', size: 1 }, dest: { index: 'dest' } });
    t.is(started.status, 200);
    const task = started.body.task as string;
    await untilCreated(n, task, 1);
    t.deepEqual(await runningReindexTasks(n), [task]);

    const problems = await wipeCluster(client);
    t.deepEqual(problems, { fatal: [], warnings: [] });
    // ended, not only marked cancelled: nothing of it can write into the next test's indices
    t.deepEqual(await runningReindexTasks(n), []);
    t.is((await n.request('HEAD', '/dest')).status, 404);

    // the next test (reindex/80_slices.yaml :: Multiple slices) finds a clean cluster
    for (const id of [1, 2, 3, 4]) await n.request('PUT', `/source/foo/${id}`, { text: 'test' });
    await n.request('POST', '/_refresh');
    const sliced = await n.request('POST', '/_reindex?slices=5', { source: { index: 'source' }, dest: { index: 'dest' } });
    t.is(sliced.status, 200);
    t.like(sliced.body, { total: 4, created: 4, updated: 0, version_conflicts: 0, failures: [] });
    t.deepEqual(
      (sliced.body.slices as Array<{ total: number; created: number }>).map((s) => s.total),
      (sliced.body.slices as Array<{ total: number; created: number }>).map((s) => s.created),
    );
  } finally {
    client.close();
    await n.close();
  }
});
