/**
 * Stored document chunks (`strata-stored` v2): the writer closes a chunk at its byte or document
 * limit, every document comes back from its chunk (alone, all in order, or as missing when the
 * chunk does not hold it), and the chunk index finds the chunk of any doc.
 */
import test from 'ava';
import { CHUNK_BYTES, CHUNK_DOCS, chunkEntries, chunkEntry, decodeStoredIndex, encodeStoredIndex, StoredChunkWriter, type StoredChunk } from '../../storage/codecs/stored-chunk.js';
import { floorIndex } from '../../storage/codecs/floor-index.js';

function docBytes(doc: number, size: number): Buffer {
  return Buffer.alloc(size, doc % 251);
}

test('chunks close at the byte limit or the document limit and give every document back as written', (t) => {
  // docs with gaps (nested docs have no stored document) and sizes from 0 bytes to past a chunk
  const docs: Array<[number, number]> = [];
  let d = 0;
  for (let i = 0; i < 2000; i++) {
    d += 1 + (i % 3);
    docs.push([d, i % 97 === 0 ? CHUNK_BYTES + 10 : i % 50 === 0 ? 0 : 20 + (i % 300)]);
  }
  const w = new StoredChunkWriter();
  const chunks: StoredChunk[] = [];
  for (const [doc, size] of docs) {
    const c = w.add(doc, docBytes(doc, size));
    if (c) chunks.push(c);
  }
  const last = w.flush();
  if (last) chunks.push(last);
  t.is(w.flush(), undefined);
  t.deepEqual(w.firstDocs, chunks.map((c) => c.firstDoc));

  const seen: Array<[number, number]> = [];
  for (const c of chunks) {
    let n = 0;
    let bytes = 0;
    let lastSize = 0;
    chunkEntries(c.firstDoc, c.value, (doc, encoded) => {
      seen.push([doc, encoded.length]);
      t.true(encoded.equals(docBytes(doc, encoded.length)));
      n++;
      bytes += encoded.length;
      lastSize = encoded.length;
    });
    t.true(n <= CHUNK_DOCS);
    // a chunk closes with the document that reached the limit: before it, the chunk was under it
    t.true(bytes - lastSize < CHUNK_BYTES);
    if (c !== chunks[chunks.length - 1]) t.true(bytes >= CHUNK_BYTES || n === CHUNK_DOCS);
  }
  t.deepEqual(seen, docs);
  t.true(chunks.length > 2000 / CHUNK_DOCS);

  const index = decodeStoredIndex(encodeStoredIndex(w.firstDocs));
  t.deepEqual([...index], w.firstDocs);
  for (const [doc, size] of docs) {
    const c = floorIndex(index, doc);
    const chunk = chunks[c]!;
    t.true(chunkEntry(chunk.firstDoc, chunk.value, doc)!.equals(docBytes(doc, size)), `doc ${doc}`);
    // a doc number between two stored ones (a nested doc) is not in the chunk
    if (!docs.some(([x]) => x === doc + 1)) t.is(chunkEntry(chunk.firstDoc, chunk.value, doc + 1), undefined);
  }
});

test('a chunk closes after CHUNK_DOCS small documents; floorIndex finds the last chunk starting at or before a doc', (t) => {
  const w = new StoredChunkWriter();
  const closed: number[] = [];
  for (let d = 0; d < CHUNK_DOCS * 3; d++) {
    const c = w.add(d, Buffer.from([d & 0xff]));
    if (c) closed.push(d);
  }
  t.deepEqual(closed, [CHUNK_DOCS - 1, 2 * CHUNK_DOCS - 1, 3 * CHUNK_DOCS - 1]);
  t.is(w.flush(), undefined);
  const index = Int32Array.from([5, 10, 20]);
  t.deepEqual([0, 4, 5, 9, 10, 19, 20, 1000].map((d) => floorIndex(index, d)), [-1, -1, 0, 0, 1, 1, 2, 2]);
  t.is(floorIndex(new Int32Array(0), 3), -1);
  t.deepEqual([...decodeStoredIndex(encodeStoredIndex([]))], []);
});

test('a truncated chunk is reported as corrupt, not misread', (t) => {
  const w = new StoredChunkWriter();
  w.add(0, Buffer.alloc(100, 1));
  w.add(1, Buffer.alloc(100, 2));
  const c = w.flush()!;
  const cut = c.value.subarray(0, c.value.length - 10);
  t.throws(() => chunkEntry(0, cut, 1), { message: 'corrupt block: stored chunk truncated' });
  t.throws(() => chunkEntries(0, cut, () => undefined), { message: 'corrupt block: stored chunk truncated' });
});
