/**
 * The nodes APIs over HTTP (`_nodes`, `_nodes/stats`, `_nodes/hot_threads`) as ES 5.6 answers
 * them, with values read from this process.
 */
import test from 'ava';
import { getHeapStatistics } from 'node:v8';
import { startTestNode, type TestNode } from '../helpers/node.js';

/** `indices.memory.index_buffer_size` by default: 10% of the heap limit, at least 48mb. */
const DEFAULT_BUDGET = Math.max(Math.floor(0.1 * getHeapStatistics().heap_size_limit), 48 * 1024 * 1024);

let n: TestNode;
let id: string;

test.before(async () => {
  n = await startTestNode({ settings: { 'node.name': 'alpha-1', 'cluster.name': 'c1', 'node.attr.zone': 'a', 'node.attr.rack': 'r7' } });
  id = n.node.context.nodeId;
});
test.after.always(async () => {
  await n.close();
});

test.serial('GET /_nodes/http: the node header and the bound HTTP address, as sniffing clients read them', async (t) => {
  const r = await n.request('GET', '/_nodes/http');
  t.is(r.status, 200);
  const addr = `127.0.0.1:${n.node.port}`;
  t.deepEqual(r.body, {
    _nodes: { total: 1, successful: 1, failed: 0 },
    cluster_name: 'c1',
    nodes: {
      [id]: {
        name: 'alpha-1',
        transport_address: '127.0.0.1:9300',
        host: '127.0.0.1',
        ip: '127.0.0.1',
        version: '5.6.16',
        build_hash: '3a740d1',
        total_indexing_buffer: DEFAULT_BUDGET,
        roles: ['master', 'data', 'ingest'],
        attributes: { zone: 'a', rack: 'r7' },
        http: { bound_address: [addr], publish_address: addr, max_content_length_in_bytes: 104857600 },
      },
    },
  });
  // the filter Kibana's version check sends
  const k = await n.request('GET', '/_nodes?filter_path=nodes.*.version,nodes.*.http.publish_address,nodes.*.ip');
  t.deepEqual(k.body, { nodes: { [id]: { version: '5.6.16', ip: '127.0.0.1', http: { publish_address: addr } } } });
});

test.serial('total_indexing_buffer: the indexing buffer budget in bytes, with human its size first under the _in_bytes name (ES 5.6)', async (t) => {
  t.is(n.node.context.indices.indexingMemory?.budgetBytes, DEFAULT_BUDGET);
  const other = await startTestNode({ settings: { 'indices.memory.index_buffer_size': '20mb' } });
  t.teardown(() => other.close());
  const entry = async (query: string): Promise<Record<string, unknown>> =>
    Object.values(((await other.request('GET', `/_nodes/_local/plugins${query}`)).body as { nodes: Record<string, Record<string, unknown>> }).nodes)[0]!;
  const plain = await entry('');
  t.is(plain.total_indexing_buffer, 20 * 1024 * 1024);
  t.false('total_indexing_buffer_in_bytes' in plain);
  const human = await entry('?human');
  t.deepEqual(Object.keys(human).slice(4, 8), ['version', 'build_hash', 'total_indexing_buffer_in_bytes', 'total_indexing_buffer']);
  t.is(human.total_indexing_buffer_in_bytes, '20mb');
  t.is(human.total_indexing_buffer, 20 * 1024 * 1024);
});

