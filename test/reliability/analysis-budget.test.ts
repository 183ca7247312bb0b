/**
 * Issue 8, analysis: a token-multiplying chain (`ngram` with `max_gram` 1000 feeding a big
 * `shingle`) over 100,000 characters used to exhaust the heap and kill the node. `_analyze` now
 * answers ES 6's `index.analyze.max_token_count` error (400) while `GET /` keeps answering, and
 * indexing through such an analyzer fails the document with a mapper_parsing_exception naming
 * the field (token-budget.ts, docs/analysis.md "Token budgets"). The server runs in its own
 * process (test/helpers/responsiveness.ts).
 */
import test from 'ava';
import { probeDuring, probeQuietest, startServerUnderTest, type ServerUnderTest } from '../helpers/responsiveness.js';

let server: ServerUnderTest;
/** GET / p99 on the idle server (ms); the bound is 100 ms above it on this shared machine. */
let idleP99 = 0;
const LIMIT_REASON =
  'The number of tokens produced by calling _analyze has exceeded the allowed maximum of [10000]. This limit can be set by changing the [index.analyze.max_token_count] index level setting.';
const EXPLOSIVE = { tokenizer: { type: 'ngram', min_gram: 1, max_gram: 1000 }, filter: [{ type: 'shingle', max_shingle_size: 1000 }] };
const BIG_TEXT = 'abcdefghij'.repeat(10_000);

