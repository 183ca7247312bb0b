/**
 * The shard-store conformance suite: every case runs against both implementations (`leveldb`
 * and `memory`), as abstract-level's suite runs against every Level store. Then what only the
 * durable store promises (reopen, one holder per directory), and the engine on the memory store.
 */
import test from 'ava';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openShardStore, type ShardStore, type StoreKind } from '../../storage/shard-store.js';
import { doc, openTestEngine, tmpShardPath } from '../shard/helpers.js';

const KINDS: StoreKind[] = ['leveldb', 'memory'];

function key(...bytes: number[]): Buffer {
  return Buffer.from(bytes);
}

/** Open a store of `kind` in a fresh directory, closed and removed when the test ends. */
async function fresh(t: { teardown(fn: () => Promise<void>): void }, kind: StoreKind): Promise<ShardStore> {
  const path = tmpShardPath();
  const store = await openShardStore(kind, path);
  t.teardown(async () => {
    if (store.isOpen) await store.close();
    await rm(dirname(path), { recursive: true, force: true });
  });
  return store;
}

async function all(store: ShardStore, range: Parameters<ShardStore['scan']>[0]): Promise<string[]> {
  const out: string[] = [];
  await store.scan(range, (k, v) => void out.push(`${k.toString('hex')}=${v.toString()}`));
  return out;
}

for (const kind of KINDS) {
  test(`${kind}: get, getMany and put; missing keys are undefined`, async (t) => {
    const s = await fresh(t, kind);
    t.is(s.kind, kind);
    t.true(s.isOpen);
    t.is(await s.get(key(1)), undefined);
    await s.put(key(1), Buffer.from('a'), { sync: true });
    t.deepEqual(await s.get(key(1)), Buffer.from('a'));
    t.deepEqual(await s.getMany([key(2), key(1)]), [undefined, Buffer.from('a')]);
  });

  test(`${kind}: write applies puts and deletes together`, async (t) => {
    const s = await fresh(t, kind);
    await s.put(key(1), Buffer.from('old'));
    await s.write([
      { type: 'del', key: key(1) },
      { type: 'put', key: key(2), value: Buffer.from('b') },
      { type: 'put', key: key(3), value: Buffer.from('c') },
    ], { sync: true });
    t.deepEqual(await s.getMany([key(1), key(2), key(3)]), [undefined, Buffer.from('b'), Buffer.from('c')]);
  });

  test(`${kind}: scan is in byte order, honours every bound, and crosses read batches`, async (t) => {
    const s = await fresh(t, kind);
    // 2,500 keys: more than one nextv batch; inserted in reverse to show the order is the store's.
    const ops = [];
    for (let i = 2499; i >= 0; i--) ops.push({ type: 'put' as const, key: key(0x10, i >> 8, i & 0xff), value: Buffer.from(String(i)) });
    await s.write(ops);
    const seen: number[] = [];
    await s.scan({ gte: key(0x10), lt: key(0x11) }, (_k, v) => void seen.push(Number(v.toString())));
    t.deepEqual(seen, Array.from({ length: 2500 }, (_, i) => i));
    t.deepEqual(await all(s, { gt: key(0x10, 0, 1), lte: key(0x10, 0, 3) }), ['100002=2', '100003=3']);
    t.deepEqual(await all(s, { gte: key(0x10, 0, 1), lt: key(0x10, 0, 3) }), ['100001=1', '100002=2']);
    t.deepEqual(await all(s, { gte: key(0x20) }), []);
  });

  test(`${kind}: scan awaits its callback and closes the iterator when the callback throws`, async (t) => {
    const s = await fresh(t, kind);
    await s.write([1, 2, 3].map((i) => ({ type: 'put' as const, key: key(i), value: Buffer.from([i]) })));
    const order: number[] = [];
    await s.scan({}, async (k) => {
      await new Promise((r) => setTimeout(r, 1));
      order.push(k[0]!);
    });
    t.deepEqual(order, [1, 2, 3]);
    await t.throwsAsync(
      s.scan({}, () => {
        throw new Error('boom');
      }),
      { message: 'boom' },
    );
    // An iterator left open would make close() wait or fail.
    await s.close();
    t.false(s.isOpen);
  });

  test(`${kind}: firstKey, clear and compact`, async (t) => {
    const s = await fresh(t, kind);
    await s.write([5, 6, 7, 9].map((i) => ({ type: 'put' as const, key: key(i), value: Buffer.from([i]) })));
    t.deepEqual(await s.firstKey({ gte: key(6) }), key(6));
    t.deepEqual(await s.firstKey({ gt: key(7) }), key(9));
    t.is(await s.firstKey({ gte: key(10) }), undefined);
    await s.clear({ gte: key(6), lt: key(9) });
    await s.compact({ gte: key(0), lt: key(0xff) });
    t.deepEqual(await all(s, {}), ['05=\u0005', '09=\t']);
  });
}

test('leveldb: data survives close and reopen; a second holder of the directory is refused', async (t) => {
  const path = tmpShardPath();
  t.teardown(() => rm(dirname(path), { recursive: true, force: true }));
  const a = await openShardStore('leveldb', path);
  await a.put(key(1), Buffer.from('kept'), { sync: true });
  await t.throwsAsync(openShardStore('leveldb', path));
  await a.close();
  const b = await openShardStore('leveldb', path);
  t.deepEqual(await b.get(key(1)), Buffer.from('kept'));
  await b.close();
});

test('memory: nothing is kept after close', async (t) => {
  const path = tmpShardPath();
  const a = await openShardStore('memory', path);
  await a.put(key(1), Buffer.from('gone'));
  await a.close();
  const b = await openShardStore('memory', path);
  t.is(await b.get(key(1)), undefined);
  await b.close();
});

test('the shard engine runs on the memory store: write, refresh, get, search, merge', async (t) => {
  const e = await openTestEngine(tmpShardPath(), -1, { store: 'memory' });
  t.teardown(() => e.close());
  for (let i = 0; i < 12; i++) {
    await e.bulk([{ op: 'index', opType: 'index', doc: doc(String(i), `title ${i}`) }]);
    await e.refresh();
  }
  await e.forceMerge({ maxNumSegments: 1 });
  t.is(e.segments().length, 1);
  t.is((await e.get('doc', '3'))?.version, 1);
  const s = e.searcher();
  try {
    t.is(s.segments.reduce((n, seg) => n + seg.numDocs, 0), 12);
  } finally {
    s.release();
  }
});
