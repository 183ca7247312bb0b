/**
 * The memory volume (storage/store-volume.ts): stores found again after close, one open at a
 * time, removal of a directory of stores, and snapshot / changedSince / restore.
 */
import test from 'ava';
import { MemoryVolume } from '../../storage/store-volume.js';

const b = (s: string): Buffer => Buffer.from(s);
const str = (v: Buffer | undefined): string | undefined => v?.toString();

test('a store closed and opened again keeps its entries; a second open is refused', async (t) => {
  const vol = new MemoryVolume();
  const s = await vol.open('/m/i/u1/0');
  await s.put(b('k'), b('v'));
  await t.throwsAsync(vol.open('/m/i/u1/0'), { message: 'store [/m/i/u1/0] is already open' });
  await s.close();
  const again = await vol.open('/m/i/u1/0');
  t.is(str(await again.get(b('k'))), 'v');
  await again.close();
});

test('remove drops the stores under a directory and nothing else', async (t) => {
  const vol = new MemoryVolume();
  for (const p of ['/m/i/u1/0', '/m/i/u1/1', '/m/i/u10/0']) await (await vol.open(p)).close();
  await vol.remove('/m/i/u1');
  t.deepEqual(vol.paths(), ['/m/i/u10/0']);
});

test('restore puts back written, created and deleted stores, and only those', async (t) => {
  const vol = new MemoryVolume();
  const state = await vol.open('/m/_state');
  const a = await vol.open('/m/i/a/0');
  await a.put(b('1'), b('one'));
  await a.close();
  const c = await vol.open('/m/i/c/0');
  await c.put(b('x'), b('kept'));
  await c.close();
  const snap = await vol.snapshot('/m/i');
  t.is(snap.bytes, 1 + 3 + 1 + 4);
  t.deepEqual(vol.changedSince(snap), []);

  const a2 = await vol.open('/m/i/a/0');
  await a2.put(b('2'), b('two'));
  await a2.close();
  await (await vol.open('/m/i/new/0')).close();
  await vol.remove('/m/i/c');
  await state.put(b('s'), b('state'));
  t.deepEqual(vol.changedSince(snap), ['/m/i/a/0', '/m/i/c/0', '/m/i/new/0']);

  await vol.restore(snap, vol.changedSince(snap));
  t.deepEqual(vol.paths(), ['/m/_state', '/m/i/a/0', '/m/i/c/0']);
  t.deepEqual(vol.changedSince(snap), []);
  const a3 = await vol.open('/m/i/a/0');
  t.is(str(await a3.get(b('1'))), 'one');
  t.is(await a3.get(b('2')), undefined);
  await a3.close();
  const c2 = await vol.open('/m/i/c/0');
  t.is(str(await c2.get(b('x'))), 'kept');
  await c2.close();
  // the state store outside the snapshot's directory was left alone, open
  t.is(str(await state.get(b('s'))), 'state');
  // an open store in the way is an error, not a silent skip
  const open = await vol.open('/m/i/a/0');
  await open.put(b('3'), b('three'));
  await t.throwsAsync(vol.restore(snap), { message: 'store [/m/i/a/0] is open: close it before a restore' });
  await open.close();
  await state.close();
});
