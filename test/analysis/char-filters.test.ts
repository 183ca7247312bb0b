/** Char filters and the offset correction they feed back to tokenizers. */
import test from 'ava';
import { analyzeCustom, offsets, terms } from './helpers.js';

const withCharFilter = (charFilter: Record<string, unknown> | string, tokenizer: string, text: string) =>
  analyzeCustom(
    {
      char_filter: typeof charFilter === 'string' ? {} : { cf: charFilter },
      analyzer: { my: { tokenizer, char_filter: [typeof charFilter === 'string' ? charFilter : 'cf'] } },
    },
    text,
  );

test('html_strip: ES reference example', (t) => {
  const tokens = withCharFilter('html_strip', 'keyword', '<p>I&apos;m so <b>happy</b>!</p>');
  t.deepEqual(terms(tokens), ["\nI'm so happy!\n"]);
  t.deepEqual(offsets(tokens), [[0, 32]]);
});

test('html_strip: offsets point into the markup', (t) => {
  const tokens = withCharFilter('html_strip', 'standard', '<b>hello</b> &amp; <i>world</i><!-- x --><script>var a</script>');
  t.deepEqual(terms(tokens), ['hello', 'world']);
  t.deepEqual(offsets(tokens)[0]![0], 3);
  t.deepEqual(offsets(tokens)[1]![0], 22);
});

test('html_strip keeps escaped_tags', (t) => {
  const tokens = withCharFilter({ type: 'html_strip', escaped_tags: ['b'] }, 'keyword', '<p>I&apos;m so <b>happy</b>!</p>');
  t.deepEqual(terms(tokens), ["\nI'm so <b>happy</b>!\n"]);
});

test('mapping: replacements and corrected offsets', (t) => {
  const cf = { type: 'mapping', mappings: ['٠ => 0', '١ => 1', '٢ => 2', ':) => _happy_', 'ph => f'] };
  const a = withCharFilter(cf, 'keyword', 'My license plate is ٢٥٠١٥');
  t.deepEqual(terms(a), ['My license plate is 2٥01٥']);
  const b = withCharFilter(cf, 'whitespace', 'I feel :) phone');
  t.deepEqual(terms(b), ['I', 'feel', '_happy_', 'fone']);
  t.deepEqual(offsets(b), [[0, 1], [2, 6], [7, 9], [10, 15]]);
});

test('mapping rule escapes', (t) => {
  const tokens = withCharFilter({ type: 'mapping', mappings: ['\\u0041 => b', '\\t => _'] }, 'keyword', 'A\tA');
  t.deepEqual(terms(tokens), ['b_b']);
});

test('pattern_replace char filter', (t) => {
  // ES's documented example uses a lookahead, `(\d+)-(?=\d)`, which RE2 refuses (docs/analysis.md)
  const cf = { type: 'pattern_replace', pattern: '(\\d+)-(\\d)', replacement: '$1_$2' };
  const tokens = withCharFilter(cf, 'standard', 'My credit card is 123-456-789');
  t.deepEqual(terms(tokens), ['My', 'credit', 'card', 'is', '123_456_789']);
  t.deepEqual(offsets(tokens)[4], [18, 29]);
  const shorter = withCharFilter({ type: 'pattern_replace', pattern: 'aa', replacement: 'b' }, 'whitespace', 'aab xx');
  t.deepEqual(terms(shorter), ['bb', 'xx']);
  t.deepEqual(offsets(shorter), [[0, 3], [4, 6]]);
});
