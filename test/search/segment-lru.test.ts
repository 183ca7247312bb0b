import test from 'ava';
import { SegmentLru } from '../../lib/search/segment-lru.js';

test('entries are per segment; the least recently used leave first once past the budget', (t) => {
  const lru = new SegmentLru<string, number>(30);
  const a = {};
  const b = {};
  lru.set(a, 'x', 1, 10);
  lru.set(b, 'x', 2, 10);
  lru.set(a, 'y', 3, 10);
  t.is(lru.get(a, 'x'), 1);
  t.is(lru.get(b, 'x'), 2);
  t.false(lru.has(b, 'y'));
  // a/y is now the least recently used: adding 10 more bytes evicts it alone.
  lru.set(b, 'z', 4, 10);
  t.false(lru.has(a, 'y'));
  t.deepEqual([lru.get(a, 'x'), lru.get(b, 'x'), lru.get(b, 'z')], [1, 2, 4]);
});

test('replacing a key releases its old weight; null values are cached values', (t) => {
  const lru = new SegmentLru<string, number | null>(20);
  const s = {};
  lru.set(s, 'k', 1, 15);
  lru.set(s, 'k', null, 15);
  t.true(lru.has(s, 'k'));
  t.is(lru.get(s, 'k'), null);
  lru.set(s, 'other', 2, 5);
  t.true(lru.has(s, 'k'));
  // An entry heavier than the whole budget is not kept, and pushes nothing out.
  lru.set(s, 'huge', 3, 50);
  t.true(lru.has(s, 'k'));
  t.false(lru.has(s, 'huge'));
  t.is(lru.bytes, 20);
});

test('a hot entry survives many insertions (recency refreshed approximately on hits)', (t) => {
  const lru = new SegmentLru<number, number>(100);
  const s = {};
  lru.set(s, -1, -1, 1);
  for (let i = 0; i < 1000; i++) {
    lru.set(s, i, i, 1);
    t.is(lru.get(s, -1), -1, `after ${i}`);
  }
  t.true(lru.size <= 100);
});

test('clearSegment drops the entries of one segment and their bytes, and nothing else', (t) => {
  const lru = new SegmentLru<string, number>(100);
  const a = {};
  const b = {};
  lru.set(a, 'x', 1, 10);
  lru.set(a, 'y', 2, 10);
  lru.set(b, 'x', 3, 10);
  t.is(lru.clearSegment(a), 2);
  t.is(lru.clearSegment(a), 0);
  t.deepEqual([lru.get(a, 'x'), lru.get(b, 'x'), lru.size, lru.bytes], [undefined, 3, 1, 10]);
});
