import test from 'ava';
import { create, error } from './helpers.js';

test('conflicting parameters and type changes are rejected with ES messages', (t) => {
  const m = create({ t: { properties: { title: { type: 'text', analyzer: 'whitespace' }, n: { type: 'long' }, o: { properties: { a: { type: 'keyword' } } } } } });
  let e = error(() => m.merge('t', { properties: { title: { type: 'text' } } }));
  t.is(e.type, 'illegal_argument_exception');
  t.is(e.message, 'Mapper for [title] conflicts with existing mapping in other types:\n[mapper [title] has different [analyzer]]');
  e = error(() => m.merge('t', { properties: { n: { type: 'text' } } }));
  t.is(e.message, 'mapper [n] of different type, current_type [long], merged_type [text]');
  e = error(() => m.merge('t', { properties: { n: { type: 'integer' } } }));
  t.is(e.message, 'mapper [n] cannot be changed from type [long] to [integer]');
  e = error(() => m.merge('t', { properties: { o: { type: 'keyword' } } }));
  t.is(e.message, "Can't merge a non object mapping [o] with an object mapping [o]");
  e = error(() => m.merge('t', { properties: { n: { properties: { x: { type: 'long' } } } } }));
  t.is(e.message, 'mapper [n] of different type, current_type [long], merged_type [ObjectMapper]');
  e = error(() => m.merge('t', { properties: { o: { type: 'nested' } } }));
  t.is(e.message, "object mapping [o] can't be changed from non-nested to nested");
  e = error(() => m.merge('t', { properties: { n: { type: 'long', store: true, doc_values: false } } }));
  t.is(e.message, 'Mapper for [n] conflicts with existing mapping in other types:\n[mapper [n] has different [store] values, mapper [n] has different [doc_values] values]');
});

test('ignore_above and new multi-fields can be added; fields merge into objects', (t) => {
  const m = create({ t: { properties: { k: { type: 'keyword', ignore_above: 10 }, title: { type: 'text' } } } });
  const m2 = m.merge('t', { t: { properties: { k: { type: 'keyword', ignore_above: 20 }, title: { type: 'text', fields: { raw: { type: 'keyword' } } }, 'sub.x': { type: 'long' } } } });
  t.deepEqual(m2.toJSON()['t'], {
    properties: {
      k: { type: 'keyword', ignore_above: 20 },
      sub: { properties: { x: { type: 'long' } } },
      title: { type: 'text', fields: { raw: { type: 'keyword' } } },
    },
  });
  t.is(m2.version, 1);
  t.deepEqual(m.toJSON()['t'], { properties: { k: { type: 'keyword', ignore_above: 10 }, title: { type: 'text' } } });
});

test('fields shared between types need update_all_types for updatable parameters', (t) => {
  const m = create({
    a: { properties: { f: { type: 'text', analyzer: 'standard', search_analyzer: 'whitespace' } } },
    b: { properties: { f: { type: 'text', analyzer: 'standard', search_analyzer: 'whitespace' } } },
  });
  const e = error(() => m.merge('a', { properties: { f: { type: 'text', analyzer: 'standard', search_analyzer: 'standard' } } }));
  t.is(e.message, 'Mapper for [f] conflicts with existing mapping in other types:\n[mapper [f] is used by multiple types. Set update_all_types to true to update [search_analyzer] across all types., mapper [f] is used by multiple types. Set update_all_types to true to update [search_quote_analyzer] across all types.]');
  const m2 = m.merge('a', { properties: { f: { type: 'text', analyzer: 'standard', search_analyzer: 'standard' } } }, { updateAllTypes: true });
  t.deepEqual(m2.toJSON()['b'], { properties: { f: { type: 'text', analyzer: 'standard' } } });
  t.is(m2.fieldType('f')?.searchAnalyzer, 'standard');
  const e2 = error(() => m.merge('c', { properties: { f: { type: 'keyword' } } }));
  t.is(e2.message, 'mapper [f] cannot be changed from type [text] to [keyword]');
});

test('_default_ is replaced, not merged, and new types inherit it', (t) => {
  const m = create({ _default_: { _all: { enabled: false }, properties: { ts: { type: 'date' } } } });
  const m2 = m.merge('_default_', { _default_: { properties: { other: { type: 'keyword' } } } });
  t.deepEqual(m2.toJSON()['_default_'], { properties: { other: { type: 'keyword' } } });
  const m3 = m.merge('t', { properties: { x: { type: 'long' } } });
  t.deepEqual(m3.toJSON()['t'], { _all: { enabled: false }, properties: { ts: { type: 'date' }, x: { type: 'long' } } });
  t.deepEqual(m3.types(), ['t']);
});

