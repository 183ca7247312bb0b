import test from 'ava';
import { ByteReader, ByteWriter } from '../../storage/codecs/bytes.js';
import { decodeDocIds, encodeDocIds } from '../../storage/codecs/doc-ids.js';
import { buildColumn, decodeDocValues, encodeDocValues } from '../../storage/codecs/doc-values.js';
import { allLive, clearBit, decodeLiveDocs, encodeLiveDocs, isLiveBit } from '../../storage/codecs/live-docs.js';
import { decodeNorms, encodeNorms } from '../../storage/codecs/norms.js';
import { decodeOpLogRecord, encodeOpLogRecord, OpLogRecordWriter } from '../../storage/codecs/op-log.js';
import { decodeOpLogV2Record } from '../../storage/codecs/op-log-v2.js';
import { V2_RECORD } from '../fixtures/op-log-v2.js';
import { decodePostings, encodePostings, FLAG_FREQS, FLAG_OFFSETS, FLAG_POSITIONS, writePostingsColumns } from '../../storage/codecs/postings.js';
import { ChunkBuilder, chunkBlock, chunkBlocks } from '../../storage/codecs/postings-chunk.js';
import { decodeSegmentInfo, encodeSegmentInfo, segmentName } from '../../storage/codecs/segment-info.js';
import { byte315ToFloat, encodeBm25Norm, floatToByte315 } from '../../storage/codecs/small-float.js';
import { decodeStoredDoc, encodeStoredDoc } from '../../storage/codecs/stored-doc.js';
import { recordTypes } from '../../storage/codecs/messages.js';
import type { StoredDocument } from '../../lib/shard/types.js';
import { chunkOf, decodeTermDict, encodeTermDict } from '../../storage/codecs/term-dict.js';
import { decodeVersionEntry, encodeVersionEntry } from '../../storage/codecs/version-entry.js';
import { checkFormats, CURRENT_FORMATS } from '../../storage/codecs/formats.js';

test('varints round trip up to 2^53', (t) => {
  const values = [0, 1, 127, 128, 300, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 45 + 7, 2 ** 53 - 1];
  const w = new ByteWriter(4);
  for (const v of values) {
    w.varint(v);
    w.svarint(-Math.min(v, 2 ** 52 - 1));
  }
  w.str('héllo');
  w.str('x'.repeat(200));
  const r = new ByteReader(w.finish());
  for (const v of values) {
    t.is(r.varint(), v);
    t.is(r.svarint(), v === 0 ? 0 : -Math.min(v, 2 ** 52 - 1));
  }
  t.is(r.str(), 'héllo');
  t.is(r.str(), 'x'.repeat(200));
  t.true(r.done);
});

test('SmallFloat.floatToByte315 / byte315ToFloat match Lucene', (t) => {
  t.is(floatToByte315(1), 124);
  t.is(byte315ToFloat(124), 1);
  t.is(floatToByte315(0), 0);
  t.is(floatToByte315(-5), 0);
  t.is(floatToByte315(1e-20), 1); // underflow maps to the smallest value
  t.is(floatToByte315(1e20), 255); // overflow maps to the largest
  t.is(byte315ToFloat(0), 0);
  t.is(byte315ToFloat(1), 5.820766091346741e-10);
  t.is(byte315ToFloat(255), 7516192768);
  // BM25 field lengths as ES 5 explanations print them: 1 → 1.0, 2 → 2.56, 3 and 4 → 4.0.
  const len = (n: number) => 1 / byte315ToFloat(encodeBm25Norm(n)) ** 2;
  t.is(encodeBm25Norm(1), 124);
  t.is(encodeBm25Norm(2), 121);
  t.is(Math.fround(len(2)), Math.fround(2.56));
  t.is(len(3), 4);
  t.is(len(4), 4);
  t.is(Math.fround(len(5)), Math.fround(5.2244897));
  t.is(Math.fround(len(6)), Math.fround(7.111111));
  // An index-time boost of 2 on a one-token field.
  t.is(byte315ToFloat(encodeBm25Norm(1, 2)), 2);
  // Every byte decodes and re-encodes to itself.
  for (let b = 1; b < 256; b++) t.is(floatToByte315(byte315ToFloat(b)), b);
});

