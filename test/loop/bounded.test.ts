/** settleBounded (lib/loop/bounded.ts): every item settles, in item order, never more than `limit` at once. */
import test from 'ava';
import { settleBounded } from '../../lib/loop/bounded.js';

test('runs every item with at most limit in flight and keeps the item order', async (t) => {
  let inFlight = 0;
  let most = 0;
  const items = Array.from({ length: 20 }, (_, i) => i);
  const out = await settleBounded(items, 4, async (n) => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, (n * 7) % 5));
    inFlight--;
    return n * 2;
  });
  t.is(most, 4);
  t.deepEqual(
    out.map((r) => (r.status === 'fulfilled' ? r.value : -1)),
    items.map((n) => n * 2),
  );
});

test('a failure settles as rejected without stopping the other items', async (t) => {
  const out = await settleBounded([1, 2, 3], 2, async (n) => {
    if (n === 2) throw new Error('two');
    return n;
  });
  t.deepEqual(out[0], { status: 'fulfilled', value: 1 });
  t.is(out[1]?.status, 'rejected');
  t.is(((out[1] as PromiseRejectedResult).reason as Error).message, 'two');
  t.deepEqual(out[2], { status: 'fulfilled', value: 3 });
});

test('no items, and a limit below one, still work', async (t) => {
  t.deepEqual(await settleBounded([], 4, async () => 1), []);
  t.deepEqual(await settleBounded(['a'], 0, async (s) => s), [{ status: 'fulfilled', value: 'a' }]);
});
