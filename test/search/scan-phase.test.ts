/**
 * The scan phase (lib/search/service/scan-shard.ts): a by-scroll run with no sort reads each
 * shard's point-in-time view in doc order, batch by batch, its stored documents as ordered
 * ranges of the keyspace. Over a shard of three segments with deleted and nested documents:
 * every live match comes once, in order, across segment ends; a message sent again from the same
 * position reads the same documents; writes after the context opened are not seen; sparse
 * matches (read by key) and dense ones (read as a range) agree; `_source` filtering and versions
 * are applied on the shard. Then the reindex, update- and delete-by-query answers over such a
 * shard, counted exactly.
 */
import test from 'ava';
import { ndjson, startTestNode, type TestNode } from '../helpers/node.js';
import type { ScanPhaseResult, ShardSearchSource } from '../../lib/messages/shard-search.js';
import { parseQuery } from '../../lib/dsl/parse-query.js';

let n: TestNode;

/** Ids written: 0..59 in three refreshed segments, nested comments on every fifth, 10..19 deleted. */
const LIVE = Array.from({ length: 60 }, (_, i) => i).filter((i) => i < 10 || i >= 20);

const INDEX = {
  settings: { number_of_shards: 1, number_of_replicas: 0 },
  mappings: { doc: { properties: { n: { type: 'long' }, tag: { type: 'keyword' }, comments: { type: 'nested', properties: { by: { type: 'keyword' } } } } } },
};

test.before(async () => {
  n = await startTestNode();
  for (const name of ['src', 'pit', 'dst']) {
    const created = await n.request('PUT', `/${name}`, INDEX);
    if (created.status !== 200) throw new Error(created.text);
  }
  for (let part = 0; part < 3; part++) {
    const lines: unknown[] = [];
    for (let i = part * 20; i < part * 20 + 20; i++) {
      lines.push({ index: { _index: 'src', _type: 'doc', _id: String(i), ...(i % 7 === 0 ? { routing: `r${i}` } : {}) } });
      lines.push({ n: i, tag: i % 10 === 3 ? 'rare' : 'common', ...(i % 5 === 0 ? { comments: [{ by: 'a' }, { by: 'b' }] } : {}), extra: { keep: i, drop: 'x' } });
    }
    const r = await n.request('POST', '/_bulk?refresh=true', ndjson(lines));
    if (r.body.errors) throw new Error(r.text.slice(0, 400));
  }
  const del = ndjson(Array.from({ length: 10 }, (_, k) => ({ delete: { _index: 'src', _type: 'doc', _id: String(10 + k) } })));
  const r = await n.request('POST', '/_bulk?refresh=true', del);
  if (r.body.errors) throw new Error(r.text.slice(0, 400));
});

test.after.always(async () => {
  await n.close();
});

function scanSource(extra: Partial<ShardSearchSource> = {}): ShardSearchSource {
  return {
    types: [],
    from: 0,
    size: 1000,
    sort: [{ field: '_doc', order: 'asc' }],
    trackScores: false,
    version: false,
    explain: false,
    docvalueFields: [],
    searchType: 'query_then_fetch',
    scroll: true,
    keepAllHits: true,
    scan: true,
    ...extra,
  };
}

/** Open a scan context on shard 0 of `src`, run its query phase; the context id and the total. */
async function open(source: ShardSearchSource, index = 'src'): Promise<{ id: string; total: number; top: number }> {
  const client = n.node.context.searchShards;
  const opened = await client.openContext({ index, shard: 0, shardIndex: 0, requestShards: 1, nowMs: Date.now(), indexBoost: 1, source, keepAliveMs: 60000 });
  if (!('ok' in opened)) throw new Error(JSON.stringify(opened));
  const q = await client.queryPhase({ contextId: opened.ok.contextId });
  if (!('ok' in q)) throw new Error(JSON.stringify(q));
  return { id: opened.ok.contextId, total: q.ok.totalHits, top: q.ok.top.length };
}