test.serial('/_nodes/{x}: metrics when every entry is a metric, node ids otherwise (RestNodesInfoAction)', async (t) => {
  const sections = async (path: string): Promise<string[] | undefined> => {
    const body = (await n.request('GET', path)).body as { nodes: Record<string, Record<string, unknown>> };
    const node = body.nodes[id];
    return node ? Object.keys(node).filter((k) => !['name', 'transport_address', 'host', 'ip', 'version', 'build_hash', 'total_indexing_buffer', 'roles', 'attributes'].includes(k)) : undefined;
  };
  t.deepEqual(await sections('/_nodes/os,jvm'), ['os', 'jvm']);
  t.deepEqual(await sections('/_nodes'), ['settings', 'os', 'process', 'jvm', 'thread_pool', 'transport', 'http', 'plugins', 'modules', 'ingest']);
  t.deepEqual(await sections('/_nodes/_local'), await sections('/_nodes'));
  // one entry is not a metric: all of them are node ids, and `os` names no node
  t.deepEqual(await sections('/_nodes/os,alpha-1'), await sections('/_nodes'));
  t.is(await sections('/_nodes/os,nobody'), undefined);
  t.deepEqual(await sections('/_nodes/_all/plugins'), ['plugins', 'modules']);
  t.deepEqual(await sections('/_nodes/_local/info/ingest,process'), ['process', 'ingest']);
});

test.serial('node filters: ids, names, wildcards, _master, roles and attributes', async (t) => {
  const selected = async (filter: string): Promise<boolean> => {
    const r = await n.request('GET', `/_nodes/${encodeURIComponent(filter)}/process`);
    t.is(r.status, 200, filter);
    return (r.body as { _nodes: { total: number } })._nodes.total === 1;
  };
  for (const yes of [id, 'alpha-1', 'alpha*', '_master', '_local', '127.0.0.1', 'zone:a', 'z*:a', 'master:true', 'data:true', 'ingest:true', 'nobody,alpha-1']) {
    t.true(await selected(yes), yes);
  }
  for (const no of ['beta', 'zone:b', 'rack:r?', 'master:false', 'data:false', 'alpha-1,data:false', 'coordinating_only:true', '_all,x']) {
    t.false(await selected(no), no);
  }
});

test.serial('sections describe this process: settings, os, process, V8 in jvm, ingest processors', async (t) => {
  const r = await n.request('GET', `/_nodes/${id}/settings,os,process,jvm,ingest,transport,thread_pool`);
  const node = r.body.nodes[id];
  t.is(node.settings.client.type, 'node');
  t.is(node.settings.node.attr.zone, 'a');
  t.is(node.settings.cluster.name, 'c1');
  t.is(node.process.id, process.pid);
  t.is(node.process.mlockall, false);
  t.is(node.jvm.pid, process.pid);
  t.is(node.jvm.vm_name, 'V8');
  t.is(node.jvm.version, process.versions.node);
  t.true(node.jvm.mem.heap_max_in_bytes > 0);
  t.deepEqual(node.jvm.gc_collectors, ['Scavenge', 'MarkSweepCompact']);
  t.true(node.os.available_processors >= 1);
  t.deepEqual(node.transport, { bound_address: ['127.0.0.1:9300'], publish_address: '127.0.0.1:9300', profiles: {} });
  t.deepEqual(node.thread_pool.search, { type: 'fixed', min: 1, max: 1, queue_size: -1 });
  const types = (node.ingest.processors as Array<{ type: string }>).map((p) => p.type);
  t.true(types.includes('set') && types.includes('grok') && types.includes('date'));
  t.deepEqual([...types].sort(), types);
  const flat = await n.request('GET', '/_nodes/settings?flat_settings=true');
  t.is(flat.body.nodes[id].settings['client.type'], 'node');
  t.is(flat.body.nodes[id].settings['node.attr.rack'], 'r7');
  const human = await n.request('GET', '/_nodes/jvm?human');
  t.regex(human.body.nodes[id].jvm.mem.heap_max, /^\d+(\.\d+)?[kmgt]?b$/);
});

