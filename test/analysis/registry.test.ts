/** Registry resolution and ES 5.6's configuration errors. */
import test from 'ava';
import { EsError } from '../../lib/errors/errors.js';
import { createAnalysisRegistry } from '../../lib/analysis/registry.js';
import { terms } from './helpers.js';

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof EsError) return `${err.type}: ${err.reason}`;
    throw err;
  }
  return 'no error';
}

test('custom analyzer errors', (t) => {
  t.is(reason(() => createAnalysisRegistry({ analyzer: { my: { type: 'custom', tokenizer: 'foo' } } })), 'illegal_argument_exception: Custom Analyzer [my] failed to find tokenizer under name [foo]');
  t.is(reason(() => createAnalysisRegistry({ analyzer: { my: { type: 'custom' } } })), 'illegal_argument_exception: Custom Analyzer [my] must be configured with a tokenizer');
  t.is(reason(() => createAnalysisRegistry({ analyzer: { my: { filter: ['lowercase'] } } })), 'illegal_argument_exception: analyzer [my] must specify either an analyzer type, or a tokenizer');
  t.is(reason(() => createAnalysisRegistry({ analyzer: { my: { tokenizer: 'standard', filter: 'nope' } } })), 'illegal_argument_exception: Custom Analyzer [my] failed to find filter under name [nope]');
  t.is(reason(() => createAnalysisRegistry({ analyzer: { my: { tokenizer: 'standard', char_filter: ['mapping'] } } })), 'illegal_argument_exception: Custom Analyzer [my] failed to find char_filter under name [mapping]');
  t.is(reason(() => createAnalysisRegistry({ analyzer: { my: { type: 'bogus' } } })), 'illegal_argument_exception: Unknown analyzer type [bogus] for [my]');
  t.is(reason(() => createAnalysisRegistry({ analyzer: { _my: { tokenizer: 'standard' } } })), `illegal_argument_exception: analyzer name must not start with '_'. got "_my"`);
});

test('component errors', (t) => {
  t.is(reason(() => createAnalysisRegistry({ char_filter: { y: { type: 'x' } } })), 'illegal_argument_exception: Unknown char_filter type [x] for [y]');
  t.is(reason(() => createAnalysisRegistry({ filter: { y: { type: 'x' } } })), 'illegal_argument_exception: Unknown filter type [x] for [y]');
  t.is(reason(() => createAnalysisRegistry({ tokenizer: { y: { type: 'x' } } })), 'illegal_argument_exception: Unknown tokenizer type [x] for [y]');
  t.is(reason(() => createAnalysisRegistry({ filter: { y: { stopwords: ['a'] } } })), 'illegal_argument_exception: filter [y] must specify either an analyzer type, or a tokenizer');
  t.is(reason(() => createAnalysisRegistry({ filter: { y: { type: 'synonym' } } })), 'illegal_argument_exception: synonym requires either `synonyms` or `synonyms_path` to be configured');
  t.is(reason(() => createAnalysisRegistry({ tokenizer: { y: { type: 'ngram', min_gram: 3, max_gram: 2 } } })), 'illegal_argument_exception: minGram must not be greater than maxGram');
  t.is(reason(() => createAnalysisRegistry({ tokenizer: { y: { type: 'ngram', min_gram: 'x' } } })), 'settings_exception: Failed to parse int setting [min_gram] with value [x]');
});

test('default analyzer resolution', (t) => {
  const plain = createAnalysisRegistry({});
  t.is(plain.analyzer('default')!.name, 'default');
  t.deepEqual(terms(plain.analyzer('default')!.analyze('Foo BAR')), ['foo', 'bar']);
  const custom = createAnalysisRegistry({ analyzer: { default: { tokenizer: 'whitespace' } } });
  t.deepEqual(terms(custom.analyzer('default')!.analyze('Foo BAR')), ['Foo', 'BAR']);
  t.deepEqual(terms(custom.analyzer('default_search')!.analyze('Foo BAR')), ['Foo', 'BAR']);
  t.is(plain.analyzer('nope'), undefined);
  t.truthy(plain.analyzer('english'));
});

test('settings-defined names override built-ins; custom gaps', (t) => {
  const reg = createAnalysisRegistry({
    filter: { lowercase: { type: 'uppercase' } },
    analyzer: { standard: { tokenizer: 'whitespace', filter: ['lowercase'], position_increment_gap: '10' } },
  });
  const a = reg.analyzer('standard')!;
  t.deepEqual(terms(a.analyze('ab cd')), ['AB', 'CD']);
  t.is(a.positionIncrementGap, 10);
  t.is(a.offsetGap, 1);
});

test('normalizers', (t) => {
  const reg = createAnalysisRegistry({
    char_filter: { quote: { type: 'mapping', mappings: ['« => "', '» => "'] } },
    normalizer: { my: { type: 'custom', char_filter: ['quote'], filter: ['lowercase', 'asciifolding'] } },
  });
  t.deepEqual(terms(reg.normalizer('my')!.analyze('«Ça Va»')), ['"ca va"']);
  t.is(reason(() => createAnalysisRegistry({ normalizer: { n: { tokenizer: 'standard' } } })), 'illegal_argument_exception: Custom normalizer [n] cannot configure a tokenizer');
  t.is(reason(() => createAnalysisRegistry({ normalizer: { n: { filter: ['porter_stem'] } } })), 'illegal_argument_exception: Custom normalizer [n] may not use filter [porter_stem]');
  t.is(reason(() => createAnalysisRegistry({ normalizer: { n: { filter: ['nope'] } } })), 'illegal_argument_exception: Custom Analyzer [n] failed to find filter under name [nope]');
});
