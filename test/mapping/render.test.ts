import test from 'ava';
import { create, registry } from './helpers.js';
import { IndexMappings } from '../../lib/mapping/index-mappings.js';

test('GET _mapping rendering: defaults hidden, given values canonical, properties sorted', (t) => {
  const m = create({
    t: {
      dynamic: 'strict',
      _all: { enabled: false },
      _source: { includes: ['a'] },
      _routing: { required: true },
      _meta: { v: 1 },
      date_detection: false,
      properties: {
        z: { type: 'keyword', index: true, doc_values: true, store: 'true' },
        a: { type: 'text', analyzer: 'whitespace', search_analyzer: 'standard', fields: { raw: { type: 'keyword' } }, copy_to: 'z' },
        d: { type: 'date', format: 'yyyy-MM-dd', null_value: '2015-01-01' },
        n: { type: 'nested', include_in_root: true, properties: { x: { type: 'integer', coerce: false } } },
        o: { type: 'object', enabled: false },
        e: { type: 'object' },
        g: { type: 'geo_shape', tree: 'quadtree' },
      },
    },
  });
  t.deepEqual(JSON.parse(JSON.stringify(m.toJSON())), {
    t: {
      dynamic: 'strict',
      _meta: { v: 1 },
      _routing: { required: true },
      _source: { includes: ['a'] },
      _all: { enabled: false },
      date_detection: false,
      properties: {
        a: { type: 'text', fields: { raw: { type: 'keyword' } }, copy_to: ['z'], analyzer: 'whitespace', search_analyzer: 'standard' },
        d: { type: 'date', null_value: '2015-01-01', format: 'yyyy-MM-dd' },
        e: { type: 'object' },
        g: { type: 'geo_shape', tree: 'quadtree' },
        n: { type: 'nested', include_in_root: true, properties: { x: { type: 'integer', coerce: false } } },
        o: { type: 'object', enabled: false },
        z: { type: 'keyword', store: true },
      },
    },
  });
  // a stored mapping re-opens to the same rendering
  const again = IndexMappings.create('idx', m.toJSON(), {}, registry, { restore: true });
  t.deepEqual(again.toJSON(), m.toJSON());
});

test('GET _mapping/field: full_name and leaf-keyed mapping, wildcards, include_defaults', (t) => {
  const m = create({ test_type: { properties: { t1: { type: 'text' }, t2: { type: 'text' }, obj: { properties: { t1: { type: 'text' }, i_t1: { type: 'text' }, i_t3: { type: 'text' } } }, k: { type: 'keyword', fields: { x: { type: 'long' } } } } } });
  t.deepEqual(Object.keys(m.fieldMapping('test_type', ['t*']) ?? {}), ['t1', 't2']);
  t.deepEqual(Object.keys(m.fieldMapping('test_type', ['*t1']) ?? {}).sort(), ['obj.i_t1', 'obj.t1', 't1']);
  t.deepEqual(Object.keys(m.fieldMapping('test_type', ['obj.i_*']) ?? {}).sort(), ['obj.i_t1', 'obj.i_t3']);
  t.deepEqual(m.fieldMapping('test_type', ['k.x']), { 'k.x': { full_name: 'k.x', mapping: { x: { type: 'long' } } } });
  t.deepEqual(m.fieldMapping('test_type', ['nope']), {});
  t.is(m.fieldMapping('other', ['t1']), undefined);
  const withDefaults = m.fieldMapping('test_type', ['t1'], { includeDefaults: true }) as Record<string, { mapping: { t1: Record<string, unknown> } }>;
  const t1 = withDefaults['t1']?.mapping.t1;
  t.is(t1?.['analyzer'], 'default');
  t.is(t1?.['search_analyzer'], 'default');
  t.is(t1?.['index'], true);
  t.is(t1?.['norms'], true);
  t.is(t1?.['position_increment_gap'], 100);
});

test('field lookup for queries', (t) => {
  const m = create({
    a: { properties: { title: { type: 'text', analyzer: 'whitespace', fields: { raw: { type: 'keyword' } } }, when: { type: 'date' }, c: { type: 'nested', properties: { v: { type: 'long' } } } } },
    b: { properties: { title: { type: 'text', analyzer: 'whitespace' } } },
  });
  const title = m.fieldType('title');
  t.is(title?.type, 'text');
  t.is(title?.analyzer, 'whitespace');
  t.is(title?.searchAnalyzer, 'whitespace');
  t.deepEqual(title?.types, ['a', 'b']);
  t.is(m.fieldType('title.raw')?.isMultiField, true);
  t.is(m.fieldType('title.raw')?.hasDocValues, true);
  t.is(m.fieldType('when')?.format, 'strict_date_optional_time||epoch_millis');
  t.is(m.fieldType('c.v')?.nestedPath, 'c');
  t.is(m.fieldType('c.v')?.family, 'integer');
  t.is(m.fieldType('_all')?.tokenized, true);
  t.is(m.fieldType('missing'), undefined);
  t.deepEqual(m.expandFieldPattern('ti*'), ['title', 'title.raw']);
  t.deepEqual(m.fieldNames(), ['c.v', 'title', 'title.raw', 'when']);
  t.deepEqual(m.types(), ['a', 'b']);
  t.true(m.hasType('a'));
  t.false(m.hasType('_default_'));
});