async function scan(id: string, seg: number, doc: number, max: number): Promise<ScanPhaseResult> {
  const r = await n.node.context.searchShards.scanPhase({ contextId: id, seg, doc, max });
  if (!('ok' in r)) throw new Error(JSON.stringify(r));
  return r.ok;
}

/** Every document of a scan context, `max` per message. */
async function scanAll(id: string, max: number): Promise<{ docs: ScanPhaseResult['docs']; sizes: number[] }> {
  const docs: ScanPhaseResult['docs'] = [];
  const sizes: number[] = [];
  let at: { seg: number; doc: number } | undefined = { seg: 0, doc: 0 };
  while (at) {
    const r = await scan(id, at.seg, at.doc, max);
    sizes.push(r.docs.length);
    docs.push(...r.docs);
    at = r.next;
  }
  return { docs, sizes };
}

test.serial('match_all: every live root document once, in doc order, across segment ends; the query phase only counts', async (t) => {
  const { id, total, top } = await open(scanSource({ version: true }));
  t.is(total, LIVE.length);
  t.is(top, 0);
  const { docs, sizes } = await scanAll(id, 7);
  t.deepEqual(docs.map((d) => Number(d.id)), LIVE);
  // full messages across segment ends (a segment's last docs and the next one's first share one)
  t.deepEqual(sizes.slice(0, -1), new Array<number>(Math.floor(LIVE.length / 7)).fill(7));
  const first = docs[0]!;
  t.is(first.type, 'doc');
  t.is(first.version, 1);
  t.is(first.routing, 'r0');
  t.deepEqual(JSON.parse(Buffer.from(first.source!).toString('utf8')), { n: 0, tag: 'common', comments: [{ by: 'a' }, { by: 'b' }], extra: { keep: 0, drop: 'x' } });
  t.true(await n.node.context.searchShards.freeContext(id));
});

test.serial('a message sent again from the same position reads the same documents; writes after the context opened are not seen', async (t) => {
  const write = async (lines: unknown[]): Promise<void> => {
    t.false((await n.request('POST', '/_bulk?refresh=true', ndjson(lines))).body.errors);
  };
  await write(Array.from({ length: 12 }, (_, i) => i).flatMap((i) => [{ index: { _index: 'pit', _type: 'doc', _id: String(i) } }, { n: i }]));
  const { id, total } = await open(scanSource(), 'pit');
  t.is(total, 12);
  const a = await scan(id, 0, 0, 5);
  const b = await scan(id, a.next!.seg, a.next!.doc, 5);
  // the retried message (the coordinator keeps the position, not the shard)
  t.deepEqual(await scan(id, a.next!.seg, a.next!.doc, 5), b);
  await write([{ index: { _index: 'pit', _type: 'doc', _id: 'late' } }, { n: 1000 }, { delete: { _index: 'pit', _type: 'doc', _id: '11' } }, { index: { _index: 'pit', _type: 'doc', _id: '10' } }, { n: -10 }]);
  const c = await scan(id, b.next!.seg, b.next!.doc, 5);
  t.is(c.next, undefined);
  t.deepEqual([...a.docs, ...b.docs, ...c.docs].map((d) => d.id), Array.from({ length: 12 }, (_, i) => String(i)));
  t.is(JSON.parse(Buffer.from(c.docs[0]!.source!).toString('utf8')).n, 10);
  // the whole view again from the start: still as it was when the context opened
  t.is((await scanAll(id, 1000)).docs.length, 12);
  await n.node.context.searchShards.freeContext(id);
});

