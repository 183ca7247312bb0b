/**
 * The search side of the shard boundary carries plain data only. Three nodes hold the same
 * documents; one talks to its shards directly, one forces every shard message and answer through
 * JSON text, refusing anything JSON would lose (class instances, Maps, functions, NaN), and one
 * through the protobuf schema, refusing any field the schema does not define
 * (lib/messages/client-modes.ts). Representative searches must answer the same on all three,
 * byte for byte apart from `took` and scroll ids.
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNode, type RunningNode } from '../../lib/node.js';
import { request, ndjson, type HttpResult } from '../helpers/node.js';
import { searchClientThrough } from '../../lib/messages/client-modes.js';
import { NotPlainError } from '../../lib/messages/plain-json.js';
import { WireCodecError } from '../../lib/messages/wire.js';
import { decodeRendered, encodeRendered, fromWireSortValue, toWireSortValue } from '../../lib/messages/wire-json.js';
import { JsonDouble, JsonFloat, RawJson } from '../../lib/units/java-number.js';
import type { ShardSearchClient } from '../../lib/messages/shard-search.js';

interface Node {
  node: RunningNode;
  dataPath: string;
  req(method: string, path: string, body?: unknown): Promise<HttpResult>;
}

const nodes: Node[] = [];

async function start(shardClientMode: 'direct' | 'json' | 'protobuf'): Promise<Node> {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-msg-'));
  const node = await startNode({ dataPath, port: 0, host: '127.0.0.1', logLevel: 'fatal', shardClientMode });
  const n = { node, dataPath, req: (m: string, p: string, b?: unknown) => request(node.url, m, p, b) };
  nodes.push(n);
  return n;
}

async function load(n: Node): Promise<void> {
  const mk = async (name: string, body: unknown): Promise<void> => {
    const r = await n.req('PUT', `/${name}`, body);
    if (r.status !== 200) throw new Error(r.text);
  };
  await mk('msgs', {
    settings: { number_of_shards: 3, number_of_replicas: 0 },
    mappings: { doc: { properties: { body: { type: 'text' }, tag: { type: 'keyword' }, n: { type: 'long' }, d: { type: 'double' }, day: { type: 'date' }, sug: { type: 'completion' } } } },
  });
  await mk('other', { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { doc: { properties: { body: { type: 'text' } } } } });
  const lines: unknown[] = [];
  for (let i = 0; i < 40; i++) {
    lines.push({ index: { _index: 'msgs', _type: 'doc', _id: String(i) } });
    lines.push({
      body: i % 3 === 0 ? 'alpha beta' : i % 3 === 1 ? 'alpha gamma delta' : 'gamma',
      tag: ['red', 'green', 'blue', '$raw', '__proto__'][i % 5],
      n: i,
      ...(i % 4 === 0 ? {} : { d: i / 7 }),
      day: `2017-0${1 + (i % 6)}-1${i % 10}`,
      nested: { $float: i, weird: i % 2 === 0 ? null : ['x', String(i)] },
      ...(i % 5 === 0 ? { sug: { input: `Alpha ${i}`, weight: i } } : {}),
    });
  }
  lines.push({ index: { _index: 'other', _type: 'doc', _id: 'o1' } }, { body: 'alpha' });
  const bulk = await n.req('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text.slice(0, 500));
}

let direct: Node;
let json: Node;
let proto: Node;

test.before(async () => {
  direct = await start('direct');
  json = await start('json');
  proto = await start('protobuf');
  await load(direct);
  await load(json);
  await load(proto);
});

test.after.always(async () => {
  for (const n of nodes) {
    await n.node.close();
    await rm(n.dataPath, { recursive: true, force: true });
  }
});

/** The answer without what differs between two nodes (`took`, scroll ids, node id, index uuids). */
function comparable(n: Node, r: HttpResult, ids: string[] = []): unknown {
  let text = r.text;
  const ctx = n.node.context;
  for (const id of [...ids, ctx.nodeId, ...Object.values(ctx.cluster.state().indices).map((m) => m.uuid)]) text = text.split(id).join('<id>');
  const b = (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown>;
  if (b && typeof b === 'object') {
    delete b['took'];
    delete b['_scroll_id'];
    for (const x of Object.values(b)) if (x && typeof x === 'object' && !Array.isArray(x)) delete (x as Record<string, unknown>)['took'];
  }
  return { status: r.status, body: b };
}

async function same(t: import('ava').ExecutionContext, method: string, path: string, body?: unknown): Promise<HttpResult> {
  const a = await direct.req(method, path, body);
  for (const n of [json, proto]) {
    const b = await n.req(method, path, body);
    t.deepEqual(comparable(n, b), comparable(direct, a), `${method} ${path} (${n === json ? 'json' : 'protobuf'})`);
  }
  return a;
}

const SEARCHES: Array<[string, unknown]> = [
  ['query, field sort with missing values, aggregations', {
    query: { match: { body: 'alpha gamma' } },
    sort: [{ d: { order: 'desc', missing: '_last' } }, { n: 'asc' }],
    size: 7,
    from: 2,
    aggs: {
      tags: { terms: { field: 'tag', include: '[a-z_$]+', size: 3 }, aggs: { top: { top_hits: { size: 2, sort: [{ n: 'desc' }], _source: ['n', 'nested'] } }, avg_n: { avg: { field: 'n' } } } },
      none: { min: { field: 'd', missing: 1 }, meta: { why: 'x' } },
      empty: { filter: { term: { tag: 'absent' } }, aggs: { lo: { min: { field: 'd' } }, hi: { max: { field: 'd' } } } },
      months: { date_histogram: { field: 'day', interval: 'month', min_doc_count: 0 }, aggs: { c: { cardinality: { field: 'tag' } } } },
      ranges: { range: { field: 'd', ranges: [{ to: 2 }, { from: 2, to: 4 }, { from: 4 }] } },
      excluded: { terms: { field: 'tag', exclude: ['red', 'green'] } },
      best: { max_bucket: { buckets_path: 'tags>_count' } },
    },
  }],
  ['score order with explain, version, stored and docvalue fields', { query: { match: { body: 'gamma' } }, explain: true, version: true, docvalue_fields: ['n', 'tag'], size: 3 }],
  ['script fields (doubles keep their `.0`)', { query: { term: { tag: 'blue' } }, script_fields: { twice: { script: { source: 'doc["n"].value * 2.0', lang: 'painless' } }, src: { script: { source: 'params._source.nested', lang: 'painless' } } }, sort: ['n'] }],
  ['dfs_query_then_fetch', { query: { match: { body: 'beta delta' } }, size: 20 }],
  ['search_after, post_filter, min_score, terminate_after', { query: { match: { body: 'alpha' } }, sort: [{ n: 'asc' }], search_after: [5], post_filter: { term: { tag: 'red' } }, terminate_after: 100, track_scores: true }],
  ['collapse with inner hits', { query: { match_all: {} }, collapse: { field: 'tag', inner_hits: { name: 'by_n', size: 2, sort: [{ n: 'asc' }] } }, sort: [{ n: 'desc' }] }],
  ['a shard failure beside successes', { query: { match_all: {} }, sort: [{ n: 'asc' }] }],
  ['a failure of every shard', { query: { match_all: {} }, from: 9999, size: 10 }],
  ['_source filtering and stored_fields none', { stored_fields: '_none_', query: { ids: { values: ['1', '2'] } } }],
  ['timeout', { query: { match_all: {} }, timeout: '1nanos', size: 1 }],
  ['rescore with explain', { query: { match: { body: 'alpha' } }, explain: true, size: 4, rescore: [{ window_size: 6, query: { rescore_query: { match: { body: 'delta' } }, score_mode: 'multiply', rescore_query_weight: 2 } }, { query: { rescore_query: { term: { tag: 'red' } } } }] }],
  ['term and completion suggestions', { size: 0, suggest: { t: { text: 'alpah gama', term: { field: 'body' } }, c: { prefix: 'alp', completion: { field: 'sug', size: 3 } }, p: { text: 'alpah gama', phrase: { field: 'body', max_errors: 2, highlight: { pre_tag: '<b>', post_tag: '</b>' } } } } }],
];

for (const [name, body] of SEARCHES) {
  test(`search: ${name}`, async (t) => {
    const path = name === 'dfs_query_then_fetch' ? '/msgs/_search?search_type=dfs_query_then_fetch' : name === 'a shard failure beside successes' ? '/msgs,other/_search' : '/msgs/_search';
    const r = await same(t, 'POST', path, body);
    if (name.startsWith('a failure')) t.is(r.status, 500);
    else if (name === 'a shard failure beside successes') t.is(r.body._shards.failed, 1);
    else t.is(r.status, 200, r.text);
  });
}

test('count, explain and validate answer the same', async (t) => {
  t.is((await same(t, 'POST', '/msgs/_count', { query: { term: { tag: 'red' } } })).body.count, 8);
  t.true((await same(t, 'POST', '/msgs/doc/3/_explain', { query: { match: { body: 'alpha' } } })).body.matched);
  await same(t, 'POST', '/msgs/doc/3/_explain?_source=true&stored_fields=n', { query: { match: { body: 'beta' } } });
  t.is((await same(t, 'POST', '/msgs/doc/nope/_explain', { query: { match_all: {} } })).status, 404);
  t.true((await same(t, 'POST', '/msgs/_validate/query?explain=true', { query: { match: { body: 'alpha' } } })).body.valid);
  t.false((await same(t, 'POST', '/msgs/_validate/query?explain=true', { query: { range: { day: { gte: 'not a date' } } } })).body.valid);
});

test.serial('a scroll pages the same and frees its contexts', async (t) => {
  const pages = async (n: Node): Promise<unknown[]> => {
    const first = await n.req('POST', '/msgs/_search?scroll=1m', { size: 15, sort: ['_doc'], aggs: { t: { terms: { field: 'tag' } } } });
    const open = async (): Promise<number> => (await n.req('GET', '/msgs/_stats/search')).body._all.total.search.open_contexts as number;
    const out: unknown[] = [comparable(n, first), await open()];
    let id = first.body._scroll_id as string;
    for (;;) {
      const next = await n.req('POST', '/_search/scroll', { scroll: '1m', scroll_id: id });
      out.push(comparable(n, next));
      id = next.body._scroll_id ?? id;
      if (next.body.hits.hits.length === 0) break;
    }
    const cleared = await n.req('DELETE', '/_search/scroll', { scroll_id: [id] });
    out.push(comparable(n, cleared), await open());
    out.push(comparable(n, await n.req('POST', '/_search/scroll', { scroll: '1m', scroll_id: id }), [id]));
    return out;
  };
  const a = await pages(direct);
  t.deepEqual(await pages(json), a);
  t.deepEqual(await pages(proto), a);
  t.is(a.length, 8, 'first page, two more, an empty one, the clear and the missing context');
  t.is(a[1], 3, 'a context per shard while the scroll lives');
  t.is(a[6], 0, 'none once cleared');
  t.like(a[5] as object, { body: { num_freed: 3 } });
});

test('the JSON and protobuf clients refuse what their encoding would lose', async (t) => {
  const calls: unknown[] = [];
  const inner = new Proxy({}, { get: () => async (...args: unknown[]) => (calls.push(args[0]), { ok: { hits: [] } }) }) as ShardSearchClient;
  const c = searchClientThrough('json', inner);
  await t.throwsAsync(c.queryPhase({ contextId: 'x', dfs: new Map() as never }), { instanceOf: NotPlainError, message: /at \$\.dfs: an instance of Map/ });
  await t.throwsAsync(c.fetchPhase({ contextId: 'x', hits: [{ seg: 0, doc: 1, globalDoc: 1, score: NaN }], scores: true }), { message: /score: non-finite number NaN/ });
  t.deepEqual(await c.fetchPhase({ contextId: 'x', hits: [], scores: true }), { ok: { hits: [] } });
  const p = searchClientThrough('protobuf', inner);
  await t.throwsAsync(p.queryPhase({ contextId: 'x', dfs: new Map() as never }), { instanceOf: WireCodecError, message: /at \$\.dfs: expected a DfsStats message, got an instance of Map/ });
  await t.throwsAsync(p.fetchPhase({ contextId: 'x', hits: [], scores: undefined as never }), { message: /\$\.scores: required field of FetchPhaseRequest missing/ });
  await t.throwsAsync(p.fetchPhase({ contextId: 'x', hits: [], scores: true, highlight: {} } as never), { message: /\$\.highlight: FetchPhaseRequest has no field \[highlight\]/ });
  // NaN is a number protobuf carries (a double)
  t.deepEqual(await p.fetchPhase({ contextId: 'x', hits: [{ seg: 0, doc: 1, globalDoc: 1, score: NaN as never }], scores: true }), { ok: { hits: [] } });
  t.true(Object.is((calls.at(-1) as { hits: Array<{ score: number }> }).hits[0]!.score, NaN));
  t.is(calls.length, 2);
});

test('rendered values and sort values have one JSON form each', (t) => {
  const proto = JSON.parse('{"__proto__": 1, "$raw": "not a tag", "$$x": 2}') as Record<string, unknown>;
  const v = { _score: new JsonFloat(1.5), d: new JsonDouble(42), _source: new RawJson('{"a":1.0}'), nums: [NaN, -Infinity, -0, 3], proto };
  const back = decodeRendered(JSON.parse(JSON.stringify(encodeRendered(v)))) as Record<string, unknown>;
  t.true(back['_score'] instanceof JsonFloat && (back['_score'] as JsonFloat).value === 1.5);
  t.true(back['d'] instanceof JsonDouble && (back['d'] as JsonDouble).value === 42);
  t.is((back['_source'] as RawJson).text, '{"a":1.0}');
  t.true(Object.is((back['nums'] as number[])[0], NaN) && Object.is((back['nums'] as number[])[2], -0));
  t.deepEqual(Object.entries(back['proto'] as object), [['__proto__', 1], ['$raw', 'not a tag'], ['$$x', 2]]);
  t.throws(() => encodeRendered({ m: new Map() }), { instanceOf: TypeError });
  for (const s of [1.5, 'Infinity', null, Infinity, -Infinity, NaN, -0, '']) t.true(Object.is(fromWireSortValue(JSON.parse(JSON.stringify(toWireSortValue(s)))), s));
});

test('a reader context nobody frees is reaped when its keep-alive runs out', async (t) => {
  const client = direct.node.context.searchShards;
  const opened = await client.openContext({
    index: 'msgs',
    shard: 0,
    shardIndex: 0,
    requestShards: 1,
    nowMs: Date.now(),
    indexBoost: 1,
    source: { types: [], from: 0, size: 10, trackScores: false, version: false, explain: false, docvalueFields: [], searchType: 'query_then_fetch', scroll: false, keepAllHits: false },
    keepAliveMs: 100,
  });
  if (!('ok' in opened)) return t.fail(JSON.stringify(opened));
  const id = opened.ok.contextId;
  t.true('ok' in (await client.queryPhase({ contextId: id })));
  t.true(await client.renewContext(id, 150));
  await new Promise((r) => setTimeout(r, 400));
  t.deepEqual(await client.fetchPhase({ contextId: id, hits: [], scores: true }), {
    failure: { type: 'search_context_missing_exception', status: 404, reason: `No search context found for id [${id}]` },
  });
  t.false(await client.freeContext(id));
});

test.serial('a scroll past its keep-alive is gone on the shards too', async (t) => {
  const first = await json.req('POST', '/msgs/_search?scroll=200ms', { size: 5 });
  t.is(first.status, 200);
  const open = async (): Promise<number> => (await json.req('GET', '/msgs/_stats/search')).body._all.total.search.open_contexts as number;
  t.is(await open(), 3);
  await new Promise((r) => setTimeout(r, 600));
  t.is(await open(), 0);
  const next = await json.req('POST', '/_search/scroll', { scroll: '1m', scroll_id: first.body._scroll_id });
  t.is(next.status, 404);
  t.is(next.body.error.caused_by.type, 'search_context_missing_exception');
});
