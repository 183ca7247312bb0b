/**
 * Stored documents in both layouts: a shard written by an older build (`strata-stored` v1, one
 * key per document) opens, records v2 before writing anything, answers gets and fetches from its
 * v1 segments as from new chunked ones, and a merge of both kinds writes one chunked segment
 * holding exactly the live documents.
 */
import test from 'ava';
import { ClassicLevel } from 'classic-level';
import { decodeStoredIndex, chunkEntries } from '../../storage/codecs/stored-chunk.js';
import { metaKey, segKindRange, SEG, storedIndexKey, storedKey, storedKeyDoc } from '../../storage/keyspace.js';
import { doc, openTestEngine, tmpShardPath } from './helpers.js';

type Db = ClassicLevel<Buffer, Buffer>;

async function openRaw(path: string): Promise<Db> {
  const db = new ClassicLevel<Buffer, Buffer>(path, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
  await db.open();
  return db;
}

async function keysOf(db: Db, range: { gte: Buffer; lt: Buffer }): Promise<Buffer[]> {
  return (await db.keys(range).all()) as Buffer[];
}

/** Rewrite every segment of the shard at `path` as an older build wrote it: one key per stored document. */
async function downgradeToV1(path: string): Promise<number> {
  const db = await openRaw(path);
  const commit = JSON.parse((await db.get(metaKey('commit')))!.toString()) as { segments: number[] };
  let docs = 0;
  for (const seg of commit.segments) {
    const batch = db.batch();
    t_assert(decodeStoredIndex((await db.get(storedIndexKey(seg)))!).length > 0);
    for await (const [k, v] of db.iterator(segKindRange(seg, SEG.STORED_CHUNK))) {
      chunkEntries(storedKeyDoc(k), v, (d, encoded) => {
        batch.put(storedKey(seg, d), Buffer.from(encoded));
        docs++;
      });
      batch.del(k);
    }
    batch.del(storedIndexKey(seg));
    await batch.write();
  }
  const formats = JSON.parse((await db.get(metaKey('formats')))!.toString()) as Record<string, unknown>;
  await db.put(metaKey('formats'), Buffer.from(JSON.stringify({ ...formats, stored: { id: 'strata-stored', version: 1 } })));
  await db.close();
  return docs;
}

function t_assert(ok: boolean): void {
  if (!ok) throw new Error('expected a chunked segment');
}

const title = (i: number): string => `document number ${i} ${'x'.repeat(i % 400)}`;

test('a shard of v1 segments reads, writes v2 segments beside them, and merges both into one chunked segment', async (t) => {
  const path = tmpShardPath();
  const e = await openTestEngine(path);
  for (const [from, to] of [[0, 300], [300, 450]] as const) {
    await e.bulk(Array.from({ length: to - from }, (_, i) => ({ op: 'index' as const, opType: 'index' as const, doc: doc(String(from + i), title(from + i)) })));
    await e.refresh();
  }
  await e.close();
  t.is(await downgradeToV1(path), 450);

  const old = await openTestEngine(path);
  t.teardown(() => old.destroy());
  // recorded as v2 at open, before any write
  const { db } = (old as unknown as { ctx: { db: { get(k: Buffer): Promise<Buffer | undefined> } } }).ctx;
  const raw = JSON.parse((await db.get(metaKey('formats')))!.toString()) as { stored: unknown };
  t.deepEqual(raw.stored, { id: 'strata-stored', version: 2 });
  t.is((await old.get('doc', '7'))?.source?.toString(), JSON.stringify({ title: title(7) }));
  t.is((await old.get('doc', '449'))?.source?.toString(), JSON.stringify({ title: title(449) }));
  const s = old.searcher();
  try {
    const [a, b] = s.segments;
    t.deepEqual((await a!.documents([299, 0, 150, 0])).map((d) => d.id), ['299', '0', '150', '0']);
    t.deepEqual((await b!.documentsInRange([0, 1, 149])).map((d) => d.id), ['300', '301', '449']);
    t.is((await a!.document(42)).id, '42');
  } finally {
    s.release();
  }

  // a new v2 segment beside the v1 ones, deletes in both kinds, then one merge of all three
  await old.bulk([
    ...Array.from({ length: 50 }, (_, i) => ({ op: 'index' as const, opType: 'index' as const, doc: doc(String(450 + i), title(450 + i)) })),
    { op: 'delete' as const, type: 'doc', id: '10' },
    { op: 'delete' as const, type: 'doc', id: '320' },
  ]);
  await old.refresh();
  await old.bulk([{ op: 'delete' as const, type: 'doc', id: '460' }]);
  await old.refresh();
  await old.forceMerge({ maxNumSegments: 1 });
  const m = old.searcher();
  try {
    t.is(m.segments.length, 1);
    const merged = m.segments[0]!;
    t.is(merged.numDocs, 497);
    const all = await merged.documentsInRange(Array.from({ length: merged.maxDoc }, (_, d) => d));
    const ids = all.map((d) => Number(d.id)).sort((x, y) => x - y);
    t.deepEqual(ids, Array.from({ length: 500 }, (_, i) => i).filter((i) => i !== 10 && i !== 320 && i !== 460));
    for (const d of all) t.is(d.source?.toString(), JSON.stringify({ title: title(Number(d.id)) }));
  } finally {
    m.release();
  }
  t.is(await old.get('doc', '320'), null);
  t.is((await old.get('doc', '321'))?.source?.toString(), JSON.stringify({ title: title(321) }));
});

test('stored documents of a merged segment are chunks: no key per document is left', async (t) => {
  const path = tmpShardPath();
  const e = await openTestEngine(path);
  for (let b = 0; b < 3; b++) {
    await e.bulk(Array.from({ length: 200 }, (_, i) => ({ op: 'index' as const, opType: 'index' as const, doc: doc(`${b}-${i}`, title(i)) })));
    await e.refresh();
  }
  await e.forceMerge({ maxNumSegments: 1 });
  await e.close();
  const db = await openRaw(path);
  t.teardown(() => db.close());
  const commit = JSON.parse((await db.get(metaKey('commit')))!.toString()) as { segments: number[] };
  t.is(commit.segments.length, 1);
  const seg = commit.segments[0]!;
  t.deepEqual(await keysOf(db, segKindRange(seg, SEG.STORED)), []);
  const chunks = await keysOf(db, segKindRange(seg, SEG.STORED_CHUNK));
  const index = decodeStoredIndex((await db.get(storedIndexKey(seg)))!);
  t.deepEqual([...index], chunks.map((k) => storedKeyDoc(k)));
  // ~100-400 byte documents: a few dozen chunks for 600 documents, not 600 keys
  t.true(chunks.length > 5 && chunks.length < 100, String(chunks.length));
});
