import test from 'ava';
import { EsError } from '../../lib/errors/es-error.js';
import type { BulkItemOutcome, ShardOperation, WriteResult } from '../../lib/shard/types.js';
import { doc, keywordField, numberField, openTmp } from './helpers.js';

const index = (d: ReturnType<typeof doc>, extra: Partial<Extract<ShardOperation, { op: 'index' }>> = {}): ShardOperation => ({ op: 'index', opType: 'index', doc: d, ...extra });
const del = (id: string, extra: Partial<Extract<ShardOperation, { op: 'delete' }>> = {}): ShardOperation => ({ op: 'delete', type: 'doc', id, ...extra });

function ok(o: BulkItemOutcome | undefined): WriteResult {
  if (!o || !('ok' in o)) throw new Error(`expected success, got ${JSON.stringify(o)}`);
  return o.ok;
}
function err(o: BulkItemOutcome | undefined): EsError {
  if (!o || !('error' in o)) throw new Error(`expected an error, got ${JSON.stringify(o)}`);
  return o.error;
}

test('index, update, get, delete: results and versions as ES 5', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  const [a] = await e.bulk([index(doc('1', 'hello world'))]);
  t.deepEqual(ok(a), { result: 'created', version: 1, seqNo: 0 });
  const [b] = await e.bulk([index(doc('1', 'hello again'))]);
  t.deepEqual(ok(b), { result: 'updated', version: 2, seqNo: 1 });
  const got = await e.get('doc', '1');
  t.is(got?.version, 2);
  t.is(got?.source?.toString(), '{"title":"hello again"}');
  t.is((await e.get(undefined, '1'))?.id, '1');
  t.is(await e.get('other', '1'), null);
  const [c] = await e.bulk([del('1')]);
  t.deepEqual(ok(c), { result: 'deleted', version: 3, seqNo: 2 });
  t.is(await e.get('doc', '1'), null);
  // A missing doc: not_found with version 1, then a re-index continues from the tombstone.
  const [d, f] = await e.bulk([del('nope'), del('1')]);
  t.deepEqual(ok(d), { result: 'not_found', version: 1, seqNo: 3 });
  t.deepEqual(ok(f), { result: 'not_found', version: 4, seqNo: 4 });
  const [g] = await e.bulk([index(doc('1', 'back'))]);
  t.deepEqual(ok(g), { result: 'created', version: 5, seqNo: 5 });
});

test('internal version conflicts carry the ES reason and metadata', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([index(doc('1', 'a')), index(doc('1', 'b'))]);
  const [x, y, z] = await e.bulk([index(doc('1', 'c'), { version: 1 }), index(doc('1', 'c'), { version: 2 }), del('1', { version: 2 })]);
  const conflict = err(x);
  t.is(conflict.type, 'version_conflict_engine_exception');
  t.is(conflict.status, 409);
  t.is(conflict.reason, '[doc][1]: version conflict, current version [2] is different than the one provided [1]');
  t.deepEqual(conflict.metadata, { index_uuid: 'uuid-1', shard: '0', index: 'test' });
  t.deepEqual(ok(y), { result: 'updated', version: 3, seqNo: 2 });
  t.is(err(z).reason, '[doc][1]: version conflict, current version [3] is different than the one provided [2]');
  const [m] = await e.bulk([index(doc('missing', 'x'), { version: 1 })]);
  t.is(err(m).reason, '[doc][missing]: version conflict, current version [-1] is different than the one provided [1]');
});

test('create conflicts only with a live document', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  const [a, b] = await e.bulk([index(doc('1', 'a'), { opType: 'create' }), index(doc('1', 'b'), { opType: 'create' })]);
  t.deepEqual(ok(a), { result: 'created', version: 1, seqNo: 0 });
  t.is(err(b).reason, '[doc][1]: version conflict, document already exists (current version [1])');
  await e.bulk([del('1')]);
  const [c] = await e.bulk([index(doc('1', 'c'), { opType: 'create' })]);
  t.deepEqual(ok(c), { result: 'created', version: 3, seqNo: 2 });
});

