/**
 * The node-level `_cat` tables over HTTP: master, nodes, nodeattrs, thread_pool, tasks,
 * plugins, fielddata, pending_tasks, repositories, snapshots, and the `/_cat` listing.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let n: TestNode;
let id: string;

test.before(async () => {
  n = await startTestNode({ settings: { 'node.name': 'tables', 'node.attr.zone': 'east', 'node.attr.disk': 'ssd' } });
  id = n.node.context.nodeId;
});
test.after.always(async () => {
  await n.close();
});

test('_cat/master: this node', async (t) => {
  t.is((await n.request('GET', '/_cat/master')).text, `${id} 127.0.0.1 127.0.0.1 tables\n`);
  t.deepEqual((await n.request('GET', '/_cat/master?format=json&h=id,n')).body, [{ id, n: 'tables' }]);
});

test('_cat/nodeattrs: one row per node.attr setting', async (t) => {
  const r = await n.request('GET', '/_cat/nodeattrs?v&s=attr');
  t.is(r.text, 'node   host      ip        attr value\ntables 127.0.0.1 127.0.0.1 disk ssd\ntables 127.0.0.1 127.0.0.1 zone east\n');
  t.deepEqual((await n.request('GET', '/_cat/nodeattrs?h=id,pid,attr.name,attr.value&format=json&s=attr.name:desc&full_id=true')).body, [
    { id, pid: String(process.pid), 'attr.name': 'zone', 'attr.value': 'east' },
    { id, pid: String(process.pid), 'attr.name': 'disk', 'attr.value': 'ssd' },
  ]);
});

test('_cat/nodes: V8 heap and file descriptors of this process', async (t) => {
  const r = await n.request('GET', '/_cat/nodes?h=id,heap.max,file_desc.current,file_desc.max,node.role,master,name&format=json&bytes=b&full_id=true');
  const [row] = r.body as Array<Record<string, string>>;
  t.like(row, { id, 'node.role': 'mdi', master: '*', name: 'tables' });
  t.true(Number(row!['heap.max']) > 0);
  t.true(Number(row!['file_desc.current']) > 0);
  t.true(Number(row!['file_desc.max']) >= Number(row!['file_desc.current']) || row!['file_desc.max'] === '-1');
});

test('_cat/thread_pool: one row per pool, patterns and columns', async (t) => {
  const all = await n.request('GET', '/_cat/thread_pool?h=name');
  t.is(all.text.split('\n').filter(Boolean).length, 14);
  const r = await n.request('GET', '/_cat/thread_pool/search,bulk?v');
  t.is(r.text, 'node_name name   active queue rejected\ntables    bulk        0     0        0\ntables    search      0     0        0\n');
  t.deepEqual((await n.request('GET', '/_cat/thread_pool/ge*?h=n,t,s,qs,mi,ma,ka,c&format=json')).body, [
    { n: 'generic', t: 'fixed', s: '1', qs: '-1', mi: '1', ma: '1', ka: null, c: '0' },
    { n: 'get', t: 'fixed', s: '1', qs: '-1', mi: '1', ma: '1', ka: null, c: '0' },
  ]);
});

test('_cat/tasks: the listing sees itself and its child', async (t) => {
  const r = await n.request('GET', '/_cat/tasks?format=json&h=action,task_id,parent_task_id,type,node,ip&detailed');
  const rows = r.body as Array<Record<string, string>>;
  t.is(rows.length, 2);
  t.like(rows[0], { action: 'cluster:monitor/tasks/lists', parent_task_id: '-', type: 'transport', node: 'tables', ip: '127.0.0.1' });
  t.like(rows[1], { action: 'cluster:monitor/tasks/lists[n]', parent_task_id: rows[0]!.task_id, type: 'direct' });
  t.regex(rows[0]!.task_id!, new RegExp(`^${id.replace(/[-]/g, '\\-')}:\\d+$`));
  t.deepEqual((await n.request('GET', '/_cat/tasks?actions=*lists[n]&h=action&format=json')).body, [{ action: 'cluster:monitor/tasks/lists[n]' }]);
  t.is((await n.request('GET', '/_cat/tasks?node_id=nobody')).text, '');
  t.regex((await n.request('GET', '/_cat/tasks?help')).text, /^id +\| +\| id of the task with the node\s*\naction +\| ac +\| task action/);
});

test('_cat/plugins, fielddata, pending_tasks, repositories: empty tables with ES columns', async (t) => {
  for (const path of ['/_cat/plugins', '/_cat/fielddata', '/_cat/fielddata/foo', '/_cat/pending_tasks', '/_cat/repositories']) {
    const r = await n.request('GET', path);
    t.is(r.status, 200, path);
    t.is(r.text, '', path);
  }
  t.is((await n.request('GET', '/_cat/pending_tasks?v')).text, 'insertOrder timeInQueue priority source\n');
  t.is((await n.request('GET', '/_cat/repositories?v')).text, 'id type\n');
  t.regex((await n.request('GET', '/_cat/fielddata?help')).text, /^id +\| +\| node id\s*\nhost +\| h +\| host name/);
});

test('_cat/snapshots: no repository exists', async (t) => {
  const r = await n.request('GET', '/_cat/snapshots/backups');
  t.is(r.status, 404);
  t.deepEqual(r.body.error.root_cause, [{ type: 'repository_missing_exception', reason: '[backups] missing' }]);
  const none = await n.request('GET', '/_cat/snapshots');
  t.is(none.status, 400);
  t.is(none.body.error.type, 'action_request_validation_exception');
  t.is(none.body.error.reason, 'Validation Failed: 1: repository is missing;');
  t.regex((await n.request('GET', '/_cat/snapshots/backups?help')).text, /^id +\| id,snapshot +\| unique snapshot id/);
});

test('/_cat lists every cat endpoint', async (t) => {
  const r = await n.request('GET', '/_cat');
  for (const p of ['/_cat/allocation', '/_cat/shards/{index}', '/_cat/master', '/_cat/tasks', '/_cat/segments', '/_cat/count/{index}', '/_cat/recovery',
    '/_cat/pending_tasks', '/_cat/thread_pool/{thread_pool_patterns}', '/_cat/plugins', '/_cat/fielddata/{fields}', '/_cat/nodeattrs', '/_cat/repositories',
    '/_cat/snapshots/{repository}']) {
    t.true(r.text.includes(`\n${p}\n`), p);
  }
});
