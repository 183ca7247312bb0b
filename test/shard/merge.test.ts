import test from 'ava';
import type { StrataShardEngine } from '../../lib/shard/engine.js';
import { DEFAULT_MAX_MERGED_SEGMENT_BYTES, liveBytes, mergeLevel, pendingMerges, pickMerge } from '../../lib/shard/merge.js';
import { SegmentState } from '../../lib/shard/segment-state.js';
import { doc, keywordField, numberField, openTmp, tmpShardPath } from './helpers.js';

async function liveIds(e: StrataShardEngine): Promise<string[]> {
  const s = e.searcher();
  try {
    const ids: string[] = [];
    for (const r of s.segments) for (let d = 0; d < r.maxDoc; d++) if (r.isLive(d)) ids.push(r.docId(d));
    return ids.sort();
  } finally {
    s.release();
  }
}

/** 12 segments of 5 docs; every third doc deleted, every fifth updated. */
async function fill(e: StrataShardEngine): Promise<Set<string>> {
  const expected = new Set<string>();
  for (let seg = 0; seg < 12; seg++) {
    const ops = [];
    for (let i = 0; i < 5; i++) {
      const id = `${seg}-${i}`;
      ops.push({ op: 'index' as const, opType: 'index' as const, doc: doc(id, `word${i} common seg${seg}`, [keywordField('k', `k${i}`), numberField('n', seg * 10 + i)]) });
      expected.add(id);
    }
    await e.bulk(ops);
    await e.refresh();
  }
  const changes = [];
  for (let seg = 0; seg < 12; seg++) {
    for (let i = 0; i < 5; i++) {
      const id = `${seg}-${i}`;
      if ((seg * 5 + i) % 3 === 0) {
        changes.push({ op: 'delete' as const, type: 'doc', id });
        expected.delete(id);
      } else if ((seg * 5 + i) % 5 === 1) {
        changes.push({ op: 'index' as const, opType: 'index' as const, doc: doc(id, `updated common`, [numberField('n', -1)]) });
      }
    }
  }
  await e.bulk(changes);
  return expected;
}

test('force merge keeps live docs, drops deleted ones, and rebuilds postings/norms/doc values', async (t) => {
  const path = tmpShardPath();
  const e = await openTmp(-1, path);
  const expected = await fill(e);
  await e.forceMerge({ maxNumSegments: 1 });
  const s = e.searcher();
  t.is(s.segments.length, 1);
  const r = s.segments[0]!;
  t.is(r.maxDoc, expected.size);
  t.is(r.numDocs, expected.size);
  t.deepEqual(await liveIds(e), [...expected].sort());
  // `common` is in every live doc, `updated` in the updated ones only.
  const common = (await r.postings('title', 'common'))!;
  t.is(common.docs.length, expected.size);
  t.is(r.docFreq('title', 'updated'), [...expected].filter((id) => { const [a, b] = id.split('-').map(Number); return (a! * 5 + b!) % 5 === 1; }).length);
  t.is(r.fieldStats('title')!.docCount, expected.size);
  for (let d = 0; d < r.maxDoc; d++) {
    const id = r.docId(d);
    const got = await e.get('doc', id);
    t.is(got?.id, id);
    t.is((await r.document(d)).source?.toString(), got?.source?.toString());
    const updated = got!.version === 2;
    t.deepEqual(r.numericValues('n', d), updated ? [-1] : [Number(id.split('-')[0]) * 10 + Number(id.split('-')[1])]);
    t.is(r.norm('title', d), updated ? 121 : 120); // 2 tokens → 121, 3 tokens → 120
  }
  t.is(r.totalTermFreq('k', 'k2'), -1);
  t.false(r.terms('title').indexOf('seg0') >= 0 && (await r.postings('title', 'seg0'))!.docs.length === 0);
  s.release();
  t.is(e.stats().docsCount, expected.size);
  t.is(e.stats().docsDeleted, 0);
  t.true(e.stats().mergeTotal >= 1);
  // And it all survives a reopen.
  await e.close();
  const again = await openTmp(-1, path);
  t.teardown(() => again.destroy());
  t.deepEqual(await liveIds(again), [...expected].sort());
});

