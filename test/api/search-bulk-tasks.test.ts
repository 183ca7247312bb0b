/**
 * Searches and bulks as tasks (issue 10: "every long-running request is a task"), as ES 5.6
 * lists them: a search is a cancellable `indices:data/read/search` task described as
 * `indices[..], types[..], search_type[..], source[..]`, its shard phases are its children
 * (`[phase/query]`, described by their shard); cancelling it stops the running phase with
 * `task_cancelled_exception`. A bulk is an `indices:data/write/bulk` task described as
 * `requests[N], indices[..]` (the indices in Java HashSet order), each shard's part its `[s]` child.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { ndjson, startTestNode, type TestNode } from '../helpers/node.js';
import { javaHashSetOrder } from '../../lib/units/java-hash.js';

/**
 * A script query that runs for a second or more over the seeded documents, each call far within
 * the 50 ms script budget even on a loaded machine (a call that trips it fails the search before
 * the listing sees it). Calls of 10,000 iterations over 3,000 documents measured up to 27 ms of CPU
 * for the first (cold) call under c8 with the machine loaded, half the budget; calls of 5,000 over
 * 6,000 documents (the same work) stay near a third of it, as in test/cluster/node-apis.test.ts.
 */
const ENDLESS = 'long s = 0; for (int i = 0; i < 5000; i++) { s += i; } return s > 0;';
/** The documents the script runs over: 6,000 calls of {@link ENDLESS}. */
const SLOW_DOCS = 6000;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 1000; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never saw ${what}`);
}

test('a running search is listed with its shard phase, and cancelling it fails the phase with task_cancelled_exception', async (t) => {
  const n = await startTestNode();
  const node = n.node.context.nodeId;
  try {
    await seedNumbered(n, 'slow', SLOW_DOCS, { settings: { number_of_shards: 1 } });
    let answered: unknown;
    const pending = n.request('POST', '/slow/doc/_search', { size: 1, query: { script: { script: ENDLESS } } });
    void pending.then((res) => (answered = res.body));
    const [parentId, parent] = await until('the search task with its query phase', async () => {
      if (answered !== undefined) throw new Error(`the search answered before it was listed: ${JSON.stringify(answered).slice(0, 500)}`);
      const list = await n.request('GET', '/_tasks?actions=indices:data/read/search*&detailed&group_by=parents');
      const entry = Object.entries<any>(list.body.tasks).find(([, v]) => v.action === 'indices:data/read/search' && v.children?.length === 1);
      return entry as [string, any] | undefined;
    });
    t.like(parent, {
      node,
      type: 'transport',
      action: 'indices:data/read/search',
      description: `indices[slow], types[doc], search_type[QUERY_THEN_FETCH], source[{"size":1,"query":{"script":{"script":{"inline":${JSON.stringify(ENDLESS)},"lang":"painless"},"boost":1.0}}}]`,
      cancellable: true,
    });
    t.like(parent.children[0], {
      node,
      type: 'transport',
      action: 'indices:data/read/search[phase/query]',
      description: 'shardId[[slow][0]]',
      cancellable: true,
      parent_task_id: parentId,
    });

    const cancelled = await n.request('POST', `/_tasks/${parentId}/_cancel`);
    t.is(cancelled.status, 200);
    t.like(cancelled.body.nodes[node].tasks[parentId], { action: 'indices:data/read/search', cancellable: true });
    const res = await pending;
    t.is(res.status, 500);
    t.like(res.body.error, { type: 'search_phase_execution_exception', reason: 'all shards failed', phase: 'query', grouped: true });
    t.deepEqual(res.body.error.root_cause, [{ type: 'task_cancelled_exception', reason: 'cancelled' }]);
    t.deepEqual(res.body.error.failed_shards[0].reason, { type: 'task_cancelled_exception', reason: 'cancelled' });
    // nothing is left registered once the search answered
    t.deepEqual((await n.request('GET', '/_tasks?actions=indices:data/read/search*')).body, { nodes: {} });
  } finally {
    await n.close();
  }
});

test('a count, a scroll page and a dfs search run as search tasks', async (t) => {
  const n = await startTestNode();
  try {
    await seedNumbered(n, 'few', 20, { settings: { number_of_shards: 2 } });
    const seen: Array<{ action: string; description: string; parent?: number }> = [];
    const tasks = n.node.context.runtime.tasks;
    const register = tasks.register.bind(tasks);
    tasks.register = (action, type, description, parentId, opts) => {
      const reg = register(action, type, description, parentId, opts);
      seen.push({ action, description: typeof description === 'function' ? description() : description, ...(parentId !== undefined ? { parent: parentId } : {}) });
      return reg;
    };
    t.is((await n.request('GET', '/few/_count')).body.count, 20);
    t.deepEqual(
      seen.map((s) => s.action),
      ['indices:data/read/search', 'indices:data/read/search[phase/query]', 'indices:data/read/search[phase/query]'],
    );
    // ES 5.6 RestCountAction: a size-0 source
    t.is(seen[0]!.description, 'indices[few], types[], search_type[QUERY_THEN_FETCH], source[{"size":0}]');
    seen.length = 0;
    // URI parameters are set on the source as ES's RestSearchAction sets them on its builder
    await n.request('GET', '/few/_search?q=n:1&size=3&sort=n:desc&_source=false&timeout=10s');
    const source = JSON.parse(/source\[(.*)\]$/.exec(seen[0]!.description)![1]!);
    t.deepEqual(Object.keys(source), ['size', 'timeout', 'query', '_source', 'sort']);
    t.like(source, { size: 3, timeout: '10s', _source: false, sort: [{ n: { order: 'desc' } }] });
    t.like(source.query.query_string, { query: 'n:1', default_operator: 'or', boost: 1 });
    seen.length = 0;
    const first = await n.request('POST', '/few/_search?scroll=1m&search_type=dfs_query_then_fetch', { size: 15, sort: ['_doc'] });
    t.is(first.status, 200);
    t.deepEqual([...new Set(seen.map((s) => s.action))], [
      'indices:data/read/search',
      'indices:data/read/search[phase/dfs]',
      'indices:data/read/search[phase/query/id]',
      'indices:data/read/search[phase/fetch/id]',
    ]);
    t.is(seen[0]!.description, 'indices[few], types[], search_type[DFS_QUERY_THEN_FETCH], source[{"size":15,"sort":[{"_doc":{"order":"asc"}}]}]');
    seen.length = 0;
    const scrollId = first.body._scroll_id as string;
    const page = await n.request('POST', '/_search/scroll', { scroll_id: scrollId, scroll: '90s' });
    t.is(page.body.hits.hits.length, 5);
    t.like(seen[0], { action: 'indices:data/read/scroll', description: `scrollId[${scrollId}], scroll[Scroll{keepAlive=1.5m}]` });
    t.true(seen.slice(1).every((s) => s.action === 'indices:data/read/search[phase/fetch/id/scroll]' && /^id\[\d+\], size\[\d+\], lastEmittedDoc\[null\]$/.test(s.description)));
  } finally {
    await n.close();
  }
});

/** Hold every shard bulk until released, so the test can list the bulk while it runs. */
function gateShardBulks(n: TestNode): () => void {
  const client = n.node.context.indices.client;
  const bulk = client.bulk.bind(client);
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  client.bulk = async (req) => {
    await gate;
    return bulk(req);
  };
  return () => {
    client.bulk = bulk;
    open();
  };
}

test('a running bulk is listed with one [s] child per shard, described as ES describes them', async (t) => {
  const n = await startTestNode();
  const node = n.node.context.nodeId;
  try {
    for (const index of ['twitter', 'logs', 'idx-b']) await n.request('PUT', `/${index}`, { settings: { number_of_shards: 1 } });
    const release = gateShardBulks(n);
    const lines = ['twitter', 'idx-b', 'logs', 'twitter'].flatMap((index, i) => [{ index: { _index: index, _type: 'doc', _id: String(i) } }, { i }]);
    const pending = n.request('POST', '/_bulk', ndjson(lines));
    const bulk = await until('the bulk with its three shard requests', async () => {
      const list = await n.request('GET', '/_tasks?actions=indices:data/write/bulk*&detailed&group_by=parents');
      const entry = Object.values<any>(list.body.tasks).find((v) => v.action === 'indices:data/write/bulk' && v.children?.length === 3);
      return entry as any;
    });
    release();
    t.like(bulk, { node, type: 'transport', action: 'indices:data/write/bulk', description: 'requests[4], indices[twitter, idx-b, logs]', cancellable: false });
    t.deepEqual(
      bulk.children.map((c: any) => c.description).sort(),
      ['requests[1], index[idx-b]', 'requests[1], index[logs]', 'requests[2], index[twitter]'],
    );
    t.true(bulk.children.every((c: any) => c.action === 'indices:data/write/bulk[s]' && c.parent_task_id === `${node}:${bulk.id}`));
    const res = await pending;
    t.is(res.status, 200);
    t.false(res.body.errors);
    t.deepEqual((await n.request('GET', '/_tasks?actions=indices:data/write/bulk*')).body, { nodes: {} });
  } finally {
    await n.close();
  }
});

test('Java HashSet iteration order: by spread hash bucket, insertion order within a bucket, resized past three quarters', (t) => {
  // "apple" and "cherry" share bucket 1 of 16, "banana" is in bucket 0
  t.deepEqual(javaHashSetOrder(['apple', 'banana', 'cherry']), ['banana', 'apple', 'cherry']);
  t.deepEqual(javaHashSetOrder(['cherry', 'banana', 'apple']), ['banana', 'cherry', 'apple']);
  t.deepEqual(javaHashSetOrder(['b', 'a', 'b', 'c']), ['a', 'b', 'c']);
  // 'q' (113) and 'a' (97) share bucket 1 of 16, 'q' first as inserted first; with 13 entries (over
  // 16 * 0.75) the table has 32 buckets and 'q' moves to bucket 17, after 'a'..'l' (buckets 1..12)
  t.deepEqual(javaHashSetOrder(['q', ...'abcdefghijk']), ['q', ...'abcdefghijk']);
  t.deepEqual(javaHashSetOrder(['q', ...'abcdefghijkl']), [...'abcdefghijkl', 'q']);
});
