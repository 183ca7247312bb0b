import test from 'ava';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openShardEngine } from '../../lib/shard/engine.js';
import { doc, openTmp, reparseTestDoc, tmpShardPath } from './helpers.js';

const child = fileURLToPath(new URL('./fixtures/writer-child.js', import.meta.url));

test('close and reopen keeps documents, versions, tombstones and unrefreshed writes', async (t) => {
  const path = tmpShardPath();
  let e = await openTmp(-1, path);
  await e.bulk([
    { op: 'index', opType: 'index', doc: doc('1', 'one') },
    { op: 'index', opType: 'index', doc: doc('2', 'two') },
  ]);
  await e.refresh();
  await e.bulk([
    { op: 'index', opType: 'index', doc: doc('1', 'one again') },
    { op: 'delete', type: 'doc', id: '2' },
    { op: 'index', opType: 'index', doc: doc('3', 'three') },
  ]);
  await e.close();
  e = await openTmp(-1, path);
  t.teardown(() => e.destroy());
  t.is((await e.get('doc', '1'))?.version, 2);
  t.is((await e.get('doc', '1'))?.source?.toString(), '{"title":"one again"}');
  t.is(await e.get('doc', '2'), null);
  t.is((await e.get('doc', '3'))?.version, 1);
  const [r] = await e.bulk([{ op: 'index', opType: 'index', doc: doc('2', 'two back') }]);
  t.deepEqual(r, { ok: { result: 'created', version: 3, seqNo: 5 } });
  const s = e.searcher();
  t.is(s.segments.reduce((n, x) => n + x.numDocs, 0), 2);
  s.release();
});

test('reopen without close replays the operation log (no flush)', async (t) => {
  const path = tmpShardPath();
  const e = await openTmp(-1, path);
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('1', 'one') }]);
  await e.refresh();
  await e.bulk([
    { op: 'delete', type: 'doc', id: '1' },
    { op: 'index', opType: 'index', doc: doc('2', 'two') },
  ]);
  // Simulate a crash: close the database under the engine without its flush-on-close.
  const ctx = (e as unknown as { ctx: { db: { close(): Promise<void> }; closing: boolean } }).ctx;
  await ctx.db.close();
  const again = await openTmp(-1, path);
  t.teardown(() => again.destroy());
  t.is(await again.get('doc', '1'), null);
  t.is((await again.get('doc', '2'))?.version, 1);
  // The replayed delete applies to the segment at the next refresh.
  let s = again.searcher();
  t.true(s.segments[0]!.isLive(0));
  s.release();
  await again.refresh();
  s = again.searcher();
  t.deepEqual(s.segments.map((x) => x.numDocs), [0, 1].filter((n) => n > 0));
  s.release();
});

test('flush trims the operation log and keeps everything', async (t) => {
  const path = tmpShardPath();
  const e = await openTmp(-1, path);
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('1', 'one') }, { op: 'delete', type: 'doc', id: '9' }]);
  await e.flush();
  t.is(e.stats().flushTotal, 1);
  const ctx = (e as unknown as { ctx: { db: import('../../storage/shard-store.js').ShardStore } }).ctx;
  const { opLogStart, opLogEnd } = await import('../../storage/keyspace.js');
  const keys: Buffer[] = [];
  await ctx.db.scan({ gte: opLogStart(), lt: opLogEnd() }, (k) => void keys.push(k));
  t.deepEqual(keys, []);
  await e.close();
  const again = await openTmp(-1, path);
  t.teardown(() => again.destroy());
  t.is((await again.get('doc', '1'))?.version, 1);
  const [r] = await again.bulk([{ op: 'delete', type: 'doc', id: '9' }]);
  t.deepEqual(r, { ok: { result: 'not_found', version: 2, seqNo: 2 } });
});

function runChild(args: string[], onLine: (line: string, kill: () => void) => void): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    p.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        onLine(line, () => p.kill('SIGKILL'));
      }
    });
    p.on('error', reject);
    p.on('exit', (code) => resolve(code));
  });
}

test('every acknowledged write survives kill -9', async (t) => {
  const path = tmpShardPath();
  let acked = -1;
  let killAt = 0;
  await runChild(['write', path], (line, kill) => {
    if (line === 'READY') killAt = 40 + Math.floor(Math.random() * 40);
    const m = /^ACK (\d+)$/.exec(line);
    if (!m) return;
    acked = Number(m[1]);
    if (acked >= killAt) kill();
  });
  t.true(acked >= 40, `child acknowledged ${acked + 1} batches`);
  const e = await openShardEngine({ path, index: 'test', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, reparse: reparseTestDoc });
  t.teardown(() => e.destroy());
  let checked = 0;
  for (let b = 0; b <= acked; b++) {
    const nextAcked = b + 1 <= acked;
    for (let i = 0; i < 20; i++) {
      const got = await e.get('doc', `d${b}-${i}`);
      if (i === 0 && nextAcked) t.is(got, null, `d${b}-0 deleted`);
      else if (i === 1 && nextAcked) t.is(got?.version, 2, `d${b}-1 updated`);
      else if (i >= 2) t.is(got?.version, 1, `d${b}-${i}`);
      checked++;
    }
  }
  t.is(checked, (acked + 1) * 20);
  // Search agrees with get after a refresh: one live doc per acknowledged id.
  await e.refresh();
  const s = e.searcher();
  const live = s.segments.reduce((n, r) => n + r.numDocs, 0);
  s.release();
  t.true(live >= (acked + 1) * 19 + 1, `live ${live}`);
});

test('a second process cannot open an open shard', async (t) => {
  const path = tmpShardPath();
  const e = await openTmp(-1, path);
  t.teardown(() => e.destroy());
  let out = '';
  await runChild(['lock', path], (line) => (out = line));
  t.regex(out, /^FAILED /);
  await e.close();
  await runChild(['lock', path], (line) => (out = line));
  t.is(out, 'OPENED');
});
