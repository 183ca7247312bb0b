import test from 'ava';
import { applyFilterPath, parseFilterPath } from '../../api/rest/filter-path.js';

// The document of ES's FilterPathGeneratorFilteringTests.
const SAMPLE = {
  a: 0,
  b: true,
  c: 'c_value',
  d: [0, 1, 2],
  e: [
    { f1: 'f1_value', f2: 'f2_value' },
    { g1: 'g1_value', g2: 'g2_value' },
  ],
  h: { i: { j: { k: { l: 'l_value' } } } },
};
const H = { h: { i: { j: { k: { l: 'l_value' } } } } };

function f(filter: string): unknown {
  const paths = parseFilterPath(filter);
  if (!paths) throw new Error('no filter');
  return applyFilterPath(structuredClone(SAMPLE), paths);
}

test('inclusive filters', (t) => {
  t.deepEqual(f('a'), { a: 0 });
  t.deepEqual(f('b'), { b: true });
  t.deepEqual(f('d'), { d: [0, 1, 2] });
  t.deepEqual(f('e'), { e: SAMPLE.e });
  t.deepEqual(f('z'), {});
  t.deepEqual(f('e.f1'), { e: [{ f1: 'f1_value' }] });
  t.deepEqual(f('e.f*'), { e: [{ f1: 'f1_value', f2: 'f2_value' }] });
  t.deepEqual(f('e.*2'), { e: [{ f2: 'f2_value' }, { g2: 'g2_value' }] });
  for (const p of ['h', 'h.i', 'h.i.j.k.l', 'h.*', '*.i', 'h.*.j', '*.i.j.k', 'h.*.j.*.l', '**.l']) t.deepEqual(f(p), H, p);
  t.deepEqual(f('**.*2'), { e: [{ f2: 'f2_value' }, { g2: 'g2_value' }] });
  t.deepEqual(f('d.x'), {});
  t.deepEqual(f('a,c'), { a: 0, c: 'c_value' });
  t.deepEqual(f('*'), SAMPLE);
});

test('exclusive filters', (t) => {
  const { a: _a, ...withoutA } = SAMPLE;
  t.deepEqual(f('-a'), withoutA);
  t.deepEqual(f('-e.f1'), { ...SAMPLE, e: [{ f2: 'f2_value' }, { g1: 'g1_value', g2: 'g2_value' }] });
  const { h: _h, ...withoutH } = SAMPLE;
  t.deepEqual(f('-h.i.j.k.l'), withoutH);
  t.deepEqual(f('-**.l'), withoutH);
  t.deepEqual(f('-**.*2'), { ...SAMPLE, e: [{ f1: 'f1_value' }, { g1: 'g1_value' }] });
  t.deepEqual(f('-*'), {});
});

test('exclusions apply before inclusions', (t) => {
  t.deepEqual(f('e,-e.f1'), { e: [{ f2: 'f2_value' }, { g1: 'g1_value', g2: 'g2_value' }] });
  t.deepEqual(f('h.**,-**.l'), {});
});

test('escaped dots and search-response style paths', (t) => {
  const paths = parseFilterPath('b\\.c');
  t.deepEqual(applyFilterPath({ 'b.c': 1, b: { c: 2 } }, paths!), { 'b.c': 1 });
  const resp = { took: 1, _shards: { total: 5 }, hits: { total: 2, hits: [{ _index: 'test', _type: 't', _id: '1' }] } };
  t.deepEqual(applyFilterPath(resp, parseFilterPath('hits.**._i*,**.total')!), {
    _shards: { total: 5 },
    hits: { total: 2, hits: [{ _index: 'test', _id: '1' }] },
  });
});