test('background merges bound the segment count while searchers keep old segments readable', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  await e.bulk([{ op: 'index', opType: 'index', doc: doc('first', 'alpha beta') }]);
  await e.refresh();
  const old = e.searcher();
  const expected = await fill(e);
  expected.add('first');
  await e.refresh();
  for (let i = 0; i < 100 && e.stats().mergeTotal === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.true(e.stats().mergeTotal >= 1);
  for (let i = 0; i < 100 && e.stats().segmentsCount > 10; i++) await new Promise((r) => setTimeout(r, 20));
  t.true(e.stats().segmentsCount <= 10, `segments ${e.stats().segmentsCount}`);
  t.deepEqual(await liveIds(e), [...expected].sort());
  // The searcher taken before the merges still reads its (merged-away) segment.
  const r = old.segments[0]!;
  t.deepEqual([...(await r.postings('title', 'alpha'))!.docs], [0]);
  t.is((await r.document(0)).id, 'first');
  old.release();
});

test('the merge policy merges ten segments of one level into the next, lowest level first, and reclaims heavy deletes', (t) => {
  const seg = (id: number, maxDoc: number, del = 0) => {
    const s = new SegmentState(id, null);
    s.core = { info: { id, name: '', maxDoc, minSeqNo: 0, maxSeqNo: 0, fields: [], docValues: [], sizeInBytes: 0, createdAt: 0 }, fields: new Map(), docValues: new Map(), docIds: {} as never };
    s.delCount = del;
    return s;
  };
  t.deepEqual([seg(0, 5), seg(1, 9999), seg(2, 10000), seg(3, 99999), seg(4, 100000)].map(mergeLevel), [0, 0, 1, 1, 2]);
  const nine = Array.from({ length: 9 }, (_, i) => seg(i, 100 + i));
  t.is(pickMerge(nine), null);
  // the tenth small segment fills level 0: all ten merge, smallest first
  const ten = [...nine, seg(9, 5)];
  t.deepEqual(pickMerge(ten)!.map((s) => s.id), [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  // nine large ones and nine small ones: nothing to do; segments already merging are not picked
  const mixed = [...nine, ...Array.from({ length: 9 }, (_, i) => seg(20 + i, 20000 + i))];
  t.is(pickMerge(mixed), null);
  const full = [...mixed, seg(40, 30000)];
  t.deepEqual(pickMerge(full)!.map((s) => s.id), [20, 21, 22, 23, 24, 25, 26, 27, 28, 40]);
  for (const s of full.slice(9)) s.merging = true;
  t.is(pickMerge(full), null);
  // level 0 before level 1 when both are full
  const both = [...ten, ...Array.from({ length: 10 }, (_, i) => seg(50 + i, 50000))];
  t.deepEqual(pickMerge(both)!.map((s) => s.id), [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const heavy = [seg(0, 100), seg(1, 10, 6)];
  t.deepEqual(pickMerge(heavy)!.map((s) => s.id), [1]);
});

test('pending merges, which a write waits for past MAX_MERGE_COUNT: one per ten segments of a level not merging', (t) => {
  const seg = (id: number, maxDoc: number) => {
    const s = new SegmentState(id, null);
    s.core = { info: { id, name: '', maxDoc, minSeqNo: 0, maxSeqNo: 0, fields: [], docValues: [], sizeInBytes: maxDoc * 100, createdAt: 0 }, fields: new Map(), docValues: new Map(), docIds: {} as never };
    return s;
  };
  const small = Array.from({ length: 39 }, (_, i) => seg(i, 1000));
  t.is(pendingMerges(small.slice(0, 9)), 0);
  t.is(pendingMerges(small), 3);
  const mid = Array.from({ length: 20 }, (_, i) => seg(100 + i, 20_000));
  t.is(pendingMerges([...small, ...mid]), 5);
  // merging ones are running, not pending; too large ones are never merged
  for (const s of small.slice(0, 10)) s.merging = true;
  t.is(pendingMerges([...small, ...mid]), 4);
  t.is(pendingMerges(mid, 20_000 * 100 * 2), 0);
});

test('index.merge.policy.max_merged_segment: natural merges stay within it, segments of half of it or more are not merged', (t) => {
  const seg = (id: number, maxDoc: number, sizeInBytes: number, del = 0) => {
    const s = new SegmentState(id, null);
    s.core = { info: { id, name: '', maxDoc, minSeqNo: 0, maxSeqNo: 0, fields: [], docValues: [], sizeInBytes, createdAt: 0 }, fields: new Map(), docValues: new Map(), docIds: {} as never };
    s.delCount = del;
    return s;
  };
  t.is(DEFAULT_MAX_MERGED_SEGMENT_BYTES, 5 * 1024 ** 3);
  // live bytes are the size pro-rated to the live docs (Lucene MergePolicy#size)
  t.is(liveBytes(seg(0, 100, 1000, 25)), 750);
  // ten segments of level 0, 100 bytes each: all ten merge under the default and under 1000 bytes
  const ten = Array.from({ length: 10 }, (_, i) => seg(i, 100 + i, 100));
  t.is(pickMerge(ten)!.length, 10);
  t.is(pickMerge(ten, 1000)!.length, 10);
  // under 450 bytes only the four smallest fit in one merge
  t.deepEqual(pickMerge(ten, 450)!.map((s) => s.id), [0, 1, 2, 3]);
  // at 200 bytes every segment is half the cap: none is merged, the level is left as it is
  t.is(pickMerge(ten, 200), null);
  // a segment that would take the sum past the cap is skipped, a smaller one after it still fits
  const mixed = [...Array.from({ length: 9 }, (_, i) => seg(i, 100 + i, 100)), seg(9, 50, 240)];
  t.deepEqual(pickMerge(mixed, 500)!.map((s) => s.id), [9, 0, 1]);
  // under 420 bytes segment 9 is over half the cap: it does not count toward the level's ten
  t.is(pickMerge(mixed, 420), null);
  // a heavily deleted segment is rewritten alone while its live bytes are within the cap
  t.deepEqual(pickMerge([seg(0, 100, 1000, 60)], 500)!.map((s) => s.id), [0]);
  t.is(pickMerge([seg(0, 100, 1000, 51)], 400), null);
});

/** Every (term → doc id → positions) of `field` over the live docs of the current view. */
async function postingsById(e: StrataShardEngine, field: string): Promise<Map<string, Map<string, number[]>>> {
  const out = new Map<string, Map<string, number[]>>();
  const s = e.searcher();
  try {
    for (const r of s.segments) {
      for (const term of r.terms(field)) {
        const p = (await r.postings(field, term))!;
        for (let j = 0; j < p.docs.length; j++) {
          const d = p.docs[j]!;
          if (!r.isLive(d)) continue;
          const positions = p.positions && p.posStart ? [...p.positions.subarray(p.posStart[j], p.posStart[j + 1])] : [];
          let m = out.get(term);
          if (!m) out.set(term, (m = new Map()));
          m.set(r.docId(d), positions);
        }
      }
    }
  } finally {
    s.release();
  }
  return new Map([...out].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([t, m]) => [t, new Map([...m].sort((a, b) => (a[0] < b[0] ? -1 : 1)))]));
}

test('a merge of segments with many postings chunks keeps every term, doc and position', async (t) => {
  const e = await openTmp();
  t.teardown(() => e.destroy());
  // Three segments with 150+ distinct terms each (two or more 128-term chunks), partly shared.
  for (let seg = 0; seg < 3; seg++) {
    const ops = [];
    for (let i = 0; i < 150; i++) {
      const n = seg * 100 + i; // ids and terms of neighbouring segments overlap
      ops.push({ op: 'index' as const, opType: 'index' as const, doc: doc(`d${n}`, `w${n} w${n + 1} shared w${n} x${n % 7}`, [keywordField('k', `k${n}`, `k${n % 13}`)]) });
    }
    await e.bulk(ops);
    await e.refresh();
  }
  await e.bulk([10, 120, 260, 333].map((n) => ({ op: 'delete' as const, type: 'doc', id: `d${n}` })));
  await e.refresh();
  const before = [await postingsById(e, 'title'), await postingsById(e, 'k')];
  t.true(before[0]!.size > 300);
  await e.forceMerge({ maxNumSegments: 1 });
  const s = e.searcher();
  t.is(s.segments.length, 1);
  s.release();
  t.deepEqual([await postingsById(e, 'title'), await postingsById(e, 'k')], before);
});
