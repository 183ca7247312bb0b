/**
 * The version map holds only what changed since the last refresh, and deletes; an id whose last
 * write is in a sealed segment is answered by that segment (lib/shard/version-map.ts). These
 * tests hold the engine to the same version semantics either way, and to exactly one live copy
 * per id while updates race refreshes and merges (a merge's commit awaits its write while new
 * deletes arrive: they must land on the merged segment, not on the sources it replaces).
 */
import test from 'ava';
import { rm } from 'node:fs/promises';
import type { BulkItemOutcome, ShardOperation } from '../../lib/shard/types.js';
import { doc, openTestEngine, openTmp, tmpShardPath } from './helpers.js';

const index = (id: string, title: string, extra: Partial<Extract<ShardOperation, { op: 'index' }>> = {}): ShardOperation => ({ op: 'index', opType: 'index', doc: doc(id, title), ...extra });
const del = (id: string): ShardOperation => ({ op: 'delete', type: 'doc', id });
const outcome = (o: BulkItemOutcome | undefined): string => (!o ? 'none' : 'ok' in o ? `${o.ok.result}:${o.ok.version}` : `${o.error.type}`);

test('after a refresh the map holds only deletes, and versions come from the segments', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([index('a', 'one'), index('b', 'one'), index('c', 'one')]);
  t.true(e.stats().versionMapMemoryInBytes > 0);
  await e.refresh();
  t.is(e.stats().versionMapMemoryInBytes, 0);
  // every version rule, against copies only the segment knows
  const r = await e.bulk([
    index('a', 'two'),
    index('b', 'x', { opType: 'create' }),
    index('c', 'x', { version: 7 }),
    index('c', 'two', { version: 5, versionType: 'external' }),
    del('b'),
  ]);
  t.deepEqual(r.map(outcome), ['updated:2', 'version_conflict_engine_exception', 'version_conflict_engine_exception', 'updated:5', 'deleted:2']);
  t.is((await e.get('doc', 'c'))?.version, 5);
  await e.refresh();
  // the delete stays (ES keeps deletes for their version checks); the updates left
  t.true(e.stats().versionMapMemoryInBytes > 0);
  t.is((await e.get('doc', 'a'))?.version, 2);
  t.is(await e.get('doc', 'b'), null);
  t.deepEqual((await e.bulk([index('b', 'back', { opType: 'create' })])).map(outcome), ['created:3']);
  await e.forceMerge({ maxNumSegments: 1 });
  await e.refresh();
  t.is((await e.get(undefined, 'c'))?.version, 5);
  t.deepEqual((await e.bulk([index('c', 'old', { version: 4, versionType: 'external' })])).map(outcome), ['version_conflict_engine_exception']);
  const s = e.searcher();
  t.is(s.segments.reduce((n, seg) => n + seg.numDocs, 0), 3);
  s.release();
});

test('reopened, a shard answers versions from its segments and replays on top of them', async (t) => {
  const path = tmpShardPath();
  t.teardown(() => rm(path, { recursive: true, force: true }));
  let e = await openTestEngine(path);
  await e.bulk([index('a', 'one'), index('b', 'one')]);
  await e.refresh();
  await e.bulk([index('a', 'two'), del('b')]);
  await e.close();
  e = await openTestEngine(path);
  t.teardown(() => e.close());
  t.is((await e.get('doc', 'a'))?.version, 2);
  t.is(await e.get('doc', 'b'), null);
  t.deepEqual((await e.bulk([index('a', 'three'), index('b', 'again')])).map(outcome), ['updated:3', 'created:3']);
  await e.refresh();
  const s = e.searcher();
  t.is(s.segments.reduce((n, seg) => n + seg.numDocs, 0), 2);
  s.release();
});

test('updates racing refreshes and merges leave exactly one live copy per id', async (t) => {
  const e = await openTmp(20);
  t.teardown(() => e.destroy());
  const ids = 40;
  await e.bulk(Array.from({ length: ids }, (_, i) => index(String(i), 'g0')));
  await e.refresh();
  const state = new Map<string, number>(Array.from({ length: ids }, (_, i) => [String(i), 1]));
  const merges: Array<Promise<void>> = [];
  for (let gen = 1; gen <= 120; gen++) {
    const ops: ShardOperation[] = [];
    for (let j = 0; j < 10; j++) {
      const id = String((gen * 7 + j * 3) % ids);
      if ((gen + j) % 5 === 0) {
        ops.push(del(id));
        state.delete(id);
      } else {
        ops.push(index(id, `g${gen}`));
        state.set(id, gen);
      }
    }
    const results = await e.bulk(ops);
    t.false(results.some((o) => !o || 'error' in o), `gen ${gen}`);
    // merges are not awaited: their commits interleave with the next bulks
    if (gen % 10 === 0) merges.push(e.forceMerge({ maxNumSegments: 1 }));
    if (gen % 3 === 0) await e.refresh();
  }
  await Promise.all(merges);
  await e.refresh();
  const s = e.searcher();
  t.teardown(() => s.release());
  let live = 0;
  const seen = new Map<string, number>();
  for (const seg of s.segments) {
    for (let d = 0; d < seg.maxDoc; d++) {
      if (!seg.isLive(d)) continue;
      live++;
      seen.set(seg.docId(d), (seen.get(seg.docId(d)) ?? 0) + 1);
    }
  }
  t.deepEqual([...seen].filter(([, n]) => n > 1), [], 'no id has two live copies');
  t.is(live, state.size);
  t.deepEqual([...seen.keys()].sort(), [...state.keys()].sort());
});
