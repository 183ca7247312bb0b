/**
 * Op-log replay through the `reparse` hook: a source that no longer parses fails the open and
 * leaves the shard as it was; a shard whose op log is still `strata-oplog` v2 (analyzed
 * documents) replays it, is flushed and moves to v3; replay stays under the node's indexing
 * buffer budget (`indices.memory.index_buffer_size`), writing segments on the way.
 */
import test from 'ava';
import { ClassicLevel } from 'classic-level';
import { CURRENT_FORMATS } from '../../storage/codecs/formats.js';
import { metaKey, opLogKey } from '../../storage/keyspace.js';
import { V2_RECORD } from '../fixtures/op-log-v2.js';
import { IndexingMemoryController } from '../../lib/indices/indexing-memory.js';
import type { BufferedShard } from '../../lib/shard/types.js';
import { doc, openTestEngine, tmpShardPath } from './helpers.js';

/** Close the database under an engine without its flush-on-close (a crash). */
async function crash(e: unknown): Promise<void> {
  await (e as { ctx: { db: { close(): Promise<void> } } }).ctx.db.close();
}

test('a logged source that does not re-parse fails the open; the shard is left intact', async (t) => {
  const path = tmpShardPath();
  const e = await openTestEngine(path);
  await e.bulk([{ op: 'index', opType: 'index', doc: { ...doc('1', 'one'), routing: 'r' } }]);
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('2', 'two') }]);
  await crash(e);
  const seen: string[] = [];
  const err = await t.throwsAsync(
    openTestEngine(path, -1, {
      reparse: (entry) => {
        seen.push(`${entry.id}/${entry.routing}`);
        throw new Error(`mapping rejects [${entry.id}]`);
      },
    }),
  );
  t.is(err?.message, '[test][0] failed to recover from the op log: re-parsing [doc][1] (seq no 0) failed: mapping rejects [1]');
  t.deepEqual(seen, ['1/r']);
  // Nothing was lost: with a mapper that parses, both operations come back.
  const again = await openTestEngine(path);
  t.teardown(() => again.destroy());
  t.is((await again.get('doc', '1'))?.routing, 'r');
  t.is((await again.get('doc', '2'))?.source?.toString(), '{"title":"two"}');
  t.is(again.stats().translogOperations, 2);
});

test('a shard with a strata-oplog v2 op log replays it, flushes and moves to v3', async (t) => {
  const path = tmpShardPath();
  const db = new ClassicLevel<Buffer, Buffer>(path, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
  await db.open();
  const formats = { ...CURRENT_FORMATS, opLog: { id: 'strata-oplog', version: 2 } };
  await db.put(metaKey('formats'), Buffer.from(JSON.stringify(formats)));
  await db.put(metaKey('commit'), Buffer.from(JSON.stringify({ segments: [], checkpoint: -1, nextSegmentId: 0 })));
  await db.put(opLogKey(0), Buffer.from(V2_RECORD, 'hex'));
  await db.close();

  const e = await openTestEngine(path, -1, {
    reparse: () => {
      throw new Error('v2 entries carry their analyzed document');
    },
  });
  t.is((await e.get('doc', '1'))?.source?.toString(), '{"title":"old shard"}');
  t.is(await e.get('doc', '2'), null);
  // Flushed at open: the v2 records are gone and the documents are in a segment.
  t.is(e.stats().translogOperations, 0);
  const s = e.searcher();
  t.deepEqual([...(await s.segments[0]!.postings('title', 'shard'))!.docs], [0]);
  s.release();
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('3', 'new') }]);
  await crash(e);

  const check = new ClassicLevel<Buffer, Buffer>(path, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
  await check.open();
  t.deepEqual(JSON.parse((await check.get(metaKey('formats')))!.toString()).opLog, { id: 'strata-oplog', version: 3 });
  await check.close();
  // The new write was logged as v3 and replays through the mapper.
  const again = await openTestEngine(path);
  t.teardown(() => again.destroy());
  t.is((await again.get('doc', '3'))?.source?.toString(), '{"title":"new"}');
  t.is((await again.get('doc', '1'))?.version, 1);
});

test('replay under a node budget writes the buffer out as segments on the way; without one it fills one buffer', async (t) => {
  const path = tmpShardPath();
  const e = await openTestEngine(path);
  for (let b = 0; b < 10; b++) {
    await e.bulk(Array.from({ length: 50 }, (_, i) => ({ op: 'index' as const, opType: 'index' as const, doc: doc(`${b}-${i}`, `doc ${b} ${i} ${'lorem ipsum dolor sit amet '.repeat(10)}`) })));
  }
  await crash(e);
  const liveDocs = (engine: typeof e): number => {
    const s = engine.searcher();
    try {
      return s.segments.reduce((n, r) => n + r.numDocs, 0);
    } finally {
      s.release();
    }
  };

  // No controller: the 64 MiB bound of the engine holds all 500 replayed documents in one buffer.
  const plain = await openTestEngine(path);
  t.is(plain.stats().translogOperations, 500);
  t.is(plain.segments().length, 0);
  const whole = (plain as unknown as BufferedShard).indexBufferBytes();
  t.true(whole > 64 * 1024, `the replayed buffer holds ${whole} bytes`);
  await crash(plain);

  // A 16kb node budget: the controller picks the opening shard, replay waits for each write.
  const budget = 16 * 1024;
  const controller = new IndexingMemoryController(budget);
  const bounded = await openTestEngine(path, -1, { indexingMemory: controller });
  t.true(controller.writes >= 4, `${controller.writes} buffers written`);
  t.true(bounded.segments().length >= 4, `${bounded.segments().length} segments`);
  t.true((bounded as unknown as BufferedShard).indexBufferBytes() <= budget);
  t.is(bounded.stats().translogOperations, 500);
  // Nothing lost: every document is there once refreshed, and gets find the last ones.
  await bounded.refresh();
  t.is(liveDocs(bounded), 500);
  t.truthy(await bounded.get('doc', '9-49'));
  t.truthy(await bounded.get('doc', '0-0'));

  // The segments written during replay committed only what they hold: a crash now and another
  // open replays the rest, and no document is lost. (The policy's merges of the many small
  // segments are let finish first: this "crash" leaves the process, and a merge, running.)
  await bounded.forceMerge();
  await crash(bounded);
  const after = await openTestEngine(path);
  t.teardown(() => after.destroy());
  await after.refresh();
  t.is(liveDocs(after), 500);
  t.truthy(await after.get('doc', '9-49'));
});