test.serial('GET /_nodes/stats: sections, the node header with the transport address as ip', async (t) => {
  const r = await n.request('GET', '/_nodes/stats');
  t.is(r.status, 200);
  const node = r.body.nodes[id];
  t.deepEqual(Object.keys(node), [
    'timestamp', 'name', 'transport_address', 'host', 'ip', 'roles', 'attributes',
    'indices', 'os', 'process', 'jvm', 'thread_pool', 'fs', 'transport', 'http', 'breakers', 'script', 'discovery', 'ingest',
  ]);
  t.is(node.ip, '127.0.0.1:9300');
  t.true(node.os.mem.total_in_bytes > 0);
  t.is(node.os.mem.total_in_bytes, node.os.mem.free_in_bytes + node.os.mem.used_in_bytes);
  t.true(node.process.open_file_descriptors > 0);
  t.true(node.jvm.mem.heap_used_in_bytes > 0 && node.jvm.mem.heap_used_in_bytes <= node.jvm.mem.heap_max_in_bytes);
  t.true(node.jvm.threads.count >= 1);
  t.deepEqual(Object.keys(node.jvm.gc.collectors), ['young', 'old']);
  t.true(node.http.current_open >= 1 && node.http.total_opened >= node.http.current_open);
  t.deepEqual(node.thread_pool.bulk, { threads: 1, queue: 0, active: 0, rejected: 0, largest: 1, completed: 0 });
  t.true(node.fs.total.total_in_bytes > 0);
  t.is(node.fs.data[0].path, n.dataPath);
  t.deepEqual(node.discovery, { cluster_state_queue: { total: 0, pending: 0, committed: 0 } });
  t.deepEqual(node.breakers.parent, { limit_size_in_bytes: -1, limit_size: '-1b', estimated_size_in_bytes: 0, estimated_size: '0b', overhead: 1, tripped: 0 });
  t.regex(r.text, /"overhead":1\.0/);
});

test.serial('nodes stats: metric and index metric rules of RestNodesStatsAction', async (t) => {
  const err = async (path: string): Promise<[number, string, string]> => {
    const r = await n.request('GET', path);
    return [r.status, r.body.error.type, r.body.error.reason];
  };
  t.deepEqual(await err('/_nodes/stats/os,foo'), [400, 'illegal_argument_exception', 'request [/_nodes/stats/os,foo] contains unrecognized metric: [foo]']);
  t.deepEqual(await err('/_nodes/stats/_all,os'), [400, 'illegal_argument_exception', 'request [/_nodes/stats/_all,os] contains _all and individual metrics [_all,os]']);
  t.deepEqual(await err('/_nodes/stats/_all/docs'), [400, 'illegal_argument_exception', 'request [/_nodes/stats/_all/docs] contains index metrics [docs] but all stats requested']);
  t.deepEqual(await err('/_nodes/stats/os/docs'), [400, 'illegal_argument_exception', 'request [/_nodes/stats/os/docs] contains index metrics [docs] but indices stats not requested']);
  t.deepEqual(await err('/_nodes/stats/indices/docs,bogus'), [400, 'illegal_argument_exception', 'request [/_nodes/stats/indices/docs,bogus] contains unrecognized index metric: [bogus]']);
  t.deepEqual(await err('/_nodes/stats?level=foo'), [400, 'illegal_argument_exception', 'level parameter must be one of [indices] or [node] or [shards] but was [foo]']);
  const only = await n.request('GET', `/_nodes/${id}/stats/indices/docs,store`);
  t.deepEqual(Object.keys(only.body.nodes[id].indices), ['docs', 'store']);
  const none = await n.request('GET', '/_nodes/nobody/stats');
  t.deepEqual(none.body, { _nodes: { total: 0, successful: 0, failed: 0 }, cluster_name: 'c1', nodes: {} });
});