test('metadata field updates: _source and _all cannot change, _parent is fixed', (t) => {
  const m = create({ p: {}, c: { _parent: { type: 'p' }, _source: { enabled: false } } });
  t.is(m.parentType('c'), 'p');
  t.true(m.routingRequired('c'));
  t.false(m.routingRequired('p'));
  t.is(error(() => m.merge('c', { _source: { enabled: true } })).message, "Can't merge because of conflicts: [Cannot update enabled setting for [_source]]");
  t.is(error(() => m.merge('p', { _all: { enabled: false } })).message, 'mapper [_all] enabled is true now encountering false');
  t.is(error(() => m.merge('c', { _parent: { type: 'x' } })).message, "The _parent field's type option can't be changed: [p]->[x]");
  t.is(error(() => m.merge('d', { _parent: { type: 'd' } })).message, "The [_parent.type] option can't point to the same type");
  t.is(error(() => create({ q: {} }).merge('d', { _parent: { type: 'q' } })).message, "can't add a _parent field that points to an already existing type, that isn't already a parent");
});

test('limits: total fields, depth, nested fields', (t) => {
  const props: Record<string, unknown> = {};
  for (let i = 0; i < 10; i++) props[`f${i}`] = { type: 'long' };
  let e = error(() => create({ t: { properties: props } }, { 'index.mapping.total_fields.limit': 20 }));
  t.is(e.message, 'Limit of total fields [20] in index [idx] has been exceeded');
  t.notThrows(() => create({ t: { properties: props } }, { 'index.mapping.total_fields.limit': 22 }));
  e = error(() => create({ t: { properties: { a: { properties: { b: { properties: { c: { type: 'long' } } } } } } } }, { index: { mapping: { depth: { limit: 2 } } } }));
  t.is(e.message, 'Limit of mapping depth [2] in index [idx] has been exceeded due to object field [a.b]');
  e = error(() => create({ t: { properties: { a: { type: 'nested' }, b: { type: 'nested' } } } }, { 'index.mapping.nested_fields.limit': 1 }));
  t.is(e.message, 'Limit of nested fields [1] in index [idx] has been exceeded');
});

test('field definition validation errors', (t) => {
  t.is(error(() => create({ t: { properties: { bar: { type: 'foo' } } } })).message, 'No handler for type [foo] declared on field [bar]');
  const e = error(() => create({ t: { properties: { x: { type: 'keyword', foo: 'bar', baz: 1 } } } }));
  t.is(e.type, 'mapper_parsing_exception');
  t.is(e.message, 'Mapping definition for [x] has unsupported parameters:  [foo : bar] [baz : 1]');
  t.is(error(() => create({ t: { properties: { y: { type: 'text', analyzer: 'nope' } } } })).message, 'analyzer [nope] not found for field [y]');
  t.is(error(() => create({ t: { properties: { n: { type: 'long', precision_step: 4 } } } })).message, 'Mapping definition for [n] has unsupported parameters:  [precision_step : 4]');
  t.is(error(() => create({ t: { properties: { s: { type: 'scaled_float' } } } })).message, 'Field [s] misses required parameter [scaling_factor]');
  t.is(error(() => create({ t: { properties: { c: { type: 'token_count' } } } })).message, "Analyzer must be set for field [c] but wasn't.");
  t.is(error(() => create({ t: { properties: { '': { type: 'keyword' } } } })).type, 'illegal_argument_exception');
  t.is(error(() => create({ t: { foo: 1 } })).message, 'Root mapping definition has unsupported parameters:  [foo : 1]');
  t.is(error(() => create({ _t: {} })).message, "mapping type name [_t] can't start with '_'");
  t.is(error(() => create({ t: { properties: { x: { type: 'text', fields: { 'a.b': { type: 'keyword' } } } } } })).message, "Field name [a.b] which is a multi field of [x] cannot contain '.'");
});

test('legacy string fields are upgraded to text or keyword with deprecation warnings, as 5.6 does', (t) => {
  const warnings: string[] = [];
  const m = create(
    {
      type: {
        properties: {
          field: { type: 'string' },
          raw: { type: 'string', index: 'not_analyzed', omit_norms: true, fielddata: { loading: 'eager_global_ordinals' } },
          body: { type: 'string', analyzer: 'whitespace', norms: { enabled: false }, fielddata: { format: 'disabled' } },
          field2: { type: 'long', store: 'no' },
        },
      },
    },
    {},
    warnings,
  );
  t.deepEqual(warnings, [
    'The [string] field is deprecated, please use [text] or [keyword] instead on [field]',
    'The [string] field is deprecated, please use [text] or [keyword] instead on [raw]',
    'The [string] field is deprecated, please use [text] or [keyword] instead on [body]',
    'Expected a boolean [true/false] for property [field2.store] but got [no]',
  ]);
  t.deepEqual(m.toJSON()['type'], {
    properties: {
      body: { type: 'text', analyzer: 'whitespace', norms: false },
      field: { type: 'text' },
      field2: { type: 'long' },
      raw: { type: 'keyword', eager_global_ordinals: true },
    },
  });
  // Parameters without a text/keyword equivalent are refused; so are unknown `index` values.
  t.is(
    error(() => create({ t: { properties: { z: { type: 'string', ignore_above: 5 } } } })).message,
    'The [string] type is removed in 5.0 and automatic upgrade failed because parameters [ignore_above] are not supported for automatic upgrades. You should now use either a [text] or [keyword] field instead for field [z]',
  );
  t.is(
    error(() => create({ t: { properties: { z: { type: 'string', index: 'yes' } } } })).message,
    "Can't parse [index] value [yes] for field [z], expected [no], [not_analyzed] or [analyzed]",
  );
});