test('postings block round trip with positions and offsets', (t) => {
  const p = { docs: [0, 3, 4, 1000], freqs: [2, 1, 1, 3], positions: [0, 5, 2, 0, 1, 7, 300], startOffsets: [0, 30, 10, 0, 4, 40, 2000], endOffsets: [3, 33, 14, 5, 8, 45, 2010] };
  const d = decodePostings(encodePostings(p, FLAG_FREQS | FLAG_POSITIONS | FLAG_OFFSETS));
  t.deepEqual([...d.docs], p.docs);
  t.deepEqual([...d.freqs], p.freqs);
  t.deepEqual([...d.positions!], p.positions);
  t.deepEqual([...d.posStart!], [0, 2, 3, 4, 7]);
  t.deepEqual([...d.startOffsets!], p.startOffsets);
  t.deepEqual([...d.endOffsets!], p.endOffsets);
});

test('postings chunks hold many blocks, each readable alone', (t) => {
  const c = new ChunkBuilder();
  const blocks = [0, 1, 2].map((i) => encodePostings({ docs: [i, i + 10], freqs: [1, 2] }, FLAG_FREQS));
  for (const b of blocks) c.addBlock(b);
  t.is(c.count, 3);
  const v = c.finish();
  t.is(c.count, 0);
  t.deepEqual(chunkBlocks(v).map((b) => [...b]), blocks.map((b) => [...b]));
  t.deepEqual([...decodePostings(chunkBlock(v, 2)).docs], [2, 12]);
  t.throws(() => chunkBlock(v, 3));
});

test('postings block without frequencies reports freq 1 and no positions', (t) => {
  const d = decodePostings(encodePostings({ docs: [2, 9], freqs: [2, 1] }, 0));
  t.deepEqual([...d.docs], [2, 9]);
  t.deepEqual([...d.freqs], [1, 1]);
  t.is(d.positions, undefined);
});

test('postings from the indexing buffer\'s sorted rows encode exactly like postings arrays', (t) => {
  let seed = 7;
  const rnd = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  for (const flags of [0, FLAG_FREQS, FLAG_FREQS | FLAG_POSITIONS, FLAG_FREQS | FLAG_POSITIONS | FLAG_OFFSETS]) {
    for (let trial = 0; trial < 20; trial++) {
      const docs: number[] = [];
      const freqs: number[] = [];
      const positions: number[] = [];
      const startOffsets: number[] = [];
      const endOffsets: number[] = [];
      // one row per occurrence, after rows of other terms (the range written is [from, to))
      const from = rnd(3);
      const rows = { docs: [] as number[], positions: [] as number[], startOffsets: [] as number[], endOffsets: [] as number[] };
      for (let i = 0; i < from; i++) for (const col of Object.values(rows)) col.push(rnd(1000));
      let doc = rnd(5);
      for (let i = 0, n = 1 + rnd(6); i < n; i++, doc += 1 + rnd(300)) {
        // without freqs a document may still hold the term twice (a multi-valued keyword): one posting
        const occurrences = 1 + rnd(4);
        docs.push(doc);
        freqs.push(occurrences);
        for (let j = 0, pos = rnd(3); j < occurrences; j++, pos += rnd(200)) {
          const start = pos * 5 + rnd(3);
          const end = start + 1 + rnd(9);
          positions.push(pos);
          startOffsets.push(start);
          endOffsets.push(end);
          rows.docs.push(doc);
          rows.positions.push(pos);
          rows.startOffsets.push(start);
          rows.endOffsets.push(end);
        }
      }
      const to = rows.docs.length;
      for (let i = 0; i < 2; i++) for (const col of Object.values(rows)) col.push(rnd(1000));
      const columns = {
        docs: Int32Array.from(rows.docs),
        positions: flags & FLAG_POSITIONS ? Int32Array.from(rows.positions) : new Int32Array(0),
        startOffsets: flags & FLAG_OFFSETS ? Int32Array.from(rows.startOffsets) : new Int32Array(0),
        endOffsets: flags & FLAG_OFFSETS ? Int32Array.from(rows.endOffsets) : new Int32Array(0),
      };
      const w = new ByteWriter();
      writePostingsColumns(w, columns, from, to, docs.length, flags);
      t.deepEqual(w.finish(), encodePostings({ docs, freqs, positions, startOffsets, endOffsets }, flags), `flags ${flags}`);
    }
  }
});