test.serial('nodes stats indices: summed over indices, per index and per shard with level', async (t) => {
  await n.request('PUT', '/s1', { settings: { number_of_shards: 2, number_of_replicas: 0 } });
  await n.request('PUT', '/s1/t/1?refresh=true', { a: 1 });
  await n.request('PUT', '/s1/t/2?refresh=true', { a: 2 });
  const node = async (q: string): Promise<any> => (await n.request('GET', `/_nodes/stats/indices/docs${q}`)).body.nodes[id].indices;
  t.deepEqual((await node('')).docs, { count: 2, deleted: 0 });
  t.deepEqual((await node('?level=indices')).indices.s1, { docs: { count: 2, deleted: 0 } });
  const shards = (await node('?level=shards')).shards.s1 as Array<Record<string, { docs: { count: number } }>>;
  t.is(shards.length, 2);
  t.deepEqual(shards.map((s, i) => Object.keys(s)[0] === String(i)), [true, true]);
  t.is(shards.reduce((a, s, i) => a + s[String(i)]!.docs.count, 0), 2);
  await n.request('DELETE', '/s1');
});

test.serial('ingest stats count documents per pipeline, failures included', async (t) => {
  t.is((await n.request('PUT', '/_ingest/pipeline/p1', { processors: [{ set: { field: 'x', value: 1 } }] })).status, 200);
  t.is((await n.request('PUT', '/_ingest/pipeline/p2', { processors: [{ fail: { message: 'no' } }] })).status, 200);
  t.is((await n.request('PUT', '/ing/t/1?pipeline=p1', { a: 1 })).status, 201);
  t.is((await n.request('PUT', '/ing/t/2?pipeline=p1', { a: 1 })).status, 201);
  t.true((await n.request('PUT', '/ing/t/3?pipeline=p2', { a: 1 })).status >= 400);
  const ingest = (await n.request('GET', '/_nodes/stats/ingest')).body.nodes[id].ingest;
  t.is(ingest.total.count, 3);
  t.is(ingest.total.failed, 1);
  t.is(ingest.total.current, 0);
  t.deepEqual({ ...ingest.pipelines.p1, time_in_millis: 0 }, { count: 2, time_in_millis: 0, current: 0, failed: 0 });
  t.deepEqual({ ...ingest.pipelines.p2, time_in_millis: 0 }, { count: 1, time_in_millis: 0, current: 0, failed: 1 });
  await n.request('DELETE', '/ing');
});

test.serial('script stats count compilations', async (t) => {
  await n.request('PUT', '/sc/t/1?refresh=true', { a: 1 });
  const before = (await n.request('GET', '/_nodes/stats/script')).body.nodes[id].script.compilations as number;
  const s = await n.request('POST', '/sc/_search', { script_fields: { f: { script: { inline: "doc['a'].value + 41" } } } });
  t.is(s.status, 200);
  const after = (await n.request('GET', '/_nodes/stats/script')).body.nodes[id].script;
  t.is(after.compilations, before + 1);
  t.is(after.cache_evictions, 0);
  await n.request('DELETE', '/sc');
});

test.serial('GET /_nodes/hot_threads: text/plain, one entry for the event loop', async (t) => {
  const r = await n.request('GET', '/_nodes/hot_threads?interval=20ms&threads=2');
  t.is(r.status, 200);
  t.is(r.headers.get('content-type'), 'text/plain; charset=UTF-8');
  const lines = r.text.split('\n');
  t.is(lines[0], `::: {alpha-1}{${id}}{${id}}{127.0.0.1}{127.0.0.1:9300}{zone=a, rack=r7}`);
  t.regex(lines[1]!, /^ {3}Hot threads at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z, interval=20ms, busiestThreads=2, ignoreIdleThreads=true:$/);
  t.regex(r.text, /\d+\.\d% \(\S+ out of 20ms\) cpu usage by thread 'strata\[alpha-1\]\[main event loop\]'/);
  const bad = await n.request('GET', '/_nodes/hotthreads?type=foo&interval=1ms');
  t.is(bad.status, 500);
  t.is(bad.body.error.type, 'exception');
  t.is(bad.body.error.reason, 'type not supported [foo]');
  t.is((await n.request('GET', '/_cluster/nodes/nobody/hot_threads')).text, '');
});
