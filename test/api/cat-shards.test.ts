/**
 * The index-level `_cat` tables over HTTP: shards, segments, recovery, allocation, count — with
 * ES 5.6's columns, defaults and parameters.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let n: TestNode;
let id: string;

test.before(async () => {
  n = await startTestNode({ settings: { 'node.name': 'cat-node' } });
  id = n.node.context.nodeId;
  // no periodic refresh: the count tests rely on the third document staying unrefreshed
  await n.request('PUT', '/idx', { settings: { number_of_shards: 2, number_of_replicas: 1, refresh_interval: '-1' } });
  await n.request('PUT', '/idx/t/1?refresh=true', { f: 'a' });
  await n.request('PUT', '/idx/t/2?refresh=true', { f: 'b' });
  await n.request('PUT', '/idx/t/3', { f: 'c' }); // not refreshed: not counted by searches
});
test.after.always(async () => {
  await n.close();
});

test.serial('_cat/shards: started primaries, unassigned replicas, columns and help', async (t) => {
  const r = await n.request('GET', '/_cat/shards?h=index,shard,prirep,state,ip,id,node,unassigned.reason,recoverysource.type&format=json');
  t.is(r.status, 200);
  t.deepEqual(r.body, [
    { index: 'idx', shard: '0', prirep: 'p', state: 'STARTED', ip: '127.0.0.1', id, node: 'cat-node', 'unassigned.reason': null, 'recoverysource.type': null },
    { index: 'idx', shard: '0', prirep: 'r', state: 'UNASSIGNED', ip: null, id: null, node: null, 'unassigned.reason': 'INDEX_CREATED', 'recoverysource.type': 'peer' },
    { index: 'idx', shard: '1', prirep: 'p', state: 'STARTED', ip: '127.0.0.1', id, node: 'cat-node', 'unassigned.reason': null, 'recoverysource.type': null },
    { index: 'idx', shard: '1', prirep: 'r', state: 'UNASSIGNED', ip: null, id: null, node: null, 'unassigned.reason': 'INDEX_CREATED', 'recoverysource.type': 'peer' },
  ]);
  const docs = await n.request('GET', '/_cat/shards/idx?h=docs,indexing.index_total&s=shard&format=json');
  const started = (docs.body as Array<Record<string, string | null>>).filter((row) => row.docs !== null);
  t.is(started.reduce((a, row) => a + Number(row.docs), 0), 2);
  t.is(started.reduce((a, row) => a + Number(row['indexing.index_total']), 0), 3);
  const text = await n.request('GET', '/_cat/shards?v&s=prirep:desc,shard');
  t.regex(text.text, /^index shard prirep state\s+docs store ip\s+node\s*\n/);
  t.regex(text.text.split('\n')[1]!, /^idx\s+0\s+r\s+UNASSIGNED\s*$/);
  const help = await n.request('GET', '/_cat/shards?help');
  t.regex(help.text, /^index +\| i,idx +\| index name\s*\nshard +\| s,sh +\| shard name/);
  t.is((await n.request('GET', '/_cat/shards/nope')).text, '');
  const bad = await n.request('GET', '/_cat/shards?s=bogus');
  t.is(bad.status, 500);
  t.is(bad.body.error.reason, 'Unable to sort by unknown sort key `bogus`');
});

test.serial('_cat/segments: one row per segment; a closed index is forbidden', async (t) => {
  const r = await n.request('GET', '/_cat/segments?format=json&h=index,prirep,ip,segment,docs.count,docs.deleted,size.memory,committed,searchable,version,compound');
  const rows = r.body as Array<Record<string, string>>;
  t.true(rows.length >= 1);
  t.is(rows.reduce((a, row) => a + Number(row['docs.count']), 0), 2);
  for (const row of rows) {
    t.like(row, { index: 'idx', prirep: 'p', ip: '127.0.0.1', 'docs.deleted': '0', searchable: 'true', version: '6.6.1', compound: 'false' });
    t.regex(row['size.memory']!, /^\d+$/);
    t.regex(row.segment!, /^_\w+$/);
  }
  const bytes = await n.request('GET', '/_cat/segments/idx?h=size&bytes=b');
  t.regex(bytes.text, /^(\d+\n)+$/);
  await n.request('PUT', '/closed');
  await n.request('POST', '/closed/_close');
  const c = await n.request('GET', '/_cat/segments/closed');
  t.is(c.status, 403);
  t.is(c.body.error.type, 'index_closed_exception');
  t.is(c.body.error.index, 'closed');
  await n.request('DELETE', '/closed');
});

test.serial('_cat/recovery: each primary recovered from its own store', async (t) => {
  const r = await n.request('GET', '/_cat/recovery/idx?format=json&h=i,s,ty,st,shost,snode,thost,tnode,rep,snap,f,fp,tb,to,top');
  t.deepEqual((r.body as Array<Record<string, string>>).map((row) => ({ ...row, tb: 'x' })), [0, 1].map((s) => ({
    i: 'idx', s: String(s), ty: 'empty_store', st: 'done', shost: 'n/a', snode: 'n/a', thost: '127.0.0.1', tnode: 'cat-node',
    rep: 'n/a', snap: 'n/a', f: '0', fp: '0.0%', tb: 'x', to: '0', top: '100.0%',
  })));
  t.is((await n.request('GET', '/_cat/recovery?active_only=true')).text, '');
  t.regex((await n.request('GET', '/_cat/recovery/idx?h=time')).text, /^(\d+(\.\d+)?(ms|s)\n){2}$/);
});

test.serial('_cat/allocation: shards and disk of the node, then the unassigned copies', async (t) => {
  const r = await n.request('GET', '/_cat/allocation?format=json&bytes=b');
  const [node, unassigned] = r.body as Array<Record<string, string | null>>;
  t.like(node, { shards: '2', host: '127.0.0.1', ip: '127.0.0.1', node: 'cat-node' });
  t.true(Number(node!['disk.indices']) > 0);
  t.is(Number(node!['disk.total']) - Number(node!['disk.avail']), Number(node!['disk.used']));
  t.deepEqual(unassigned, {
    shards: '2', 'disk.indices': null, 'disk.used': null, 'disk.avail': null, 'disk.total': null, 'disk.percent': null, host: null, ip: null, node: 'UNASSIGNED',
  });
  t.is((await n.request('GET', '/_cat/allocation/nobody?h=node')).text, 'UNASSIGNED\n');
  t.is((await n.request('GET', '/_cat/allocation/_master?h=node')).text, 'cat-node\nUNASSIGNED\n');
});

test.serial('_cat/count: searchable documents, per index expression', async (t) => {
  t.regex((await n.request('GET', '/_cat/count')).text, /^\d+ \d\d:\d\d:\d\d 2\n$/);
  t.is((await n.request('GET', '/_cat/count/idx?h=count')).text, '2\n');
  await n.request('POST', '/idx/_refresh');
  t.is((await n.request('GET', '/_cat/count/idx?h=count')).text, '3\n');
  t.deepEqual((await n.request('GET', '/_cat/count?h=count,epoch&format=json&ts=false')).body, [{ count: '3' }]);
  const missing = await n.request('GET', '/_cat/count/nope');
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'index_not_found_exception');
});
