import test from 'ava';
import { create, error, field, parse, terms } from './helpers.js';

test('parse errors: JSON syntax, non-object source, empty source, bad values', (t) => {
  const m = create({ t: { properties: { n: { type: 'long' }, i: { type: 'integer' }, d: { type: 'date' }, ip: { type: 'ip' } } } });
  let e = error(() => parse(m, 't', '{"n": 1,'));
  t.is(e.type, 'mapper_parsing_exception');
  t.is(e.message, 'failed to parse');
  t.is(e.causedBy?.type, 'json_parse_exception');
  t.is(error(() => parse(m, 't', '[1]')).message, 'Malformed content, must start with an object');
  t.is(error(() => m.parse('t', '1', Buffer.alloc(0))).message, 'failed to parse, document is empty');
  e = error(() => parse(m, 't', { n: 'abc' }));
  t.is(e.message, 'failed to parse [n]');
  t.deepEqual([e.causedBy?.type, e.causedBy?.message], ['number_format_exception', 'For input string: "abc"']);
  e = error(() => parse(m, 't', { i: 3000000000 }));
  t.is(e.causedBy?.message, 'Numeric value (3000000000) out of range of int (-2147483648 - 2147483647)');
  e = error(() => parse(m, 't', { d: 'not a date' }));
  t.deepEqual([e.message, e.causedBy?.type, e.causedBy?.message], ['failed to parse [d]', 'illegal_argument_exception', 'Invalid format: "not a date"']);
  e = error(() => parse(m, 't', { ip: '1.2.3' }));
  t.is(e.causedBy?.message, "'1.2.3' is not an IP string literal.");
  t.is(error(() => parse(m, 't', { _id: 'x' })).message, 'Field [_id] is a metadata field and cannot be added inside a document. Use the index API request parameters.');
  t.is(error(() => parse(m, 't', { n: { a: 1 } })).causedBy?.message, 'Current token (START_OBJECT) not numeric, can not use numeric value accessors');
});

test('ignore_malformed and coerce', (t) => {
  const m = create({ t: { properties: { n: { type: 'long', ignore_malformed: true }, c: { type: 'integer', coerce: false } } } });
  const r = parse(m, 't', { n: 'abc' });
  t.is(field(r.doc, 'n'), undefined);
  t.deepEqual(field(parse(m, 't', { c: '12' }).doc, 'c')?.docValues, [12]);
  t.is(error(() => parse(m, 't', { c: 1.5 })).causedBy?.message, 'Value [1.5] has a decimal part');
});

test('numbers, dates, booleans and ips are encoded terms with doc values', (t) => {
  const m = create({
    t: {
      properties: {
        l: { type: 'long' }, f: { type: 'float' }, h: { type: 'half_float' }, s: { type: 'scaled_float', scaling_factor: 10 },
        d: { type: 'date', format: 'yyyy-MM-dd' }, b: { type: 'boolean' }, ip: { type: 'ip' }, by: { type: 'byte' },
      },
    },
  });
  const warnings: string[] = [];
  const r = m.parse('t', '1', Buffer.from(JSON.stringify({ l: '-5', f: 0.1, h: 0.1, s: 1.26, d: '2015-01-02', b: 'off', ip: '::ffff:1.2.3.4', by: 127 })), { warnings });
  t.deepEqual(terms(r.doc, 'l'), ['7ffffffffffffffb']);
  t.deepEqual(field(r.doc, 'f')?.docValues, [0.1]);
  t.deepEqual(field(r.doc, 'h')?.docValues, [0.099975586]);
  t.deepEqual(field(r.doc, 's')?.docValues, [1.3]);
  t.deepEqual(field(r.doc, 'd')?.docValues, [1420156800000]);
  t.deepEqual(terms(r.doc, 'b'), ['F']);
  t.deepEqual(field(r.doc, 'b')?.docValues, [0]);
  t.deepEqual(warnings, ['Expected a boolean for property [b] but got [off]']);
  t.deepEqual(field(r.doc, 'ip')?.docValues, ['00000000000000000000ffff01020304']);
  t.is(field(r.doc, 'l')?.docValuesType, 'numeric');
  t.is(error(() => parse(m, 't', { by: 128 })).causedBy?.message, 'Value [128] is out of range for a byte');
});

test('keyword: ignore_above, normalizer, null_value, store', (t) => {
  const m = create({ t: { properties: { k: { type: 'keyword', ignore_above: 5, normalizer: 'lowercase', null_value: 'NULL', store: true } } } });
  const r = parse(m, 't', { k: ['ABC', 'too long value', null] });
  t.deepEqual(terms(r.doc, 'k'), ['abc', 'null']);
  t.deepEqual(field(r.doc, 'k')?.docValues, ['abc', 'null']);
  t.deepEqual(field(r.doc, 'k')?.stored, ['ABC', 'NULL']);
  t.is(field(r.doc, 'k')?.docValuesType, 'string');
});

test('multi-valued text fields are separated by the position increment gap', (t) => {
  const m = create({ t: { properties: { x: { type: 'text' } } } });
  const f = field(parse(m, 't', { x: ['John Abraham', 'Lincoln Smith'] }).doc, 'x');
  t.deepEqual(f?.tokens?.map((tk) => [tk.term, tk.position, tk.startOffset, tk.endOffset]), [
    ['john', 0, 0, 4], ['abraham', 1, 5, 12], ['lincoln', 102, 13, 20], ['smith', 103, 21, 26],
  ]);
  t.true(f?.positions);
  t.true(f?.norms);
});

