import test from 'ava';
import { create, error, field, parse, terms } from './helpers.js';

test('dynamic mapping of each JSON kind as ES 5', (t) => {
  const m = create({ t: {} });
  const r = parse(m, 't', { s: 'foo bar', i: 12, f: 1.5, b: true, d: '2015-01-01', d2: '2015/01/01 10:00:00', n: null, o: { a: 'x' }, arr: [null, 3, 4], empty: [] });
  t.deepEqual(r.dynamicUpdate, {
    properties: {
      arr: { type: 'long' },
      b: { type: 'boolean' },
      d: { type: 'date' },
      d2: { type: 'date', format: 'yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis' },
      f: { type: 'float' },
      i: { type: 'long' },
      o: { properties: { a: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } } } },
      s: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
    },
  });
  const merged = m.merge('t', r.dynamicUpdate as Record<string, unknown>);
  t.deepEqual(merged.toJSON()['t'], { properties: (r.dynamicUpdate as { properties: unknown }).properties });
  t.deepEqual(terms(r.doc, 's'), ['foo', 'bar']);
  t.deepEqual(terms(r.doc, 's.keyword'), ['foo bar']);
  t.deepEqual(field(r.doc, 'arr')?.docValues, [3, 4]);
  t.deepEqual(field(r.doc, 'b')?.docValues, [1]);
  t.deepEqual(field(r.doc, 'd')?.docValues, [1420070400000]);
});

test('numeric detection and date detection switches', (t) => {
  const m = create({ t: { numeric_detection: true, date_detection: false } });
  const r = parse(m, 't', { a: '12', b: '1.5', c: '2015-01-01' });
  t.deepEqual(r.dynamicUpdate, {
    properties: { a: { type: 'long' }, b: { type: 'float' }, c: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } } },
  });
});

test('dynamic false ignores and strict rejects new fields', (t) => {
  const m = create({ t: { dynamic: 'strict', properties: { o: { dynamic: false, properties: {} }, k: { type: 'keyword' } } } });
  const e = error(() => parse(m, 't', { k: 'a', foo: 1 }));
  t.is(e.type, 'strict_dynamic_mapping_exception');
  t.is(e.message, 'mapping set to strict, dynamic introduction of [foo] within [t] is not allowed');
  const r = parse(m, 't', { k: 'a', o: { x: 1 } });
  t.is(r.dynamicUpdate, undefined);
  t.is(field(r.doc, 'o.x'), undefined);
  const e2 = error(() => parse(create({ t: { properties: { o: { dynamic: 'strict', properties: {} } } } }), 't', { o: { y: 'z' } }));
  t.is(e2.message, 'mapping set to strict, dynamic introduction of [y] within [o] is not allowed');
});

test('dynamic templates: match, unmatch, path_match, match_mapping_type, placeholders', (t) => {
  const m = create({
    t: {
      dynamic_templates: [
        { ints: { match_mapping_type: 'long', mapping: { type: 'integer' } } },
        { strings_raw: { match: 'raw_*', unmatch: '*_text', match_mapping_type: 'string', mapping: { type: 'keyword' } } },
        { by_path: { path_match: 'user.*', mapping: { type: '{dynamic_type}', copy_to: '{name}_all' } } },
      ],
    },
  });
  const r = parse(m, 't', { n: 5, raw_a: 'x', raw_text: 'y', user: { name: 'kimchy' } });
  const props = (r.dynamicUpdate as { properties: Record<string, unknown> }).properties;
  t.deepEqual(props['n'], { type: 'integer' });
  t.deepEqual(props['raw_a'], { type: 'keyword' });
  t.deepEqual(props['raw_text'], { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } });
  t.deepEqual(props['user'], { properties: { name: { type: 'text', copy_to: ['name_all'] } } });
  t.deepEqual(props['name_all'], { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } });
  t.deepEqual(terms(r.doc, 'name_all'), ['kimchy']);
  t.is(error(() => create({ t: { dynamic_templates: [{ x: { match_mapping_type: 'foo', mapping: {} } }] } })).message,
    'No field type matched on [foo], possible values are [object, string, long, double, boolean, date, binary]');
});

test('dots in field names create objects; ambiguous dots fail', (t) => {
  const m = create({ t: {} });
  const r = parse(m, 't', { 'a.b': 1 });
  t.deepEqual(r.dynamicUpdate, { properties: { a: { properties: { b: { type: 'long' } } } } });
  t.is(error(() => parse(m, 't', { 'a..b': 1 })).message, 'object field starting or ending with a [.] makes object resolution ambiguous: [a..b]');
});

test('a new type is parsed against _default_ and always yields an update', (t) => {
  const m = create({ _default_: { _all: { enabled: false }, dynamic: 'strict' } });
  t.is(error(() => parse(m, 'x', { a: 1 })).type, 'strict_dynamic_mapping_exception');
  const r = parse(m, 'x', {});
  t.deepEqual(r.dynamicUpdate, {});
  const m2 = m.merge('x', r.dynamicUpdate as Record<string, unknown>);
  t.deepEqual(m2.toJSON()['x'], { dynamic: 'strict', _all: { enabled: false } });
});
