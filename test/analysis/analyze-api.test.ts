/** `_analyze` logic: the cases of the REST suite's indices.analyze/10_analyze.yaml and more. */
import test from 'ava';
import { analyzeApi } from '../../lib/analysis/analyze-api.js';
import { createAnalysisRegistry } from '../../lib/analysis/registry.js';
import { EsError } from '../../lib/errors/errors.js';

const g = createAnalysisRegistry(undefined);

test('basic: standard analyzer by default', (t) => {
  t.deepEqual(analyzeApi({ text: 'Foo Bar' }, g), {
    tokens: [
      { token: 'foo', start_offset: 0, end_offset: 3, type: '<ALPHANUM>', position: 0 },
      { token: 'bar', start_offset: 4, end_offset: 7, type: '<ALPHANUM>', position: 1 },
    ],
  });
});

test('tokenizer and filters (deprecated names, comma string)', (t) => {
  t.deepEqual(analyzeApi({ text: 'Foo Bar', filters: 'lowercase', tokenizer: 'keyword' }, g), {
    tokens: [{ token: 'foo bar', start_offset: 0, end_offset: 7, type: 'word', position: 0 }],
  });
});

test('array text: offsets continue with gap 1, positions with the analyzer gap', (t) => {
  t.deepEqual(analyzeApi({ text: ['Foo Bar', 'Baz'], filter: ['lowercase'], tokenizer: 'keyword' }, g), {
    tokens: [
      { token: 'foo bar', start_offset: 0, end_offset: 7, type: 'word', position: 0 },
      { token: 'baz', start_offset: 8, end_offset: 11, type: 'word', position: 1 },
    ],
  });
  const std = analyzeApi({ text: ['a b', 'c'], analyzer: 'standard' }, g) as { tokens: Array<{ position: number; start_offset: number }> };
  t.deepEqual(std.tokens.map((x) => [x.position, x.start_offset]), [[0, 0], [1, 2], [102, 4]]);
  const stop = analyzeApi({ text: ['x the', 'c'], analyzer: 'stop' }, g) as { tokens: Array<{ token: string; position: number }> };
  t.deepEqual(stop.tokens.map((x) => [x.token, x.position]), [['x', 0], ['c', 102]]);
});

test('field analyzer is used', (t) => {
  const idx = createAnalysisRegistry({});
  const ws = idx.analyzer('whitespace')!;
  const r = analyzeApi({ text: 'Foo Bar!', field: 'text' }, idx, ws) as { tokens: Array<{ token: string }> };
  t.deepEqual(r.tokens.map((x) => x.token), ['Foo', 'Bar!']);
});

test('explain with a built-in analyzer', (t) => {
  t.deepEqual(analyzeApi({ text: 'This is troubled', analyzer: 'standard', explain: true }, g), {
    detail: {
      custom_analyzer: false,
      analyzer: {
        name: 'standard',
        tokens: [
          { token: 'this', start_offset: 0, end_offset: 4, type: '<ALPHANUM>', position: 0, bytes: '[74 68 69 73]', positionLength: 1 },
          { token: 'is', start_offset: 5, end_offset: 7, type: '<ALPHANUM>', position: 1, bytes: '[69 73]', positionLength: 1 },
          { token: 'troubled', start_offset: 8, end_offset: 16, type: '<ALPHANUM>', position: 2, bytes: '[74 72 6f 75 62 6c 65 64]', positionLength: 1 },
        ],
      },
    },
  });
});

test('explain with char filter, tokenizer, filter and attribute selection', (t) => {
  const r = analyzeApi(
    { text: '<text>This is troubled</text>', char_filters: ['html_strip'], filters: ['snowball'], tokenizer: 'standard', explain: true, attributes: ['keyword'] },
    g,
  );
  t.deepEqual(r, {
    detail: {
      custom_analyzer: true,
      charfilters: [{ name: 'html_strip', filtered_text: ['This is troubled'] }],
      tokenizer: {
        name: 'standard',
        tokens: [
          { token: 'This', start_offset: 6, end_offset: 10, type: '<ALPHANUM>', position: 0 },
          { token: 'is', start_offset: 11, end_offset: 13, type: '<ALPHANUM>', position: 1 },
          { token: 'troubled', start_offset: 14, end_offset: 29, type: '<ALPHANUM>', position: 2 },
        ],
      },
      tokenfilters: [
        {
          name: 'snowball',
          tokens: [
            { token: 'This', start_offset: 6, end_offset: 10, type: '<ALPHANUM>', position: 0, keyword: false },
            { token: 'is', start_offset: 11, end_offset: 13, type: '<ALPHANUM>', position: 1, keyword: false },
            { token: 'troubl', start_offset: 14, end_offset: 29, type: '<ALPHANUM>', position: 2, keyword: false },
          ],
        },
      ],
    },
  });
});

test('inline component definitions get anonymous names', (t) => {
  const r = analyzeApi(
    { text: 'a-b', tokenizer: { type: 'pattern', pattern: '-' }, filter: [{ type: 'uppercase' }], char_filter: [{ type: 'mapping', mappings: ['a => x'] }], explain: true },
    g,
  ) as { detail: { tokenizer: { name: string }; tokenfilters: Array<{ name: string; tokens: Array<{ token: string }> }>; charfilters: Array<{ name: string }> } };
  t.is(r.detail.tokenizer.name, '_anonymous_tokenizer');
  t.is(r.detail.tokenfilters[0]!.name, '_anonymous_tokenfilter_[0]');
  t.is(r.detail.charfilters[0]!.name, '_anonymous_charfilter_[0]');
  t.deepEqual(r.detail.tokenfilters[0]!.tokens.map((x) => x.token), ['X', 'B']);
});

test('errors', (t) => {
  const e1 = t.throws(() => analyzeApi({ text: 'x', analyzer: 'foo' }, createAnalysisRegistry({})), { instanceOf: EsError });
  t.is(e1.message, 'failed to find analyzer [foo]');
  const e2 = t.throws(() => analyzeApi({ text: 'x', analyzer: 'foo' }, g), { instanceOf: EsError });
  t.is(e2.message, 'failed to find global analyzer [foo]');
  const e3 = t.throws(() => analyzeApi({ text: 'x', tokenizer: 'nope' }, g), { instanceOf: EsError });
  t.is(e3.message, 'failed to find global tokenizer under [nope]');
  const e4 = t.throws(() => analyzeApi({ text: 'x', tokenizer: 'standard', filter: [{ type: 'bogus' }] }, g), { instanceOf: EsError });
  t.is(e4.message, 'failed to find global token filter under [bogus]');
  const e5 = t.throws(() => analyzeApi({ text: 'x', tokenizer: 'standard', filter: ['nope'] }, createAnalysisRegistry({})), { instanceOf: EsError });
  t.is(e5.message, 'failed to find token filter under [nope]');
  const e6 = t.throws(() => analyzeApi({}, g), { instanceOf: EsError });
  t.is(e6.type, 'action_request_validation_exception');
});