test('external, external_gte and force versions', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  const [a] = await e.bulk([index(doc('1', 'a'), { version: 5, versionType: 'external' })]);
  t.deepEqual(ok(a), { result: 'created', version: 5, seqNo: 0 });
  const [b, c, d] = await e.bulk([
    index(doc('1', 'b'), { version: 3, versionType: 'external' }),
    index(doc('1', 'b'), { version: 5, versionType: 'external' }),
    index(doc('1', 'b'), { version: 5, versionType: 'external_gte' }),
  ]);
  t.is(err(b).reason, '[doc][1]: version conflict, current version [5] is higher or equal to the one provided [3]');
  t.is(err(c).reason, '[doc][1]: version conflict, current version [5] is higher or equal to the one provided [5]');
  t.deepEqual(ok(d), { result: 'updated', version: 5, seqNo: 1 });
  const [f] = await e.bulk([index(doc('1', 'c'), { version: 4, versionType: 'external_gte' })]);
  t.is(err(f).reason, '[doc][1]: version conflict, current version [5] is higher than the one provided [4]');
  const [g] = await e.bulk([index(doc('1', 'd'), { version: 2, versionType: 'force' })]);
  t.deepEqual(ok(g), { result: 'updated', version: 2, seqNo: 2 });
  const [h] = await e.bulk([del('1', { version: 10, versionType: 'external' })]);
  t.deepEqual(ok(h), { result: 'deleted', version: 10, seqNo: 3 });
  const [i] = await e.bulk([index(doc('1', 'e'), { version: 9, versionType: 'external' })]);
  t.is(err(i).reason, '[doc][1]: version conflict, current version [10] is higher or equal to the one provided [9]');
  t.is((await e.get('doc', '1')), null);
});

test('a failed op does not stop the others in the bulk', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  const out = await e.bulk([index(doc('1', 'a')), index(doc('1', 'b'), { opType: 'create' }), index(doc('2', 'c'))]);
  t.true('ok' in out[0]!);
  t.true('error' in out[1]!);
  t.deepEqual(ok(out[2]), { result: 'created', version: 1, seqNo: 1 });
});

test('writes become searchable only after refresh; deletes too', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([index(doc('1', 'quick brown fox')), index(doc('2', 'lazy dog'))]);
  let s = e.searcher();
  t.is(s.segments.length, 0);
  s.release();
  await e.refresh();
  s = e.searcher();
  t.is(s.segments.length, 1);
  const seg = s.segments[0]!;
  t.is(seg.maxDoc, 2);
  t.is(seg.numDocs, 2);
  t.deepEqual([...seg.terms('title')], ['brown', 'dog', 'fox', 'lazy', 'quick']);
  await e.bulk([del('1')]);
  // The held searcher and a fresh one both still see doc 1 until the next refresh.
  t.true(seg.isLive(0));
  const s2 = e.searcher();
  t.true(s2.segments[0]!.isLive(0));
  s2.release();
  await e.refresh();
  const s3 = e.searcher();
  t.false(s3.segments[0]!.isLive(0));
  t.is(s3.segments[0]!.numDocs, 1);
  t.true(seg.isLive(0), 'an old searcher is a fixed point in time');
  s3.release();
  s.release();
  t.deepEqual({ docs: e.stats().docsCount, deleted: e.stats().docsDeleted, segments: e.stats().segmentsCount }, { docs: 1, deleted: 1, segments: 1 });
});

test('postings, field stats, norms and doc values are exact', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([
    index(doc('a', 'the cat the hat', [keywordField('tag', 'x', 'y'), numberField('n', 5, -2)])),
    index(doc('b', 'cat', [keywordField('tag', 'x', 'x')])),
    index(doc('c', 'a b c d e', [numberField('n', 1.5)])),
  ]);
  await e.refresh();
  const s = e.searcher();
  t.teardown(() => s.release());
  const r = s.segments[0]!;
  const the = (await r.postings('title', 'the'))!;
  t.deepEqual([...the.docs], [0]);
  t.deepEqual([...the.freqs], [2]);
  t.deepEqual([...the.positions!], [0, 2]);
  t.deepEqual([...the.startOffsets!], [0, 8]);
  t.deepEqual([...the.endOffsets!], [3, 11]);
  const cat = (await r.postings('title', 'cat'))!;
  t.deepEqual([...cat.docs], [0, 1]);
  t.deepEqual([...cat.posStart!], [0, 1, 2]);
  t.is(await r.postings('title', 'dog'), null);
  t.is(r.docFreq('title', 'cat'), 2);
  t.is(r.totalTermFreq('title', 'the'), 2);
  t.is(r.docFreq('title', 'dog'), 0);
  t.deepEqual(r.fieldStats('title'), { docCount: 3, sumDocFreq: 9, sumTotalTermFreq: 10 });
  // Keyword fields index docs only (Lucene IndexOptions.DOCS): freq 1, no total term freq.
  t.deepEqual(r.fieldStats('tag'), { docCount: 2, sumDocFreq: 3, sumTotalTermFreq: -1 });
  t.is(r.totalTermFreq('tag', 'x'), -1);
  t.deepEqual([...(await r.postings('tag', 'x'))!.freqs], [1, 1]);
  // Norms: 4 tokens → 1/sqrt(4) = 0.5 → byte 120; 1 token → 124; 5 tokens → 0.4375 → byte 119.
  t.is(r.norm('title', 0), 120);
  t.is(r.norm('title', 1), 124);
  t.is(r.norm('title', 2), 119);
  t.is(r.norm('tag', 0), 0);
  t.deepEqual(r.numericValues('n', 0), [-2, 5]);
  t.deepEqual(r.numericValues('n', 1), []);
  t.deepEqual(r.numericValues('n', 2), [1.5]);
  t.deepEqual(r.stringValues('tag', 0), ['x', 'y']);
  t.deepEqual(r.stringValues('tag', 1), ['x']);
  t.true(r.hasDocValues('tag'));
  t.false(r.hasDocValues('title'));
  const stored = await r.document(2);
  t.is(stored.id, 'c');
  t.is(stored.source?.toString(), '{"title":"a b c d e"}');
  t.is(r.docId(1), 'b');
  t.is(r.docType(1), 'doc');
});

