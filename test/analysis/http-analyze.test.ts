/**
 * `GET|POST /_analyze` and `/{index}/_analyze` over HTTP (ES 5.6 RestAnalyzeAction +
 * TransportAnalyzeAction): body and query-string forms, the deprecation warnings of the query
 * string, field analyzers from the mappings, and the errors.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const created = await node.request('PUT', '/books', {
    settings: {
      number_of_shards: 1,
      analysis: { analyzer: { shout: { type: 'custom', tokenizer: 'whitespace', filter: ['uppercase'] } } },
    },
    mappings: {
      book: {
        properties: {
          title: { type: 'text', analyzer: 'shout' },
          tag: { type: 'keyword' },
          year: { type: 'integer' },
        },
      },
    },
  });
  if (created.status !== 200) throw new Error(created.text);
});

test.after.always(async () => {
  await node?.close();
});

const tokens = (body: any): string[] => body.tokens.map((t: any) => t.token);

test('body form: standard analyzer by default, full token shape, no warning', async (t) => {
  const r = await node.request('POST', '/_analyze', { text: 'The Quick fox' });
  t.is(r.status, 200);
  t.deepEqual(r.body.tokens[1], { token: 'quick', start_offset: 4, end_offset: 9, type: '<ALPHANUM>', position: 1 });
  t.deepEqual(tokens(r.body), ['the', 'quick', 'fox']);
  t.is(r.headers.get('warning'), null);
});

test('text arrays continue positions and offsets', async (t) => {
  const r = await node.request('POST', '/_analyze', { text: ['a b', 'c'], analyzer: 'whitespace' });
  t.is(r.status, 200);
  // Lucene's position increment gap of the whitespace analyzer is 100, offset gap 1.
  t.deepEqual(
    r.body.tokens.map((x: any) => [x.token, x.position, x.start_offset]),
    [['a', 0, 0], ['b', 1, 2], ['c', 102, 4]],
  );
});

test('tokenizer, filter and char_filter in the body, inline definitions too', async (t) => {
  const r = await node.request('POST', '/_analyze', {
    text: '<b>Foo</b> Bar',
    tokenizer: 'keyword',
    filter: ['lowercase', { type: 'reverse' }],
    char_filter: ['html_strip'],
  });
  t.is(r.status, 200);
  t.deepEqual(tokens(r.body), ['rab oof']);
});

test('query-string parameters work and each adds its 5.x deprecation warning', async (t) => {
  const r = await node.request('GET', '/_analyze?text=Foo%20Bar,Baz&tokenizer=keyword&filter=lowercase');
  t.is(r.status, 200);
  t.deepEqual(tokens(r.body), ['foo bar', 'baz']);
  const warning = r.headers.get('warning') ?? '';
  for (const p of ['text', 'tokenizer', 'filter']) {
    t.true(warning.includes(`"${p} request parameter is deprecated and will be removed in the next major release.`), warning);
  }
});

test('body fields override the query string', async (t) => {
  const r = await node.request('POST', '/_analyze?text=ignored', { text: 'Used here', analyzer: 'keyword' });
  t.is(r.status, 200);
  t.deepEqual(tokens(r.body), ['Used here']);
});

test('a plain-text body is the text (deprecated)', async (t) => {
  // A body that does not sniff as JSON is the text, whatever its content type (5.6
  // supportsPlainText): the dispatcher's warning first, then the handler's.
  const res = await fetch(`${node.url}/_analyze?analyzer=whitespace`, { method: 'POST', body: 'Plain [Text]', headers: { 'content-type': 'text/plain' } });
  const body = (await res.json()) as any;
  t.is(res.status, 200);
  t.deepEqual(tokens(body), ['Plain', '[Text]']);
  const warning = res.headers.get('warning') ?? '';
  t.regex(warning, /^299 Elasticsearch-5\.6\.16-\w+ "Plain text request bodies are deprecated\. Use request parameters or body in a supported format\." "[^"]+", 299 /);
  t.true(warning.includes('" plain text bodies is deprecated and this feature will be removed in the next major release. Please use the text param in JSON"'));
  // Other APIs still refuse a body they cannot read.
  const count = await fetch(`${node.url}/_count`, { method: 'POST', body: 'Plain', headers: { 'content-type': 'text/plain' } });
  t.is(count.status, 406);
});

test('index analyzers and field analyzers from the mappings', async (t) => {
  const custom = await node.request('POST', '/books/_analyze', { text: 'loud words', analyzer: 'shout' });
  t.deepEqual(tokens(custom.body), ['LOUD', 'WORDS']);
  const byField = await node.request('POST', '/books/_analyze', { text: 'quiet words', field: 'title' });
  t.deepEqual(tokens(byField.body), ['QUIET', 'WORDS']);
  const keyword = await node.request('POST', '/books/_analyze', { text: 'One Tag', field: 'tag' });
  t.deepEqual(tokens(keyword.body), ['One Tag']);
  // An unmapped field falls back to the index's default analyzer.
  const unmapped = await node.request('POST', '/books/_analyze', { text: 'Some Text', field: 'nope' });
  t.deepEqual(tokens(unmapped.body), ['some', 'text']);
});

test('explain gives the detail of each component', async (t) => {
  const r = await node.request('POST', '/_analyze', { text: 'Troubled', tokenizer: 'standard', filter: ['snowball'], explain: true, attributes: ['keyword'] });
  t.is(r.status, 200);
  t.is(r.body.detail.custom_analyzer, true);
  t.is(r.body.detail.tokenizer.name, 'standard');
  t.is(r.body.detail.tokenfilters[0].name, 'snowball');
  t.deepEqual(r.body.detail.tokenfilters[0].tokens[0], { token: 'Troubl', start_offset: 0, end_offset: 8, type: '<ALPHANUM>', position: 0, keyword: false });
});

test('errors as ES 5.6', async (t) => {
  const cases: Array<[string, string, unknown, number, string, string]> = [
    ['POST', '/_analyze', {}, 400, 'action_request_validation_exception', 'Validation Failed: 1: text is missing;'],
    ['POST', '/_analyze', { text: 'x', filters: ['lowercase'] }, 400, 'illegal_argument_exception', 'Unknown parameter [filters] in request body or parameter is of the wrong type[START_ARRAY] '],
    ['POST', '/_analyze', { text: 'x', explain: 'maybe' }, 400, 'illegal_argument_exception', "explain must be either 'true' or 'false'"],
    ['POST', '/_analyze', { text: 'x', field: 'title' }, 400, 'illegal_argument_exception', 'No index provided, and trying to analyzer based on a specific field which requires the index parameter'],
    ['POST', '/_analyze', { text: 'x', analyzer: 'nope' }, 400, 'illegal_argument_exception', 'failed to find global analyzer [nope]'],
    ['POST', '/books/_analyze', { text: 'x', field: 'year' }, 400, 'illegal_argument_exception', "Can't process field [year], Analysis requests are only supported on tokenized fields"],
    ['POST', '/missing/_analyze', { text: 'x' }, 404, 'index_not_found_exception', 'no such index'],
  ];
  for (const [method, path, body, status, type, reason] of cases) {
    const r = await node.request(method, path, body);
    t.is(r.status, status, `${path} ${JSON.stringify(body)}: ${r.text}`);
    t.is(r.body.error.type, type);
    t.is(r.body.error.reason, reason);
  }
});

test('stemmers Strata lacks are refused by name, never replaced by another algorithm', async (t) => {
  const notBuilt = (name: string) => ({
    error: {
      root_cause: [{ type: 'illegal_argument_exception', reason: `[${name} stemmer] is not supported by Strata yet` }],
      type: 'illegal_argument_exception',
      reason: `[${name} stemmer] is not supported by Strata yet`,
    },
    status: 400,
  });
  for (const [language, name] of [['lovins', 'lovins'], ['german2', 'german2'], ['kp', 'kp'], ['dutch_kp', 'kp']] as const) {
    const r = await node.request('POST', '/_analyze', { tokenizer: 'standard', filter: [{ type: 'stemmer', language }], text: 'running' });
    t.is(r.status, 400, language);
    t.deepEqual(r.body, notBuilt(name));
  }
  const snowball = await node.request('POST', '/_analyze', { tokenizer: 'standard', filter: [{ type: 'snowball', language: 'Lovins' }], text: 'running' });
  t.deepEqual(snowball.body, notBuilt('lovins'));
  const analyzer = await node.request('PUT', '/stem_refused', {
    settings: { analysis: { analyzer: { a: { type: 'snowball', language: 'German2' } } } },
  });
  t.is(analyzer.status, 400);
  t.is(analyzer.body.error.type, 'illegal_argument_exception');
  t.regex(analyzer.body.error.reason, /\[german2 stemmer\] is not supported by Strata yet/);
  t.is((await node.request('HEAD', '/stem_refused')).status, 404);
  // A language Lucene has no Snowball program for fails as Lucene's SnowballFilter does.
  const unknown = await node.request('PUT', '/stem_unknown', { settings: { analysis: { analyzer: { a: { type: 'snowball', language: 'Klingon' } } } } });
  t.is(unknown.status, 400);
  t.regex(unknown.body.error.reason, /Invalid stemmer class specified: Klingon/);
  // The ones Strata has still stem.
  const ok = await node.request('POST', '/_analyze', { tokenizer: 'standard', filter: [{ type: 'snowball', language: 'German' }], text: 'katzen' });
  t.deepEqual(ok.body.tokens.map((x: any) => x.token), ['katz']);
});
