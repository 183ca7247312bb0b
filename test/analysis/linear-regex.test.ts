/**
 * User regular expressions run on RE2 (linear time, issue 8): a pattern tokenizer, a grok
 * definition and a painless `=~` whose patterns backtrack catastrophically in a JavaScript
 * RegExp answer correctly at once while `GET /` stays fast; constructs that need backtracking
 * are refused with ES's errors.
 */
import test from 'ava';
import { probeQuietest, startServerUnderTest, type ServerUnderTest } from '../helpers/responsiveness.js';

let server: ServerUnderTest;
const LONG = 'a'.repeat(40);

test.before(async () => {
  server = await startServerUnderTest({ settings: { 'script.painless.regex.enabled': 'true' } });
  const created = await server.request('PUT', '/r', {
    settings: {
      number_of_shards: 1,
      analysis: {
        tokenizer: { evil: { type: 'pattern', pattern: '(a+)+b' }, grouped: { type: 'pattern', pattern: '(\\p{L}+)=(\\d+)', group: 2 } },
        analyzer: { evil: { type: 'custom', tokenizer: 'evil' }, grouped: { type: 'custom', tokenizer: 'grouped' } },
      },
    },
    mappings: { d: { properties: { tag: { type: 'keyword' } } } },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const put = await server.request('PUT', '/r/d/1?refresh=true', { tag: LONG });
  if (put.status !== 201) throw new Error(JSON.stringify(put.body));
});

test.after.always(async () => {
  await server?.close();
});

test.serial('pattern tokenizer with a catastrophic pattern on a long input', async (t) => {
  const report = await probeQuietest(
    server,
    () => server.request('POST', '/r/_analyze', { analyzer: 'evil', text: `${LONG}c ${LONG}bx` }),
    (r) => {
      t.is(r.status, 200);
      t.deepEqual(
        r.body.tokens.map((x: { token: string }) => x.token),
        [`${LONG}c `, 'x'],
      );
    },
  );
  t.true(report.p99 < 100, `GET / p99 ${report.p99.toFixed(1)} ms`);
  const grouped = await server.request('POST', '/r/_analyze', { analyzer: 'grouped', text: 'été=12 b=3' });
  t.deepEqual(
    grouped.body.tokens.map((x: { token: string }) => x.token),
    ['12', '3'],
  );
});

test.serial('grok with a catastrophic custom pattern', async (t) => {
  const pipeline = { processors: [{ grok: { field: 'm', patterns: ['%{EVIL:x}c'], pattern_definitions: { EVIL: '(a+)+b' } } }] };
  const simulate = () => server.request('POST', '/_ingest/pipeline/_simulate', { pipeline, docs: [{ _source: { m: LONG } }, { _source: { m: 'aabc' } }] });
  await simulate(); // first use loads the ingest code paths; measure the steady state
  const report = await probeQuietest(server, simulate, (r) => {
    t.is(r.status, 200);
    const [miss, hit] = r.body.docs;
    t.is(miss.error.type, 'exception');
    t.is(miss.error.reason, `java.lang.IllegalArgumentException: java.lang.IllegalArgumentException: Provided Grok expressions do not match field value: [${LONG}]`);
    t.is(hit.doc._source.x, 'aab');
  });
  t.true(report.p99 < 100, `GET / p99 ${report.p99.toFixed(1)} ms`);
});

test.serial('painless =~ and ==~ with a catastrophic pattern', async (t) => {
  const body = {
    query: { match_all: {} },
    script_fields: {
      find: { script: { lang: 'painless', inline: "doc['tag'].value =~ /(a+)+b/" } },
      whole: { script: { lang: 'painless', inline: "doc['tag'].value ==~ /(a|aa)+/" } },
      split: { script: { lang: 'painless', inline: "/(a+)+b/.split(doc['tag'].value + 'bc').length" } },
    },
  };
  // the first run compiles the scripts (not what is measured); the regexes run on every run
  await server.request('POST', '/r/_search', body);
  const report = await probeQuietest(
    server,
    () => server.request('POST', '/r/_search', body),
    (r) => {
      t.is(r.status, 200, JSON.stringify(r.body));
      t.deepEqual(r.body.hits.hits[0].fields, { find: [false], whole: [true], split: [2] });
    },
  );
  t.true(report.p99 < 100, `GET / p99 ${report.p99.toFixed(1)} ms`);
  t.true(server.alive());
  const split = await server.request('POST', '/r/_search', { script_fields: { s: { script: { lang: 'painless', inline: "/,/.split('a,,b,,').length + ':' + 'x1y22z'.split('[0-9]+').length" } } } });
  t.deepEqual(split.body.hits.hits[0].fields.s, ['3:3']);
});

test.serial('lookaround and backreferences are refused with ES errors', async (t) => {
  const tok = await server.request('PUT', '/bad', { settings: { analysis: { tokenizer: { t: { type: 'pattern', pattern: '(a)\\1' } }, analyzer: { a: { type: 'custom', tokenizer: 't' } } } } });
  t.is(tok.status, 400);
  t.is(tok.body.error.type, 'illegal_argument_exception');
  t.is(tok.body.error.reason, 'Invalid regex pattern [(a)\\1]: the backreference \\1 is not supported (regular expressions run in linear time, without backtracking)');
  const grok = await server.request('PUT', '/_ingest/pipeline/p', { processors: [{ grok: { field: 'm', patterns: ['(?<=a)b'] } }] });
  t.is(grok.status, 400);
  t.is(grok.body.error.type, 'parse_exception');
  t.regex(grok.body.error.reason, /the lookbehind \(\?<= is not supported/);
  const painless = await server.request('POST', '/r/_search', { script_fields: { f: { script: { lang: 'painless', inline: "doc['tag'].value =~ /a(?=b)/" } } } });
  t.is(painless.status, 400);
  const cause = painless.body.error.failed_shards?.[0]?.reason ?? painless.body.error;
  t.is(cause.type, 'script_exception');
  t.regex(JSON.stringify(cause), /the lookahead \(\?= is not supported/);
});