test.serial('sparse matches (read by key) and dense ones (read as a range) both come in order; _source filtered on the shard', async (t) => {
  const rare = await open(scanSource({ query: parseQuery({ term: { tag: 'rare' } }), source: { includes: ['extra.keep', 'n'] } }));
  const expected = LIVE.filter((i) => i % 10 === 3);
  t.is(rare.total, expected.length);
  const docs = (await scanAll(rare.id, 2)).docs;
  t.deepEqual(docs.map((d) => Number(d.id)), expected);
  t.deepEqual(JSON.parse(Buffer.from(docs[0]!.source!).toString('utf8')), { n: 3, extra: { keep: 3 } });
  await n.node.context.searchShards.freeContext(rare.id);
  const dense = await open(scanSource({ query: parseQuery({ range: { n: { gte: 5 } } }), source: false }));
  const denseDocs = (await scanAll(dense.id, 1000)).docs;
  t.deepEqual(denseDocs.map((d) => Number(d.id)), LIVE.filter((i) => i >= 5));
  t.true(denseDocs.every((d) => d.source === undefined));
  await n.node.context.searchShards.freeContext(dense.id);
});

test.serial('a context that is no scan, or has not run its query phase, is refused', async (t) => {
  const client = n.node.context.searchShards;
  const opened = await client.openContext({ index: 'src', shard: 0, shardIndex: 0, requestShards: 1, nowMs: Date.now(), indexBoost: 1, source: scanSource({ scan: false }), keepAliveMs: 60000 });
  if (!('ok' in opened)) return t.fail();
  const id = opened.ok.contextId;
  const r = await client.scanPhase({ contextId: id, seg: 0, doc: 0, max: 5 });
  t.deepEqual(r, { failure: { type: 'illegal_state_exception', status: 500, reason: `search context [${id}] is not a scan context after its query phase` } });
  await client.freeContext(id);
  t.deepEqual(await client.scanPhase({ contextId: id, seg: 0, doc: 0, max: 5 }), { failure: { type: 'search_context_missing_exception', status: 404, reason: `No search context found for id [${id}]` } });
});

test.serial('reindex, update_by_query and delete_by_query over the segments: exact counts, every live document copied once', async (t) => {
  const re = await n.request('POST', '/_reindex?refresh=true', { size: 9, source: { index: 'src', size: 7, query: { range: { n: { gte: 0 } } } }, dest: { index: 'dst' } });
  t.is(re.status, 200, re.text);
  t.like(re.body, { total: 9, created: 9, updated: 0, batches: 2, version_conflicts: 0, noops: 0, failures: [] });
  const all = await n.request('POST', '/_reindex?refresh=true', { source: { index: 'src', size: 7 }, dest: { index: 'dst' } });
  t.like(all.body, { total: LIVE.length, created: LIVE.length - 9, updated: 9, batches: Math.ceil(LIVE.length / 7), failures: [] });
  const copied = await n.request('POST', '/dst/_search', { size: 100, sort: [{ n: 'asc' }], _source: ['n'] });
  t.deepEqual(copied.body.hits.hits.map((h: { _id: string; _routing?: string }) => [Number(h._id), h._routing]), LIVE.map((i) => [i, i % 7 === 0 ? `r${i}` : undefined]));
  const nested = await n.request('POST', '/dst/_search', { size: 0, query: { nested: { path: 'comments', query: { term: { 'comments.by': 'b' } } } } });
  t.is(nested.body.hits.total, LIVE.filter((i) => i % 5 === 0).length);
  const ubq = await n.request('POST', '/dst/_update_by_query?refresh=true&scroll_size=11', { query: { term: { tag: 'common' } }, script: { inline: 'ctx._source.n += 1000' } });
  const commons = LIVE.filter((i) => i % 10 !== 3).length;
  t.like(ubq.body, { total: commons, updated: commons, batches: Math.ceil(commons / 11), version_conflicts: 0, failures: [] });
  const dbq = await n.request('POST', '/dst/_delete_by_query?refresh=true&scroll_size=4', { query: { range: { n: { gte: 1000 } } } });
  t.like(dbq.body, { total: commons, deleted: commons, batches: Math.ceil(commons / 4), failures: [] });
  const left = await n.request('GET', '/dst/_count');
  t.is(left.body.count, LIVE.length - commons);
});