test('nested documents precede their root (last object first) and are deleted with it', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  const parent = doc('p', 'parent');
  parent.nested = [
    { path: 'comments', offset: 0, fields: [{ name: 'comments.text', tokens: [{ term: 'one', position: 0, startOffset: 0, endOffset: 3, type: 'word' }], norms: true, positions: true }] },
    { path: 'comments', offset: 1, fields: [{ name: 'comments.text', tokens: [{ term: 'two', position: 0, startOffset: 0, endOffset: 3, type: 'word' }], norms: true, positions: true }] },
  ];
  await e.bulk([index(parent), index(doc('q', 'other'))]);
  await e.refresh();
  let s = e.searcher();
  const r = s.segments[0]!;
  t.is(r.maxDoc, 4);
  t.is(r.nestedPath(0), 'comments');
  // ES 5.6 order: the nested objects in reverse, then the root
  t.is(r.nestedOffset(0), 1);
  t.is(r.nestedOffset(1), 0);
  t.is(r.nestedPath(2), undefined);
  t.is(r.rootDoc(0), 2);
  t.is(r.docId(0), 'p');
  t.deepEqual([...(await r.postings('comments.text', 'two'))!.docs], [0]);
  t.is((await r.document(1)).id, 'p');
  s.release();
  await e.bulk([del('p')]);
  await e.refresh();
  s = e.searcher();
  t.deepEqual([0, 1, 2, 3].map((d) => s.segments[0]!.isLive(d)), [false, false, false, true]);
  s.release();
});

test('waitForRefresh resolves on the next refresh, or forces one past the listener limit', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  t.false(await e.waitForRefresh(10), 'nothing pending: immediately visible');
  await e.bulk([index(doc('1', 'a'))]);
  let done = false;
  const w = e.waitForRefresh(1).then((forced) => {
    done = true;
    return forced;
  });
  await new Promise((r) => setTimeout(r, 30));
  t.false(done);
  // The listener slot is taken: the next waiter forces a refresh.
  await e.bulk([index(doc('2', 'b'))]);
  t.true(await e.waitForRefresh(1));
  t.false(await w);
  const s = e.searcher();
  t.is(s.segments.reduce((n, r) => n + r.numDocs, 0), 2);
  s.release();
});

test('the refresh interval refreshes only when something changed', async (t) => {
  const e = await openTmp(20);
  t.teardown(() => e.destroy());
  await new Promise((r) => setTimeout(r, 80));
  t.is(e.stats().refreshTotal, 0);
  await e.bulk([index(doc('1', 'a'))]);
  const forced = await e.waitForRefresh(100);
  t.false(forced);
  t.is(e.stats().refreshTotal, 1);
  e.setRefreshIntervalMs(-1);
  await e.bulk([index(doc('2', 'b'))]);
  await new Promise((r) => setTimeout(r, 80));
  t.is(e.stats().refreshTotal, 1);
  t.is(e.stats().docsCount, 1);
});

test('concurrent bulks share synced batches and keep per-request order', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  const all = await Promise.all(Array.from({ length: 20 }, (_, i) => e.bulk([index(doc(String(i % 5), `v${i}`))])));
  t.deepEqual(
    all.map((o) => ok(o[0]).version),
    [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
  );
  t.is((await e.get('doc', '4'))?.source?.toString(), '{"title":"v19"}');
});

test('operations on a closed shard fail with ES index_shard_closed_exception, not a JS error', async (t) => {
  const e = await openTmp();
  await e.close();
  const err = await t.throwsAsync(e.bulk([{ op: 'index', opType: 'index', doc: doc('1', 'late') }]));
  t.like(err, { type: 'index_shard_closed_exception', status: 404, reason: 'CurrentState[CLOSED] Closed' });
  await t.throwsAsync(e.get('doc', '1'), { message: 'CurrentState[CLOSED] Closed' });
});