test.before(async () => {
  server = await startServerUnderTest();
  const r = await server.request('PUT', '/grams', {
    settings: {
      number_of_shards: 1,
      analysis: {
        tokenizer: { huge: { type: 'ngram', min_gram: 1, max_gram: 1000 }, pairs: { type: 'ngram', min_gram: 1, max_gram: 2 } },
        filter: { big_shingle: { type: 'shingle', max_shingle_size: 1000 } },
        analyzer: { explode: { type: 'custom', tokenizer: 'huge', filter: ['big_shingle'] }, pairs: { type: 'custom', tokenizer: 'pairs' } },
      },
    },
    mappings: { t: { properties: { body: { type: 'text', analyzer: 'explode' }, title: { type: 'text' }, grams: { type: 'text', analyzer: 'pairs' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
  idleP99 = (await probeDuring(server, () => new Promise((res) => setTimeout(res, 500)))).p99;
});

test.after.always(async () => {
  await server?.close();
});

test('_analyze with an ngram(1..1000) + shingle chain over 100k chars: ES 6 token limit, node responsive and alive', async (t) => {
  const report = await probeQuietest(
    server,
    () => server.request('POST', '/_analyze', { ...EXPLOSIVE, text: BIG_TEXT }),
    (r) => {
      t.is(r.status, 400);
      t.deepEqual(r.body, { error: { root_cause: [{ type: 'illegal_argument_exception', reason: LIMIT_REASON }], type: 'illegal_argument_exception', reason: LIMIT_REASON }, status: 400 });
    },
    { targetMs: idleP99 + 100 },
  );
  t.true(report.p99 < idleP99 + 100, `GET / p99 ${report.p99.toFixed(1)} ms (idle ${idleP99.toFixed(1)} ms)`);
  t.true(server.alive());
  t.is((await server.request('GET', '/')).status, 200);
});

test('the limit counts final tokens over all text values, and index.analyze.max_token_count moves it', async (t) => {
  // 10,000 single-char tokens pass; one more fails (ES 6 TokenCounter over the whole request)
  const words = (n: number): string => Array.from({ length: n }, () => 'x').join(' ');
  const ok = await server.request('POST', '/_analyze', { analyzer: 'whitespace', text: [words(5000), words(5000)] });
  t.is(ok.status, 200);
  t.is(ok.body.tokens.length, 10000);
  const over = await server.request('POST', '/_analyze', { analyzer: 'whitespace', text: [words(5000), words(5001)] });
  t.is(over.status, 400);
  t.is(over.body.error.reason, LIMIT_REASON);
  // explain counts each component's list the same way
  const explained = await server.request('POST', '/_analyze', { tokenizer: 'whitespace', explain: true, text: words(10001) });
  t.is(explained.status, 400);
  t.is(explained.body.error.reason, LIMIT_REASON);

  const put = await server.request('PUT', '/small', { settings: { number_of_shards: 1, 'index.analyze.max_token_count': 3 } });
  t.is(put.status, 200);
  const settings = await server.request('GET', '/small/_settings');
  t.is(settings.body.small.settings.index.analyze.max_token_count, '3');
  t.is((await server.request('POST', '/small/_analyze', { analyzer: 'standard', text: 'a b c' })).status, 200);
  const small = await server.request('POST', '/small/_analyze', { analyzer: 'standard', text: 'a b c d' });
  t.is(small.status, 400);
  t.is(small.body.error.type, 'illegal_argument_exception');
  t.is(
    small.body.error.reason,
    'The number of tokens produced by calling _analyze has exceeded the allowed maximum of [3]. This limit can be set by changing the [index.analyze.max_token_count] index level setting.',
  );
  // a raised limit answers long token lists (once a stack overflow: push(...300k tokens))
  await server.request('PUT', '/roomy', { settings: { number_of_shards: 1, 'index.analyze.max_token_count': 500000 } });
  const roomy = await server.request('POST', '/roomy/_analyze', { analyzer: 'whitespace', text: ['x '.repeat(300_000)] });
  t.is(roomy.status, 200);
  t.is(roomy.body.tokens.length, 300_000);
  const bad = await server.request('PUT', '/bad-limit', { settings: { 'index.analyze.max_token_count': 0 } });
  t.is(bad.status, 400);
  t.is(bad.body.error.type, 'illegal_argument_exception');
});

test('indexing through the exploding analyzer fails the document naming the field; the node stays responsive', async (t) => {
  const report = await probeQuietest(
    server,
    () => server.request('PUT', '/grams/t/1', { title: 'kept apart', body: 'abcdefghij'.repeat(2000) }),
    (r) => {
      t.is(r.status, 400);
      t.is(r.body.error.type, 'mapper_parsing_exception');
      t.is(r.body.error.reason, 'failed to parse [body]');
      // 2,000 starts × grams up to 1000 chars: the character budget (32M) is passed first
      t.deepEqual(r.body.error.caused_by, {
        type: 'illegal_argument_exception',
        reason: 'The number of characters in the tokens produced by analysis has exceeded the allowed maximum of [33554432].',
      });
    },
    { targetMs: idleP99 + 1000, attempts: 2 },
  );
  t.true(server.alive());
  t.true(report.max < 5000, `one document stalls at most a few seconds (max ${report.max.toFixed(1)} ms)`);
  t.is((await server.request('GET', '/grams/t/1')).status, 404);
  // 600,000 chars in 1- and 2-grams: 1.2M short tokens pass the token budget
  const many = await server.request('PUT', '/grams/t/3', { grams: 'ab'.repeat(300_000) });
  t.is(many.status, 400);
  t.deepEqual(many.body.error, {
    root_cause: [{ type: 'mapper_parsing_exception', reason: 'failed to parse [grams]' }],
    type: 'mapper_parsing_exception',
    reason: 'failed to parse [grams]',
    caused_by: { type: 'illegal_argument_exception', reason: 'The number of tokens produced by analysis has exceeded the allowed maximum of [1000000].' },
  });
  // an ordinary value through the same analyzer still indexes
  t.is((await server.request('PUT', '/grams/t/2?refresh=true', { body: 'abc def' })).status, 201);
  const hit = await server.request('POST', '/grams/_search', { query: { match: { body: 'bc' } } });
  t.is(hit.body.hits.total, 1);
});

test('_analyze text nested in arrays gets ES 5.6 errors, never a stack overflow', async (t) => {
  const nested = (depth: number): string => '{"text":' + '['.repeat(depth) + '"x"' + ']'.repeat(depth) + '}';
  const shallow = await server.request('POST', '/_analyze', nested(2));
  t.deepEqual(shallow.body, {
    error: { root_cause: [{ type: 'illegal_argument_exception', reason: 'text array element should only contain text' }], type: 'illegal_argument_exception', reason: 'text array element should only contain text' },
    status: 400,
  });
  const deep999 = await server.request('POST', '/_analyze', nested(999));
  t.is(deep999.status, 400);
  t.is(deep999.body.error.reason, 'text array element should only contain text');
  const deep = await server.request('POST', '/_analyze', nested(50_000));
  t.is(deep.status, 400);
  t.is(deep.body.error.type, 'parse_exception');
  t.is(deep.body.error.reason, 'Failed to parse content: nesting depth [1001] exceeds the limit of [1000]');
  t.true(server.alive());
});
