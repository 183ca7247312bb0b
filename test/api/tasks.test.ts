/**
 * The task APIs with a by-scroll run as the task: `wait_for_completion=false` answers the task
 * id, `GET /_tasks` lists it (filters, detailed status, group_by), `_rethrottle` speeds it up,
 * `_cancel` stops it between batches with a `canceled` reason, and `GET /_tasks/{id}` waits for
 * it and then answers from the `.tasks` results.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode, type TestNode } from '../helpers/node.js';

const seed = (n: TestNode, index: string, docs: number): Promise<void> => seedNumbered(n, index, docs, { settings: { number_of_shards: 1 }, doc: (i) => ({ n: i }) });

/** A delete-by-query that would take years: one document per batch at a tiny rate. */
async function slowTask(n: TestNode, index: string): Promise<string> {
  const res = await n.request('POST', `/${index}/_delete_by_query?wait_for_completion=false&scroll_size=1&requests_per_second=0.00001`, { query: { match_all: {} } });
  assertTask(res.body);
  const task = res.body.task as string;
  // The first batch runs as soon as the run starts, but it may load the search engine first
  // (loaded on first use): wait until its writes are counted and the run waits out its throttle
  // (`batches` counts a batch before its bulk is sent, as ES's countBatch does).
  for (let i = 0; i < 200; i++) {
    const status = (await n.request('GET', `/_tasks/${task}`)).body.task?.status;
    if (status?.throttled_until_millis > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return task;
}

function assertTask(body: unknown): void {
  if (!body || typeof (body as { task?: unknown }).task !== 'string') throw new Error(`no task in ${JSON.stringify(body)}`);
}

test('a background run is listed, rethrottled, and its stored result read back', async (t) => {
  const n = await startTestNode();
  const node = n.node.context.nodeId;
  try {
    await seed(n, 'bg', 3);
    const task = await slowTask(n, 'bg');
    t.regex(task, new RegExp(`^${node}:\\d+$`));
    const list = await n.request('GET', '/_tasks?detailed&actions=*byquery');
    t.is(list.status, 200);
    const entry = list.body.nodes[node].tasks[task];
    t.like(entry, { node, action: 'indices:data/write/delete/byquery', type: 'transport', cancellable: true, description: 'delete-by-query [bg]' });
    t.like(entry.status, { total: 3, deleted: 1, batches: 1 });
    t.true(entry.status.throttled_until_millis > 0);
    t.deepEqual(Object.keys(list.body.nodes[node]).slice(0, 5), ['name', 'transport_address', 'host', 'ip', 'roles']);
    // a filter that matches nothing leaves no node entry
    t.deepEqual((await n.request('GET', '/_tasks?actions=indices:data/write/reindex')).body, { nodes: {} });
    const none = await n.request('GET', '/_tasks?group_by=none&actions=*byquery');
    t.is(none.body.tasks.length, 1);
    const running = await n.request('GET', `/_tasks/${task}`);
    t.is(running.body.completed, false);
    t.is(running.body.task.id, Number(task.split(':')[1]));

    const rethrottled = await n.request('POST', `/_delete_by_query/${task}/_rethrottle?requests_per_second=-1`);
    t.is(rethrottled.status, 200);
    t.truthy(rethrottled.body.nodes[node].tasks[task]);
    const done = await n.request('GET', `/_tasks/${task}?wait_for_completion=true`);
    t.is(done.status, 200);
    t.is(done.body.completed, true);
    t.like(done.body.task, { node, action: 'indices:data/write/delete/byquery' });
    t.like(done.body.response, { total: 3, deleted: 3, batches: 3, failures: [] });
    await n.request('POST', '/bg/_refresh');
    t.is((await n.request('GET', '/bg/_count')).body.count, 0);
    // the result stays until its document is deleted
    t.is((await n.request('GET', `/_tasks/${task}`)).body.completed, true);
    await n.request('DELETE', `/.tasks/task/${task}`);
    t.is((await n.request('GET', `/_tasks/${task}`)).status, 404);
  } finally {
    await n.close();
  }
});

test('cancel stops a run between batches with the canceled reason', async (t) => {
  const n = await startTestNode();
  const node = n.node.context.nodeId;
  try {
    await seed(n, 'cx', 3);
    const task = await slowTask(n, 'cx');
    const cancelled = await n.request('POST', `/_tasks/${task}/_cancel`);
    t.is(cancelled.status, 200);
    t.truthy(cancelled.body.nodes[node].tasks[task]);
    const done = await n.request('GET', `/_tasks/${task}?wait_for_completion=true`);
    t.like(done.body.response, { deleted: 1, canceled: 'by user request' });
    await n.request('POST', '/cx/_refresh');
    t.is((await n.request('GET', '/cx/_count')).body.count, 2);
    // ES reports a missing task as the node's failure, beside an empty listing
    const unknown = await n.request('POST', `/_tasks/${node}:999999/_cancel`);
    t.is(unknown.status, 200);
    t.deepEqual(unknown.body, {
      node_failures: [{ type: 'failed_node_exception', reason: `Failed node [${node}]`, caused_by: { type: 'resource_not_found_exception', reason: `task [${node}:999999] is missing` } }],
      nodes: {},
    });
    const finished = await n.request('POST', `/_delete_by_query/${task}/_rethrottle?requests_per_second=5`);
    t.is(finished.body.node_failures[0].caused_by.reason, `task [${task}] is missing`);
    const bad = await n.request('POST', '/_tasks/x/_cancel');
    t.is(bad.body.error.reason, 'malformed task id x');
  } finally {
    await n.close();
  }
});

test('sliced background runs list their children under the parent (group_by=parents)', async (t) => {
  const n = await startTestNode();
  const node = n.node.context.nodeId;
  try {
    await seed(n, 'sl', 6);
    const res = await n.request('POST', '/sl/_update_by_query?wait_for_completion=false&slices=2&scroll_size=1&requests_per_second=0.00001');
    const task = res.body.task as string;
    const tree = await n.request('GET', '/_tasks?group_by=parents&actions=*byquery');
    const parent = tree.body.tasks[task];
    t.is(parent.children.length, 2);
    for (const c of parent.children) t.is(c.parent_task_id, task);
    const byParent = await n.request('GET', `/_tasks?parent_task_id=${task}`);
    t.is(Object.keys(byParent.body.nodes[node].tasks).length, 2);
    await n.request('POST', `/_update_by_query/${task}/_rethrottle?requests_per_second=unlimited`);
    const done = await n.request('GET', `/_tasks/${task}?wait_for_completion=true`);
    t.like(done.body.response, { total: 6, updated: 6 });
    t.is(done.body.response.slices.length, 2);
  } finally {
    await n.close();
  }
});
