/**
 * The postings block LRU: bounded by weight, least recently used entries leave first, and a
 * hot entry survives a stream of new ones (approximate recency on hits).
 */
import test from 'ava';
import { LruCache } from '../../lib/shard/lru.js';

test('evicts by weight budget, least recently used first', (t) => {
  const c = new LruCache<string, number>(30);
  c.set('a', 1, 10);
  c.set('b', 2, 10);
  c.set('c', 3, 10);
  t.is(c.get('a'), 1); // a becomes the most recent
  c.set('d', 4, 10); // over budget: b is the least recent
  t.is(c.get('b'), undefined);
  t.deepEqual([c.get('a'), c.get('c'), c.get('d')], [1, 3, 4]);
  c.set('huge', 5, 31); // heavier than the whole budget: not kept
  t.is(c.get('huge'), undefined);
  t.is(c.size, 3);
});

test('a hot entry survives many insertions', (t) => {
  const c = new LruCache<number, number>(100);
  c.set(-1, -1, 1);
  for (let i = 0; i < 1000; i++) {
    c.set(i, i, 1);
    t.is(c.get(-1), -1, `after ${i}`);
  }
  t.true(c.size <= 100);
});
