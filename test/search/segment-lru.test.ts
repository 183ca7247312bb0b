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
  // An entry heavier than the budget evicts everything, itself included.
  lru.set(s, 'huge', 3, 50);
  t.false(lru.has(s, 'k'));
  t.false(lru.has(s, 'huge'));
});
