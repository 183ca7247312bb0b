/**
 * `regexp` counted repeats with a large upper bound over HTTP (issue 8): `a{1,1000}`,
 * `(ab){2,500}`, `[a-z]{3,800}` match exactly the documents Lucene 6.6 matches (the automaton is
 * the repeat's chain, built in one pass), a genuinely exponential pattern is still refused at
 * `max_determinized_states` with ES's error body, and `GET /` stays fast while they run. The
 * fuzz-found requests that hung on them answer at once.
 */
import test from 'ava';
import { probeQuietest, startServerUnderTest, type ServerUnderTest } from '../helpers/responsiveness.js';

let server: ServerUnderTest;
const DOCS: Record<string, string> = {
  1: 'aaa',
  2: 'a'.repeat(1000),
  3: 'a'.repeat(1001),
  4: 'abab',
  5: 'ab'.repeat(500),
  6: 'ab'.repeat(501),
  7: 'ab',
  8: 'xyz',
  9: 'hello',
  10: 'q'.repeat(800),
  11: 'q'.repeat(801),
  12: 'Hello',
  13: 'ab12',
};

test.before(async () => {
  server = await startServerUnderTest();
  const created = await server.request('PUT', '/t', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { tag: { type: 'keyword' } } } } });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const lines = Object.entries(DOCS).flatMap(([id, tag]) => [JSON.stringify({ index: { _id: id } }), JSON.stringify({ tag })]);
  const bulk = await server.request('POST', '/t/d/_bulk?refresh=true', lines.join('\n') + '\n');
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(JSON.stringify(bulk.body));
});

test.after.always(async () => {
  await server?.close();
});

const search = (query: unknown) => server.request('POST', '/t/_search', { query, size: 20 });

const ids = (body: { hits: { hits: Array<{ _id: string }> } }): string[] => body.hits.hits.map((h) => h._id).sort((a, b) => Number(a) - Number(b));

test.serial('large counted repeats match exactly the terms Lucene matches', async (t) => {
  const cases: Array<[unknown, string[]]> = [
    [{ regexp: { tag: 'a{1,1000}' } }, ['1', '2']],
    [{ regexp: { tag: { value: '(ab){2,500}', flags: 'ALL', max_determinized_states: 10000 } } }, ['4', '5']],
    [{ regexp: { tag: '[a-z]{3,800}' } }, ['1', '4', '8', '9', '10']],
    [{ regexp: { tag: '[a-z]{2,3}[0-9]{1,500}' } }, ['13']],
    [{ constant_score: { filter: { regexp: { tag: { value: 'a{1,1000}', flags: 'INTERSECTION|COMPLEMENT' } } } } }, ['1', '2']],
    [{ query_string: { query: 'tag:/(ab){1,500}/' } }, ['4', '5', '7']],
    // past the state limit, yet deterministic: kept whole, as Lucene keeps it
    [{ regexp: { tag: { value: 'a{1,1000}', max_determinized_states: 500 } } }, ['1', '2']],
  ];
  for (const [query, want] of cases) {
    const r = await search(query);
    t.is(r.status, 200, JSON.stringify(r.body).slice(0, 300));
    t.deepEqual(ids(r.body), want, JSON.stringify(query));
    t.is(r.body.hits.total, want.length);
  }
});

test.serial('an exponential pattern is refused at max_determinized_states with ES error body', async (t) => {
  // [ab]*a[ab]{12} determinizes to 8193 states, [ab]*a[ab]{13} to twice as many
  const within = await search({ regexp: { tag: '[ab]*a[ab]{12}' } });
  t.is(within.status, 200);
  t.deepEqual(ids(within.body), ['2', '3']); // an `a` 13 characters before the end
  const r = await search({ regexp: { tag: '[ab]*a[ab]{13}' } });
  t.is(r.status, 400);
  const uuid = (await server.request('GET', '/t/_settings')).body.t.settings.index.uuid;
  const shard = r.body.error.failed_shards[0];
  const queryShard = { type: 'query_shard_exception', reason: shard.reason.reason, index_uuid: uuid, index: 't' };
  // the query's rendering in the reason is lib/search's (not ES's pretty-printed builder)
  t.true(queryShard.reason.startsWith('failed to create query: '));
  t.deepEqual(r.body, {
    error: {
      root_cause: [queryShard],
      type: 'search_phase_execution_exception',
      reason: 'all shards failed',
      phase: 'query',
      grouped: true,
      failed_shards: [
        {
          shard: 0,
          index: 't',
          node: shard.node,
          reason: { ...queryShard, caused_by: { type: 'too_complex_to_determinize_exception', reason: 'Determinizing [ab]*a[ab]{13} would result in more than 10000 states.' } },
        },
      ],
    },
    status: 400,
  });
  t.regex(shard.node, /^[\w-]{22}$/);
});

test.serial('GET / stays fast while large repeats compile; the fuzz-found requests answer at once', async (t) => {
  for (const query of [{ regexp: { tag: 'a{1,1000}' } }, { regexp: { tag: '(ab){2,500}' } }, { regexp: { tag: '[a-z]{3,800}' } }, { regexp: { tag: '(a|ab){1,3000}' } }]) {
    const report = await probeQuietest(
      server,
      () => search(query),
      (r) => t.is(r.status, 200, JSON.stringify(query)),
    );
    t.true(report.p99 < 100, `${JSON.stringify(query)}: GET / p99 ${report.p99.toFixed(1)} ms, max ${report.max.toFixed(1)} ms`);
  }
  // the _msearch lines the fuzzer sent (/tmp/fuzz-1m/*-hang.json): each item answers, in order
  const body = [
    { index: 't' },
    { query: { regexp: { 'ti*': { value: 'a{1,1000}', flags: 'ALL', max_determinized_states: 10000 } } } },
    { index: 't' },
    { query: { constant_score: { filter: { regexp: { tag: { value: 'a{1,1000}', flags: 'INTERSECTION|COMPLEMENT', max_determinized_states: 10000 } } }, boost: 86 } } },
  ];
  const started = performance.now();
  const r = await server.request('POST', '/_msearch', body.map((l) => JSON.stringify(l)).join('\n') + '\n');
  t.true(performance.now() - started < 5000);
  t.is(r.status, 200);
  t.is(r.body.responses.length, 2);
  t.is(r.body.responses[0].hits.total, 0); // no field matches ti*
  t.deepEqual(ids(r.body.responses[1]), ['1', '2']);
  t.is(r.body.responses[1].hits.hits[0]._score, 86);
  t.true(server.alive());
});