test('term dictionary round trip keeps UTF-16 order and surrogate pairs', (t) => {
  const terms = ['a', 'ab', 'abc', 'b', 'z\ud83d\ude00', 'z\ud83d\ude01', '\uffff'].sort();
  const dict = { terms, blockStart: Int32Array.from([0, 3]), docFreq: Int32Array.from(terms, (_, i) => i + 1), totalTermFreq: Float64Array.from(terms, (_, i) => (i === 2 ? -1 : i * 3)) };
  const back = decodeTermDict(encodeTermDict(dict));
  t.deepEqual([...back.terms], terms);
  t.deepEqual([...back.docFreq], [...dict.docFreq]);
  t.deepEqual([...back.totalTermFreq!], [...dict.totalTermFreq]);
  t.deepEqual([...back.blockStart], [0, 3]);
  t.deepEqual(chunkOf(back.blockStart, 2), { chunk: 0, slot: 2 });
  t.deepEqual(chunkOf(back.blockStart, 5), { chunk: 1, slot: 2 });
  t.is(back.terms.indexOf('abc'), terms.indexOf('abc'));
  t.is(back.terms.indexOf('abd'), -1);
});

test('a term dictionary without frequencies keeps no total-term-frequency column', (t) => {
  const terms = ['a', 'b'];
  const back = decodeTermDict(encodeTermDict({ terms, blockStart: [0], docFreq: [1, 2], totalTermFreq: [-1, -1] }));
  t.is(back.totalTermFreq, null);
  t.deepEqual([...back.terms], terms);
});

test('doc values columns round trip, sorted per doc', (t) => {
  const num = buildColumn('numeric', 4, [0, 0, 2, 2, 3], [3, 1, 2.5, -7, 2 ** 40]);
  const n2 = decodeDocValues(encodeDocValues(num));
  t.is(n2.kind, 'numeric');
  if (n2.kind === 'numeric') {
    t.deepEqual([...n2.start], [0, 2, 2, 4, 5]);
    t.deepEqual([...n2.values], [1, 3, -7, 2.5, 2 ** 40]);
  }
  const str = buildColumn('string', 3, [0, 0, 0, 1], ['b', 'a', 'b', 'c']);
  const s2 = decodeDocValues(encodeDocValues(str));
  t.is(s2.kind, 'string');
  if (s2.kind === 'string') {
    t.deepEqual(s2.terms, ['a', 'b', 'c']);
    t.deepEqual([...s2.start], [0, 2, 3, 3]);
    t.deepEqual([...s2.ords], [0, 1, 2]);
  }
});

test('norms and live docs round trip', (t) => {
  const norms = Uint8Array.from([0, 124, 121, 255]);
  t.deepEqual(decodeNorms(encodeNorms(norms)), norms);
  const bits = allLive(13);
  clearBit(bits, 0);
  clearBit(bits, 12);
  const l = decodeLiveDocs(encodeLiveDocs({ maxDoc: 13, delCount: 2, bits }));
  t.is(l.maxDoc, 13);
  t.is(l.delCount, 2);
  t.false(isLiveBit(l.bits, 0));
  t.true(isLiveBit(l.bits, 1));
  t.true(isLiveBit(l.bits, 11));
  t.false(isLiveBit(l.bits, 12));
});

test('stored document round trip (protobuf)', (t) => {
  const d = { type: 't', id: 'é1', version: 7, routing: 'r', source: Buffer.from('{"a":1}'), stored: { f: [1, 'x'] } };
  t.deepEqual(decodeStoredDoc(encodeStoredDoc(d)), d);
  const bare = { type: 't', id: '2', version: 1, stored: {} };
  t.deepEqual(decodeStoredDoc(encodeStoredDoc(bare)), bare);
});

test('stored documents are encoded exactly as protobufjs encodes strata.StoredDoc', (t) => {
  const docs: StoredDocument[] = [
    { type: 't', id: '1', version: 2, stored: {} },
    { type: 'doc', id: 'ü'.repeat(50), version: 2 ** 40, routing: 'r', parent: 'p', source: Buffer.from(JSON.stringify({ x: 'y'.repeat(300) })), stored: { f: [1, 'é'] } },
    { type: 'x'.repeat(200), id: '', version: 1, routing: '', source: Buffer.alloc(0), stored: { a: ['b'.repeat(130)] } },
  ];
  for (const d of docs) {
    const wire = {
      type: d.type,
      id: d.id,
      version: d.version,
      routing: d.routing ?? '',
      parent: d.parent ?? '',
      source: d.source ?? Buffer.alloc(0),
      hasSource: d.source !== undefined,
      storedJson: Object.keys(d.stored).length > 0 ? JSON.stringify(d.stored) : '',
      hasRouting: d.routing !== undefined,
      hasParent: d.parent !== undefined,
    };
    t.deepEqual(encodeStoredDoc(d), Buffer.from(recordTypes().StoredDoc.encode(wire).finish()));
    t.deepEqual(decodeStoredDoc(encodeStoredDoc(d)), d);
  }
});

