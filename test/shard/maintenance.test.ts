/**
 * The shard's maintenance answers as plain results: recovery info (store type, replayed
 * operations), segment summaries (committed after a flush), cache clearing, field statistics.
 */
import test from 'ava';
import { doc, keywordField, numberField, openTestEngine, openTmp, tmpShardPath } from './helpers.js';
import { encodeLong } from '../../lib/mapping/term-encoding.js';

/** Close the database under an engine without its flush-on-close (a crash). */
async function crash(e: unknown): Promise<void> {
  await (e as { ctx: { db: { close(): Promise<void> } } }).ctx.db.close();
}

test('recovery: EMPTY_STORE when created; EXISTING_STORE replaying the unflushed operations after a crash', async (t) => {
  const path = tmpShardPath();
  const e = await openTestEngine(path);
  const first = e.recovery();
  t.is(first.type, 'EMPTY_STORE');
  t.deepEqual(first.files, []);
  t.is(first.translogOps, 0);
  t.true(first.stopTimeMs >= first.startTimeMs);
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('1', 'one') }]);
  await e.flush();
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('2', 'two') }, { op: 'delete', type: 'doc', id: '1' }]);
  await crash(e);
  const again = await openTestEngine(path);
  t.teardown(() => again.destroy());
  const rec = again.recovery();
  t.is(rec.type, 'EXISTING_STORE');
  t.is(rec.translogOps, 2);
  t.true(rec.files.length > 0);
  t.true(rec.files.every((f) => f.length >= 0 && f.name.length > 0));
  t.is(rec.totalTimeMs, rec.stopTimeMs - rec.startTimeMs);
});

test('segments: committed only once a flush synced them; memory adds up by kind', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('1', 'alpha beta') }]);
  await e.refresh();
  let [s] = e.segments();
  t.like(s, { name: '_0', generation: 0, numDocs: 1, deletedDocs: 0, committed: false, search: true });
  t.is(s!.memoryInBytes, s!.memory.reduce((n, m) => n + m.sizeInBytes, 0));
  t.true(s!.memoryInBytes > 0);
  await e.flush();
  [s] = e.segments();
  t.true(s!.committed);
});

test('clearCaches drops the decoded postings and stored documents it holds', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('1', 'alpha beta') }, { op: 'index', opType: 'index', doc: doc('2', 'beta') }]);
  await e.refresh();
  const s = e.searcher();
  try {
    t.truthy(await s.segments[0]!.postings('title', 'beta'));
  } finally {
    s.release();
  }
  const cleared = e.clearCaches({ query: false, all: true });
  t.true(cleared.postings > 0);
  t.deepEqual(e.clearCaches({ query: false, all: true }), { docSets: 0, storedDocs: 0, postings: 0 });
  t.deepEqual(e.clearCaches({ query: true, all: false }), { docSets: 0, storedDocs: 0, postings: 0 });
});

test('fieldStats: counts over segments (deleted docs included, as Lucene) and min/max terms', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([
    { op: 'index', opType: 'index', doc: doc('1', 'b a', [keywordField('k', 'x'), numberField('n', 5)]) },
    { op: 'index', opType: 'index', doc: doc('2', 'c', [numberField('n', -3)]) },
  ]);
  await e.refresh();
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('3', 'd', [keywordField('k', 'y')]) }, { op: 'delete', type: 'doc', id: '2' }]);
  await e.refresh();
  const byField = new Map(e.fieldStats(['title', 'k', 'n', 'missing']).map((f) => [f.field, f]));
  t.deepEqual([...byField.keys()], ['title', 'k', 'n']);
  t.like(byField.get('title'), { maxDoc: 3, docCount: 3, sumDocFreq: 4, minTerm: 'a', maxTerm: 'd' });
  t.like(byField.get('k'), { maxDoc: 3, docCount: 2, minTerm: 'x', maxTerm: 'y' });
  // Doc values only (no inverted index): present, but nothing to count or bound.
  t.deepEqual(byField.get('n'), { field: 'n', maxDoc: 3, docCount: 0, sumDocFreq: -1, sumTotalTermFreq: -1 });
  const indexedNumber = { name: 'm', tokens: [{ term: encodeLong(-7), position: 0, startOffset: 0, endOffset: 0, type: 'word' }], norms: false };
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('4', 'e', [indexedNumber]) }]);
  await e.refresh();
  t.like(e.fieldStats(['m'])[0], { maxDoc: 4, docCount: 1, minTerm: encodeLong(-7), maxTerm: encodeLong(-7) });
});
