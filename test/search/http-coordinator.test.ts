/**
 * Coordinator behaviour over HTTP: several shards and indices, dfs statistics, aliases with
 * filters and routing, partial shard failures, msearch, explain and validate.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const mk = async (name: string, body: unknown) => {
    const r = await node.request('PUT', `/${name}`, body);
    if (r.status !== 200) throw new Error(r.text);
  };
  await mk('multi', { settings: { number_of_shards: 3, number_of_replicas: 0 }, mappings: { doc: { properties: { body: { type: 'text' }, tag: { type: 'keyword' }, n: { type: 'long' } } } } });
  await mk('geo', { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { doc: { properties: { tag: { type: 'geo_point' } } } } });
  const lines: unknown[] = [];
  for (let i = 0; i < 30; i++) {
    lines.push({ index: { _index: 'multi', _type: 'doc', _id: String(i), ...(i % 2 === 0 ? { routing: 'even' } : {}) } });
    lines.push({ body: i % 3 === 0 ? 'alpha beta' : 'alpha gamma delta', tag: i % 2 === 0 ? 'even' : 'odd', n: i });
  }
  lines.push({ index: { _index: 'geo', _type: 'doc', _id: 'g1' } }, { tag: '1.0,2.0' });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
  const alias = await node.request('POST', '/_aliases', {
    actions: [{ add: { index: 'multi', alias: 'evens', filter: { term: { tag: 'even' } }, search_routing: 'even' } }],
  });
  if (alias.status !== 200) throw new Error(alias.text);
});

test.after.always(async () => {
  await node?.close();
});

test('hits from every shard are merged and counted', async (t) => {
  const r = await node.request('POST', '/multi/_search', { query: { range: { n: { gte: 10, lt: 20 } } }, sort: [{ n: 'asc' }], size: 4, from: 2 });
  t.is(r.body._shards.total, 3);
  t.is(r.body.hits.total, 10);
  t.deepEqual(r.body.hits.hits.map((h: any) => h._id), ['12', '13', '14', '15']);
});

test('dfs_query_then_fetch scores with statistics of all shards', async (t) => {
  const dfs = await node.request('POST', '/multi/_search?search_type=dfs_query_then_fetch', { query: { match: { body: 'beta' } }, size: 30 });
  t.is(dfs.body.hits.total, 10);
  // with global stats every doc with the same field length scores the same
  const scores = new Set(dfs.body.hits.hits.map((h: any) => h._score));
  t.is(scores.size, 1);
  // idf = ln(1 + (30 - 10 + 0.5)/(10 + 0.5)) = 1.0826130; length 2 (norm → 2.56) of avg 80/30:
  // tfNorm = 2.2/(1 + 1.2·(0.25 + 0.75·2.56/2.6666667)) = 1.0166359 → 1.1006226
  const expected = 1.1006226;
  t.true(Math.abs(dfs.body.hits.max_score - expected) < 1e-4, `${dfs.body.hits.max_score} vs ${expected}`);
});

test('alias filter and search routing restrict the search', async (t) => {
  const r = await node.request('GET', '/evens/_search?size=0');
  t.is(r.body.hits.total, 15);
  t.is(r.body._shards.total, 1);
  const both = await node.request('GET', '/evens/_search?size=0&routing=odd');
  t.is(both.body._shards.total, 0);
  const c = await node.request('GET', '/evens/_count?q=body:beta');
  t.is(c.body.count, 5);
});

test('a failing shard lands in _shards.failures', async (t) => {
  const r = await node.request('POST', '/multi,geo/_search', { query: { term: { tag: 'even' } }, size: 0 });
  t.is(r.status, 200);
  t.is(r.body.hits.total, 15);
  t.deepEqual({ total: r.body._shards.total, successful: r.body._shards.successful, failed: r.body._shards.failed }, { total: 4, successful: 3, failed: 1 });
  t.is(r.body._shards.failures[0].index, 'geo');
  t.is(r.body._shards.failures[0].reason.type, 'query_shard_exception');
  const all = await node.request('POST', '/geo/_search', { query: { term: { tag: 'even' } } });
  t.is(all.status, 400);
  t.is(all.body.error.type, 'search_phase_execution_exception');
  t.is(all.body.error.reason, 'all shards failed');
  t.is(all.body.error.phase, 'query');
  t.is(all.body.error.root_cause[0].type, 'query_shard_exception');
});

test('msearch answers each request in order', async (t) => {
  const r = await node.request('POST', '/_msearch', ndjson([{ index: 'multi' }, { query: { term: { tag: 'odd' } }, size: 0 }, { index: 'missing' }, { query: { match_all: {} } }]));
  t.is(r.body.responses[0].hits.total, 15);
  t.is(r.body.responses[0].status, 200);
  t.is(r.body.responses[1].status, 404);
  t.is(r.body.responses[1].error.type, 'index_not_found_exception');
});

test('explain and validate', async (t) => {
  const e = await node.request('GET', '/multi/doc/3/_explain?q=body:beta');
  t.true(e.body.matched);
  t.is(e.body.explanation.description, 'weight(body:beta in ' + e.body.explanation.description.match(/in (\d+)/)[1] + ') [PerFieldSimilarity], result of:');
  const miss = await node.request('GET', '/multi/doc/1/_explain?q=body:beta');
  t.false(miss.body.matched);
  const v = await node.request('GET', '/multi/_validate/query?explain=true&q=body:beta AND tag:odd');
  t.true(v.body.valid);
  t.is(v.body.explanations[0].explanation, '+body:beta +tag:odd');
  const bad = await node.request('POST', '/multi/_validate/query?explain=true', { query: { range: { n: { gte: 'abc' } } } });
  t.false(bad.body.valid);
});

test('cluster settings persist and drive the shard limit', async (t) => {
  const put = await node.request('PUT', '/_cluster/settings', { transient: { 'action.search.shard_count.limit': 2 } });
  t.deepEqual(put.body, { acknowledged: true, persistent: {}, transient: { action: { search: { shard_count: { limit: '2' } } } } });
  const r = await node.request('GET', '/multi/_search');
  t.is(r.status, 400);
  t.regex(r.body.error.reason, /^Trying to query 3 shards, which is over the limit of 2\./);
  await node.request('PUT', '/_cluster/settings', { transient: { 'action.search.shard_count.limit': null } });
  const g = await node.request('GET', '/_cluster/settings?flat_settings=true');
  t.deepEqual(g.body, { persistent: {}, transient: {} });
});

test('date math index names resolve before the existence check', async (t) => {
  const r = await node.request('GET', `/${encodeURIComponent('<multi-{now/M{YYYY.MM}}>')}/_search`);
  t.is(r.status, 404);
  t.is(r.body.error.type, 'index_not_found_exception');
  const now = new Date();
  const expected = `multi-${now.getUTCFullYear()}.${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  t.is(r.body.error.index, expected);
  t.is(r.body.error['resource.id'], expected);
});

test('lowercase_expanded_terms is an unrecognized parameter in 5.6 (removed in 5.1)', async (t) => {
  for (const path of ['/multi/_search', '/multi/_count', '/multi/_validate/query', '/multi/doc/1/_explain']) {
    const r = await node.request('GET', `${path}?q=body:beta&lowercase_expanded_terms=false`);
    t.is(r.status, 400, path);
    t.is(r.body.error.type, 'illegal_argument_exception');
    t.regex(r.body.error.reason, /contains unrecognized parameter: \[lowercase_expanded_terms\]/);
  }
});