test('op-log records round trip the logged sources and deletes', (t) => {
  const entries = [
    { op: 'index' as const, seqNo: 12, version: 3, doc: { type: 'doc', id: '1', routing: 'x', parent: 'p', source: Buffer.from('{"a":"é"}') } },
    { op: 'delete' as const, seqNo: 2 ** 40, version: 9, type: 'a', id: 'b' },
    { op: 'index' as const, seqNo: 13, version: 1, doc: { type: 't', id: 'x'.repeat(300), source: Buffer.from('{}') } },
  ];
  t.deepEqual(decodeOpLogRecord(encodeOpLogRecord(entries)), entries);
  t.deepEqual(decodeOpLogRecord(Buffer.alloc(0)), []);
  t.throws(() => decodeOpLogRecord(Buffer.from([7, 0, 0, 0, 0])), { message: /unknown op 7/ });
});

test('the op-log writer logs a parsed document by the source it was parsed from', (t) => {
  const w = new OpLogRecordWriter();
  // `source` is what is stored (filtered), `parsedSource` what was parsed: the log keeps the latter.
  w.index({ type: 'doc', id: '1', source: Buffer.from('{"a":1}'), parsedSource: Buffer.from('{"a":1,"b":2}'), fields: [] }, 2, 5);
  w.delete('doc', '2', 3, 6);
  t.is(w.count, 2);
  t.deepEqual(decodeOpLogRecord(w.finish()), [
    { op: 'index', seqNo: 5, version: 2, doc: { type: 'doc', id: '1', source: Buffer.from('{"a":1,"b":2}') } },
    { op: 'delete', seqNo: 6, version: 3, type: 'doc', id: '2' },
  ]);
});

test('strata-oplog v2 records (analyzed documents) still decode', (t) => {
  const [a, b, c] = decodeOpLogV2Record(Buffer.from(V2_RECORD, 'hex'));
  t.like(a, { op: 'index', seqNo: 0, version: 1 });
  const d = a?.op === 'index' ? a.parsed : undefined;
  t.is(d?.routing, 'r1');
  t.is(d?.source?.toString(), '{"title":"old shard"}');
  t.deepEqual(
    d?.fields.map((f) => [f.name, f.tokens?.map((x) => `${x.term}@${x.position}:${x.startOffset}-${x.endOffset}`), f.docValues]),
    [
      ['title', ['old@0:0-3', 'shard@1:4-9'], undefined],
      ['tag', ['x@0:0-1'], ['x']],
      ['n', undefined, [7]],
    ],
  );
  t.like(b, { op: 'index', seqNo: 1, version: 1 });
  t.deepEqual(c, { op: 'delete', seqNo: 2, version: 2, type: 'doc', id: '2' });
});

test('version entries, doc ids and segment info round trip', (t) => {
  t.deepEqual(decodeVersionEntry(encodeVersionEntry({ version: 4, seqNo: 10, deleted: true })), { version: 4, seqNo: 10, deleted: true });
  const ids = {
    maxDoc: 3,
    types: ['doc'],
    typeOrd: Int32Array.from([0, 0, 0]),
    ids: ['p', 'p', 'q'],
    versions: Float64Array.from([2, 2, 1]),
    seqNos: Float64Array.from([5, 5, 6]),
    nestedPaths: ['comments'],
    pathOrd: Int32Array.from([0, -1, -1]),
    nestedOffset: Int32Array.from([1, 0, 0]),
  };
  t.deepEqual(decodeDocIds(encodeDocIds(ids)), ids);
  const info = { id: 37, name: segmentName(37), maxDoc: 1, minSeqNo: 0, maxSeqNo: 0, fields: [], docValues: [], sizeInBytes: 10, createdAt: 1 };
  t.is(info.name, '_11');
  t.deepEqual(decodeSegmentInfo(encodeSegmentInfo(info)), info);
});

test('format check refuses unknown or newer formats', (t) => {
  t.notThrows(() => checkFormats(CURRENT_FORMATS));
  t.throws(() => checkFormats({ ...CURRENT_FORMATS, postings: { id: 'strata-postings', version: 99 } }), { message: /unsupported postings format/ });
  const { norms: _n, ...missing } = CURRENT_FORMATS;
  t.throws(() => checkFormats(missing), { message: /lacks the format of \[norms\]/ });
});