test('multi-fields, copy_to, _all and _field_names', (t) => {
  const m = create({
    t: {
      properties: {
        first: { type: 'text', copy_to: 'full' },
        last: { type: 'text', copy_to: ['full'], fields: { raw: { type: 'keyword' } } },
        full: { type: 'text' },
        secret: { type: 'keyword', include_in_all: false },
        n: { type: 'integer' },
        o: { properties: { a: { type: 'keyword' } } },
      },
    },
  });
  const r = parse(m, 't', { first: 'John', last: 'Smith', secret: 'pw', n: 7, o: { a: 'x' } });
  t.deepEqual(terms(r.doc, 'full'), ['john', 'smith']);
  t.deepEqual(terms(r.doc, 'last.raw'), ['Smith']);
  t.deepEqual(terms(r.doc, '_all'), ['john', 'smith', '7', 'x']);
  t.deepEqual(terms(r.doc, '_field_names'), ['first', 'full', 'last', 'last.raw', 'n', 'o', 'o.a', 'secret']);
  t.deepEqual(terms(r.doc, '_uid'), ['t#1']);
  t.deepEqual(terms(r.doc, '_type'), ['t']);
  t.is(r.dynamicUpdate, undefined);
  const noAll = create({ t: { _all: { enabled: false }, _field_names: { enabled: false } } });
  const r2 = parse(noAll, 't', { a: 'x' });
  t.is(field(r2.doc, '_all'), undefined);
  t.is(field(r2.doc, '_field_names'), undefined);
});

test('nested objects become nested documents with offsets; include_in_parent copies fields', (t) => {
  const m = create({
    t: {
      properties: {
        comments: { type: 'nested', include_in_parent: true, properties: { author: { type: 'keyword' }, replies: { type: 'nested', properties: { by: { type: 'keyword' } } } } },
      },
    },
  });
  const r = parse(m, 't', { comments: [{ author: 'a', replies: [{ by: 'x' }, { by: 'y' }] }, { author: 'b' }] });
  const nested = r.doc.nested ?? [];
  t.deepEqual(nested.map((n) => [n.path, n.offset, n.parentIndex]), [
    ['comments', 0, undefined], ['comments.replies', 0, 0], ['comments.replies', 1, 0], ['comments', 1, undefined],
  ]);
  t.deepEqual(nested[0]?.fields.find((f) => f.name === 'comments.author')?.tokens?.map((x) => x.term), ['a']);
  t.deepEqual(nested[0]?.fields.find((f) => f.name === '_type')?.tokens?.map((x) => x.term), ['__comments']);
  t.deepEqual(terms(r.doc, 'comments.author'), ['a', 'b']);
  t.is(terms(r.doc, 'comments.replies.by'), undefined);
  t.is(error(() => parse(m, 't', { 'comments.author': 'z' })).message,
    'Cannot add a value for field [comments.author] since one of the intermediate objects is mapped as a nested object: [comments]');
});

test('routing, parent and _source filtering', (t) => {
  const m = create({ p: {}, c: { _parent: { type: 'p' }, _source: { excludes: ['secret*', 'o.b'] } }, r: { _routing: { required: true } } });
  t.is(error(() => parse(m, 'r', { a: 1 })).type, 'routing_missing_exception');
  t.is(error(() => parse(m, 'p', { a: 1 }, { parent: '1' })).message, "can't specify parent if no parent field has been configured");
  const r = parse(m, 'c', { a: 1, secret_x: 2, o: { a: 1, b: 2 } }, { parent: '9', routing: '9' });
  t.is(r.doc.source?.toString(), '{"a":1,"o":{"a":1}}');
  t.deepEqual(terms(r.doc, '_parent'), ['p#9']);
  t.deepEqual(field(r.doc, '_parent#p')?.docValues, ['9']);
  t.deepEqual(terms(r.doc, '_routing'), ['9']);
  t.is(r.doc.routing, '9');
  t.is(r.doc.parent, '9');
  const pr = parse(m, 'p', { a: 1 });
  t.deepEqual(field(pr.doc, '_parent#p')?.docValues, ['1']);
  t.is(pr.doc.source?.toString(), '{"a":1}');
  const off = create({ t: { _source: { enabled: false } } });
  t.is(parse(off, 't', { a: 1 }).doc.source, undefined);
});

test('geo_point accepts every input form', (t) => {
  const m = create({ t: { properties: { g: { type: 'geo_point' } } } });
  const docValues = (v: unknown) => field(parse(m, 't', { g: v }).doc, 'g')?.docValues?.map((s) => (s as string).split(',').map((x) => Number(Number(x).toFixed(4))));
  t.deepEqual(docValues({ lat: 41.12, lon: -71.34 }), [[41.12, -71.34]]);
  t.deepEqual(docValues('41.12,-71.34'), [[41.12, -71.34]]);
  t.deepEqual(docValues([-71.34, 41.12]), [[41.12, -71.34]]);
  t.deepEqual(docValues('drm3btev3e86'), [[41.12, -71.34]]);
  t.deepEqual(docValues([[-71.34, 41.12], '1,2']), [[41.12, -71.34], [1, 2]]);
  t.is(error(() => parse(m, 't', { g: { lat: 100, lon: 0 } })).causedBy?.message, 'illegal latitude value [100.0] for g');
});
