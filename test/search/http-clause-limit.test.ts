/**
 * `indices.query.bool.max_clause_count` over HTTP (issue 8): Lucene 6.6's BooleanQuery limit as
 * ES 5.6 applies it. A bool with one clause too many fails while the query is built (ES wraps
 * `too_many_clauses` in a `query_shard_exception`, 400); a `scoring_boolean` rewrite over too many
 * terms fails in the searcher's rewrite (the bare `too_many_clauses`, 500); the default
 * constant-score rewrite and `terms` are not limited; the node setting moves the limit.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';
import { startNode } from '../../lib/node.js';

const TERMS = 1100;
let node: TestNode;
let wide: TestNode;

async function seed(n: TestNode): Promise<void> {
  const created = await n.request('PUT', '/t', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { tag: { type: 'keyword' }, body: { type: 'text' } } } } });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const lines: string[] = [];
  for (let i = 0; i < TERMS; i++) lines.push(JSON.stringify({ index: { _id: String(i) } }), JSON.stringify({ tag: `t${String(i).padStart(4, '0')}`, body: 'x' }));
  const bulk = await n.request('POST', '/t/d/_bulk?refresh=true', lines.join('\n') + '\n');
  if (bulk.status !== 200 || bulk.body.errors) throw new Error('bulk failed');
}

test.before(async () => {
  node = await startTestNode();
  wide = await startTestNode({ settings: { 'indices.query.bool.max_clause_count': '2000' } });
  await seed(node);
  await seed(wide);
});

test.after.always(async () => {
  await node?.close();
  await wide?.close();
});

const shoulds = (n: number): unknown => ({ bool: { should: Array.from({ length: n }, (_, i) => ({ term: { tag: `t${String(i).padStart(4, '0')}` } })) } });

test.serial('bool: 1024 clauses match, 1025 fail with query_shard_exception caused by too_many_clauses (400)', async (t) => {
  const ok = await node.request('POST', '/t/_search', { query: shoulds(1024), size: 0 });
  t.is(ok.status, 200);
  t.is(ok.body.hits.total, 1024);
  const r = await node.request('POST', '/t/_search', { query: shoulds(1025), size: 0 });
  t.is(r.status, 400);
  t.is(r.body.status, 400);
  t.is(r.body.error.type, 'search_phase_execution_exception');
  t.is(r.body.error.reason, 'all shards failed');
  t.is(r.body.error.phase, 'query');
  t.is(r.body.error.grouped, true);
  const root = r.body.error.root_cause[0];
  t.is(root.type, 'query_shard_exception');
  t.true(String(root.reason).startsWith('failed to create query: '));
  t.is(root.index, 't');
  const failure = r.body.error.failed_shards[0];
  t.is(failure.index, 't');
  t.is(failure.reason.type, 'query_shard_exception');
  t.deepEqual(failure.reason.caused_by, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' });
});

test.serial('bool: every occur counts (must + filter + must_not + should), and the pure-negative match_all too', async (t) => {
  const term = (i: number): unknown => ({ term: { tag: `t${String(i).padStart(4, '0')}` } });
  const mixed = (n: number): unknown => ({
    bool: {
      must: [{ match_all: {} }],
      filter: [{ match_all: {} }],
      must_not: Array.from({ length: 10 }, (_, i) => term(i)),
      should: Array.from({ length: n - 12 }, (_, i) => term(100 + i)),
    },
  });
  t.is((await node.request('POST', '/t/_search', { query: mixed(1024), size: 0 })).status, 200);
  const over = await node.request('POST', '/t/_search', { query: mixed(1025), size: 0 });
  t.is(over.status, 400);
  t.is(over.body.error.failed_shards[0].reason.caused_by.type, 'too_many_clauses');
  // 1024 must_not clauses plus the match_all ES adds to a purely negative bool: 1025
  const negative = { bool: { must_not: Array.from({ length: 1024 }, (_, i) => term(i)) } };
  const r = await node.request('POST', '/t/_search', { query: negative, size: 0 });
  t.is(r.status, 400);
  t.deepEqual(r.body.error.failed_shards[0].reason.caused_by, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' });
});

test.serial('_count reports the same failure', async (t) => {
  const r = await node.request('POST', '/t/_count', { query: shoulds(1025) });
  t.is(r.status, 400);
  t.is(r.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(r.body.error.failed_shards[0].reason.caused_by, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' });
});

test.serial('indices.query.bool.max_clause_count: 2000 lets 1025 clauses through, 2001 fail', async (t) => {
  const ok = await wide.request('POST', '/t/_search', { query: shoulds(1025), size: 0 });
  t.is(ok.status, 200);
  t.is(ok.body.hits.total, 1025);
  const r = await wide.request('POST', '/t/_search', { query: { bool: { should: [shoulds(1000), shoulds(1001)] } }, size: 0 });
  t.is(r.status, 200);
  const padded = { bool: { should: Array.from({ length: 2001 }, () => ({ term: { tag: 't0000' } })) } };
  const over = await wide.request('POST', '/t/_search', { query: padded, size: 0 });
  t.is(over.status, 400);
  t.deepEqual(over.body.error.failed_shards[0].reason.caused_by, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 2000' });
});

test.serial('multi-term: scoring_boolean over more terms than the limit fails bare (500); constant score does not', async (t) => {
  const r = await node.request('POST', '/t/_search', { query: { prefix: { tag: { value: 't', rewrite: 'scoring_boolean' } } }, size: 0 });
  t.is(r.status, 500);
  t.is(r.body.status, 500);
  t.is(r.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(r.body.error.root_cause, [{ type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' }]);
  t.deepEqual(r.body.error.failed_shards[0].reason, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' });
  const cb = await node.request('POST', '/t/_search', { query: { wildcard: { tag: { value: 't*', rewrite: 'constant_score_boolean' } } }, size: 0 });
  t.is(cb.status, 500);
  // the same number of terms under the default (constant score) rewrite, and on the wider node
  for (const query of [{ prefix: { tag: 't' } }, { wildcard: { tag: 't*' } }, { regexp: { tag: 't[0-9]+' } }, { prefix: { tag: { value: 't', rewrite: 'constant_score' } } }]) {
    const ok = await node.request('POST', '/t/_search', { query, size: 0 });
    t.is(ok.status, 200);
    t.is(ok.body.hits.total, TERMS);
  }
  const wider = await wide.request('POST', '/t/_search', { query: { prefix: { tag: { value: 't', rewrite: 'scoring_boolean' } } }, size: 0 });
  t.is(wider.status, 200);
  t.is(wider.body.hits.total, TERMS);
  // a scoring rewrite under the limit works
  const few = await node.request('POST', '/t/_search', { query: { prefix: { tag: { value: 't000', rewrite: 'scoring_boolean' } } }, size: 0 });
  t.is(few.status, 200);
  t.is(few.body.hits.total, 10);
});

test.serial('terms (TermInSetQuery) is not limited', async (t) => {
  const values = Array.from({ length: TERMS }, (_, i) => `t${String(i).padStart(4, '0')}`);
  const r = await node.request('POST', '/t/_search', { query: { terms: { tag: values } }, size: 0 });
  t.is(r.status, 200);
  t.is(r.body.hits.total, TERMS);
});

test.serial('match: one clause per analyzed term, limited like a bool', async (t) => {
  const text = (n: number): string => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  t.is((await node.request('POST', '/t/_search', { query: { match: { body: text(1024) } }, size: 0 })).status, 200);
  const r = await node.request('POST', '/t/_search', { query: { match: { body: text(1025) } }, size: 0 });
  t.is(r.status, 400);
  t.is(r.body.error.failed_shards[0].reason.type, 'query_shard_exception');
  t.deepEqual(r.body.error.failed_shards[0].reason.caused_by, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' });
});

test.serial('a bad indices.query.bool.max_clause_count stops the node', async (t) => {
  for (const [value, reason] of [
    ['0', 'Failed to parse value [0] for setting [indices.query.bool.max_clause_count] must be >= 1'],
    ['lots', 'Failed to parse value [lots] for setting [indices.query.bool.max_clause_count]'],
  ] as const) {
    const err = await t.throwsAsync(startNode({ dataPath: node.dataPath + '-bad', port: 0, host: '127.0.0.1', settings: { 'indices.query.bool.max_clause_count': value }, logLevel: 'fatal' }));
    t.is(err?.message, reason);
  }
});

test.serial('query_string: too many clauses is a parse failure (Lucene QueryParserBase), simple_query_string is not', async (t) => {
  const text = (n: number): string => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  t.is((await node.request('POST', '/t/_search', { query: { query_string: { query: text(1024), default_field: 'body' } }, size: 0 })).status, 200);
  const q = text(1025);
  const r = await node.request('POST', '/t/_search', { query: { query_string: { query: q, default_field: 'body' } }, size: 0 });
  t.is(r.status, 400);
  t.deepEqual(r.body.error.failed_shards[0].reason, {
    type: 'query_shard_exception',
    reason: `Failed to parse query [${q}]`,
    index_uuid: r.body.error.failed_shards[0].reason.index_uuid,
    index: 't',
    caused_by: {
      type: 'parse_exception',
      reason: `Cannot parse '${q}': too many boolean clauses`,
      caused_by: { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' },
    },
  });
  t.is((await node.request('POST', '/t/_search', { query: { simple_query_string: { query: text(1024), fields: ['body'] } }, size: 0 })).status, 200);
  const s = await node.request('POST', '/t/_search', { query: { simple_query_string: { query: q, fields: ['body'] } }, size: 0 });
  t.is(s.status, 400);
  t.true(String(s.body.error.failed_shards[0].reason.reason).startsWith('failed to create query: '));
  t.deepEqual(s.body.error.failed_shards[0].reason.caused_by, { type: 'too_many_clauses', reason: 'maxClauseCount is set to 1024' });
});

test.serial('_validate/query: a bool over the limit is invalid; a scoring rewrite only fails when rewritten', async (t) => {
  const r = await node.request('POST', '/t/_validate/query?explain=true', { query: shoulds(1025) });
  t.is(r.status, 200);
  t.is(r.body.valid, false);
  t.true(String(r.body.explanations[0].error).endsWith('; org.apache.lucene.search.BooleanQuery$TooManyClauses: maxClauseCount is set to 1024'));
  t.is((await node.request('POST', '/t/_validate/query', { query: shoulds(1024) })).body.valid, true);
  const prefix = { query: { prefix: { tag: { value: 't', rewrite: 'scoring_boolean' } } } };
  t.is((await node.request('POST', '/t/_validate/query', prefix)).body.valid, true);
  t.is((await node.request('POST', '/t/_validate/query?rewrite=true', prefix)).body.valid, false);
});
