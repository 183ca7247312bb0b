/**
 * The turn queue of long work (lib/loop/turns.ts) and the per-loop budgets of the search pacer:
 * one paced loop resumes per pass of the event loop, so I/O gets a pass between any two slices,
 * and a budget learnt by a cheap loop never carries over to a costly one.
 */
import test from 'ava';
import { nextTurn, waitingTurns, WorkSlice } from '../../lib/loop/turns.js';
import { Pacer } from '../../lib/search/pacer.js';

/** Counts passes of the event loop (a check-phase callback that re-arms itself). */
function passCounter(): { passes: () => number; stop: () => void } {
  let passes = 0;
  let on = true;
  const tick = (): void => {
    passes++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return { passes: () => passes, stop: () => (on = false) };
}

test('waiting loops resume one per pass of the event loop, in the order they asked', async (t) => {
  const counter = passCounter();
  const resumed: Array<{ loop: number; pass: number }> = [];
  const loop = async (n: number): Promise<void> => {
    for (let i = 0; i < 3; i++) {
      await nextTurn();
      resumed.push({ loop: n, pass: counter.passes() });
    }
  };
  await Promise.all([loop(0), loop(1), loop(2)]);
  counter.stop();
  t.is(resumed.length, 9);
  t.deepEqual(
    resumed.map((r) => r.loop),
    [0, 1, 2, 0, 1, 2, 0, 1, 2],
  );
  const passes = resumed.map((r) => r.pass);
  t.is(new Set(passes).size, passes.length, `two loops resumed in one pass: ${passes.join(',')}`);
  t.is(waitingTurns(), 0);
});

test('I/O completes between two slices of waiting loops', async (t) => {
  const order: string[] = [];
  let done = false;
  const busy = async (n: number): Promise<void> => {
    while (!done) {
      const until = performance.now() + 2;
      while (performance.now() < until);
      order.push(`slice${n}`);
      await nextTurn();
    }
  };
  const loops = [busy(0), busy(1), busy(2), busy(3)];
  await new Promise<void>((r) => setTimeout(r, 0));
  order.push('timer');
  done = true;
  await Promise.all(loops);
  // Each loop ran its first slice before the timer was set; after that the timer (due in 1 ms)
  // fires within two slices. Waking every loop at once ran all four (8 ms) before it.
  t.true(order.indexOf('timer') - 4 <= 2, order.join(' '));
});

test('a work slice waits for a turn only once it is spent', async (t) => {
  const slice = new WorkSlice(1000);
  t.false(slice.spent());
  const before = waitingTurns();
  await slice.pause();
  t.is(waitingTurns(), before);
  t.true(new WorkSlice(0).spent());
});

test('each paced loop starts at a budget of one, whatever an earlier loop of the request learnt', async (t) => {
  const pacer = new Pacer();
  const cheap = pacer.loop();
  let budget = cheap.budget;
  for (let i = 0; i < 500 && budget <= 1000; i++) budget = await cheap.pause();
  t.true(budget > 1000, `a cheap loop's budget grows (got ${budget})`);
  t.is(pacer.loop().budget, 1);
});

test('a late clock read shrinks the budget in proportion', async (t) => {
  const loop = new Pacer().loop();
  let budget = loop.budget;
  for (let i = 0; i < 500 && budget < 16384; i++) budget = await loop.pause();
  t.is(budget, 16384);
  const until = performance.now() + 20;
  while (performance.now() < until);
  budget = await loop.pause();
  // 20 ms for what should take 1 ms: about a twentieth of the budget, not half of it
  t.true(budget <= 16384 / 16, `budget after a late read: ${budget}`);
});

test('a pacer past its deadline stops every loop and says so', async (t) => {
  const pacer = new Pacer(performance.now() - 1);
  t.is(await pacer.loop().pause(), -1);
  t.true(pacer.timedOut);
});

// serial: its spent slice queues a turn, which the concurrent tests counting the queue would see
test.serial('a clock read waits for a turn only once the request slice is spent', async (t) => {
  const loop = new Pacer().loop();
  // within an unspent slice a read answers at once, no promise to wait on (a read that the
  // machine delayed past the 10 ms slice waits for a turn, which starts a new slice)
  let answeredAtOnce = false;
  for (let i = 0; i < 20 && !answeredAtOnce; i++) {
    const read = loop.pause();
    if (typeof read === 'number') answeredAtOnce = true;
    else await read;
  }
  t.true(answeredAtOnce);
  // the slice (10 ms) spent: the read hands the loop back and resolves after the turn
  const until = performance.now() + 12;
  while (performance.now() < until);
  const later = loop.pause();
  t.true(later instanceof Promise);
  t.true((await later) >= 1);
  // a cancelled request's read throws at once, as its awaited read did
  const cancelled = new Pacer(undefined, () => true).loop();
  t.throws(() => cancelled.pause(), { message: /cancel/i });
});
