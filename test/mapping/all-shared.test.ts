/**
 * `_all` reuses a text field's tokens when its analyzer is the field's (instead of analyzing the
 * same text twice): its tokens must be exactly those of analyzing every `_all` entry again, as
 * ES 5.6 does (positions continuing with the analyzer's position_increment_gap, offsets with its
 * offset gap). Compared against a mapping whose fields use an identical analyzer under another
 * name, which `_all` cannot share and analyzes itself.
 */
import test from 'ava';
import { createAnalysisRegistry } from '../../lib/analysis/registry.js';
import { IndexMappings } from '../../lib/mapping/index-mappings.js';
import type { ParsedDocument } from '../../lib/mapping/parsed-document.js';

const MY = { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'stop'] };

/** An index whose fields use `analyzer` (undefined: the index default, which `_all` uses too). */
function index(defaultAnalyzer: Record<string, unknown> | undefined, analyzer: string | undefined): IndexMappings {
  const settings = { analyzer: { ...(defaultAnalyzer ? { default: defaultAnalyzer } : {}), copy: defaultAnalyzer ?? { type: 'standard' } } };
  const registry = createAnalysisRegistry(settings);
  const text = analyzer ? { type: 'text', analyzer } : { type: 'text' };
  const mappings = {
    t: {
      properties: {
        title: text,
        tags: { ...text, position_increment_gap: 7 },
        name: { type: 'keyword' },
        n: { type: 'long' },
        inner: { type: 'nested', include_in_root: true, properties: { body: text } },
        obj: { properties: { note: text } },
      },
    },
  };
  return IndexMappings.create('idx', mappings, {}, registry, { warnings: [] });
}

const DOC = {
  title: 'The Quick brown fox, and the LAZY dog',
  name: 'Some-Package.js',
  tags: ['a tag', 'The end of the', '', 'x y the'],
  n: 42,
  inner: [{ body: 'nested Text here' }, { body: 'more of it' }],
  obj: { note: 'Ünïcödé words — and 1.2.3 numbers' },
};

function allTokens(m: IndexMappings): ParsedDocument['fields'][number]['tokens'] {
  const doc = m.parse('t', '1', Buffer.from(JSON.stringify(DOC))).doc;
  return doc.fields.find((f) => f.name === '_all')?.tokens;
}

test('_all from the fields\' own tokens equals _all analyzed again (standard default analyzer)', (t) => {
  const shared = allTokens(index(undefined, undefined));
  const analyzed = allTokens(index(undefined, 'copy'));
  t.deepEqual(shared, analyzed);
  // not vacuous: every entry is there, positions continue across entries with the gap of 100
  t.deepEqual(shared!.slice(0, 9).map((x) => [x.term, x.position, x.startOffset, x.endOffset]), [
    ['the', 0, 0, 3], ['quick', 1, 4, 9], ['brown', 2, 10, 15], ['fox', 3, 16, 19], ['and', 4, 21, 24], ['the', 5, 25, 28], ['lazy', 6, 29, 33], ['dog', 7, 34, 37],
    ['some', 108, 38, 42],
  ]);
});

test('_all from the fields\' own tokens equals _all analyzed again (a default analyzer with stop words)', (t) => {
  const shared = allTokens(index(MY, undefined));
  const analyzed = allTokens(index(MY, 'copy'));
  t.deepEqual(shared, analyzed);
  // stop words leave position holes, kept in _all
  t.deepEqual(shared!.slice(0, 3).map((x) => [x.term, x.position]), [['quick', 1], ['brown', 2], ['fox', 3]]);
});
