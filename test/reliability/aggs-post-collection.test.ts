/**
 * Issue 8 for the aggregations' work after the query phase: `children` collects every child doc
 * of the shard once the parents are known (ES's `doPostCollection`), and `global` walks every
 * live doc whatever the query matched. Both loops are paced like the query phase's collection:
 * `GET /` keeps answering (p99 within 100 ms of the idle p99) while they run a sub-aggregation
 * script over thousands of docs, and a `timeout` stops them with `timed_out: true`.
 * The server runs in its own process (test/helpers/responsiveness.ts).
 */
import test from 'ava';
import { probeDuring, startServerUnderTest, type ServerUnderTest } from '../helpers/responsiveness.js';

let server: ServerUnderTest;
const PARENTS = 10;
const CHILDREN = 3000;
let idleP99 = 0;

/** A script that costs a fraction of a millisecond per document (as stall.test.ts). */
const SLOW = 'long s = 0; for (int i = 0; i < 3000; i++) { s += i; } return s > 0 ? 1 : 0;';

test.before(async () => {
  server = await startServerUnderTest();
  const put = await server.request('PUT', '/fam', { settings: { number_of_shards: 1 }, mappings: { p: { properties: { k: { type: 'keyword' } } }, c: { _parent: { type: 'p' }, properties: { n: { type: 'long' } } } } });
  if (put.status !== 200) throw new Error(put.text);
  const lines: string[] = [];
  for (let i = 0; i < PARENTS; i++) lines.push(JSON.stringify({ index: { _type: 'p', _id: `p${i}` } }), JSON.stringify({ k: 'parent' }));
  for (let i = 0; i < CHILDREN; i++) lines.push(JSON.stringify({ index: { _type: 'c', _id: `c${i}`, parent: `p${i % PARENTS}` } }), JSON.stringify({ n: i }));
  const bulk = await server.request('POST', '/fam/_bulk?refresh=true', lines.join('\n') + '\n');
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(`bulk failed: ${bulk.text.slice(0, 300)}`);
  idleP99 = (await probeDuring(server, () => new Promise((r) => setTimeout(r, 500)))).p99;
});

test.after.always(async () => {
  await server?.close();
});

type Probed = { p99: number; max: number; latencies: number[] };
const describe = (r: Probed): string => `GET / p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms over ${r.latencies.length} probes (idle p99 ${idleP99.toFixed(1)} ms)`;

// the parents only match; their children are collected after the query phase, each running SLOW
const childrenBody = (extra: Record<string, unknown> = {}) => ({ size: 0, ...extra, query: { term: { k: 'parent' } }, aggs: { kids: { children: { type: 'c' }, aggs: { s: { sum: { script: SLOW } } } } } });

test.serial('children post-collection with a script per child: all children counted, GET / keeps answering', async (t) => {
  const r = await probeDuring(server, () => server.request('POST', '/fam/_search', childrenBody()));
  t.is(r.result.status, 200, r.result.text);
  t.is(r.result.body.timed_out, false);
  t.deepEqual(r.result.body.aggregations.kids, { doc_count: CHILDREN, s: { value: CHILDREN } });
  t.true(server.alive());
  t.true(r.p99 < 100 + idleP99, describe(r));
  t.log(`children: ${describe(r)}`);
});

test.serial('global over every doc with a script per doc: GET / keeps answering', async (t) => {
  const body = { size: 0, query: { term: { k: 'parent' } }, aggs: { all: { global: {}, aggs: { s: { sum: { script: SLOW } } } } } };
  const r = await probeDuring(server, () => server.request('POST', '/fam/_search', body));
  t.is(r.result.status, 200, r.result.text);
  t.deepEqual(r.result.body.aggregations.all, { doc_count: PARENTS + CHILDREN, s: { value: PARENTS + CHILDREN } });
  t.true(r.p99 < 100 + idleP99, describe(r));
  t.log(`global: ${describe(r)}`);
});

test.serial('a timeout stops the children post-collection: timed_out, the children counted so far', async (t) => {
  const res = await server.request('POST', '/fam/_search', childrenBody({ timeout: '20ms' }));
  t.is(res.status, 200, res.text);
  t.is(res.body.timed_out, true);
  const kids = res.body.aggregations.kids;
  t.true(kids.doc_count < CHILDREN, `partial: ${kids.doc_count}`);
  t.is(kids.s.value, kids.doc_count);
});
