/**
 * The write, get and search messages on the protobuf wire (lib/messages/schema-*.ts,
 * proto-codec.ts): representative messages of every method come back from encode → decode as
 * they went in; the generic Value tree keeps what JSON cannot (NaN, infinities, -0, bigints,
 * bytes, a `__proto__` key, key order); anything the schema does not define is refused with the
 * path to it, never dropped; and the bytes of a few messages are pinned.
 */
import test, { type ExecutionContext } from 'ava';
import { wireType, WireCodecError, type WireType } from '../../lib/messages/wire.js';
import { SEARCH_METHOD_WIRES, SHARD_METHOD_WIRES } from '../../lib/messages/wire-methods.js';
import type { ShardBulkRequest, ShardBulkResponse } from '../../lib/messages/shard-write.js';
import type { OpenContextRequest, QueryPhaseResult, ValidateRequest } from '../../lib/messages/shard-search.js';
import type { AggMessage } from '../../lib/aggs/agg-messages.js';

function same<T>(t: ExecutionContext, wire: WireType<T>, value: T): T {
  const back = wire.decode(wire.encode(value));
  t.deepEqual(back, value, wire.name);
  return back;
}

const validate = SEARCH_METHOD_WIRES.validateQuery.req;
const asQuery = (query: unknown): ValidateRequest => ({ index: 'i', shard: 0, types: [], query: query as never, rewrite: false, nowMs: 0 });

test('a Value tree keeps numbers JSON cannot write, bigints, bytes, odd keys and key order', (t) => {
  const tree = JSON.parse('{"z": 1, "__proto__": {"polluted": true}, "a": [], "m": {}}') as Record<string, unknown>;
  Object.assign(tree, { nums: [NaN, Infinity, -Infinity, -0, 2 ** 53 + 2, 1e308, 5e-324], big: [2n ** 62n + 1n, -(2n ** 63n), 2n ** 63n - 1n], raw: Buffer.from([0, 255]), n: null, b: false, s: '' });
  const back = validate.decode(validate.encode(asQuery(tree))).query as unknown as Record<string, unknown>;
  t.deepEqual(Object.keys(back), Object.keys(tree));
  t.true(Object.hasOwn(back, '__proto__'));
  t.is(({} as Record<string, unknown>)['polluted'], undefined);
  t.deepEqual(back['__proto__'], { polluted: true });
  const nums = back['nums'] as number[];
  for (let i = 0; i < nums.length; i++) t.true(Object.is(nums[i], (tree['nums'] as number[])[i]), `number ${i}`);
  t.deepEqual(back['big'], tree['big']);
  t.is(typeof (back['big'] as unknown[])[0], 'bigint');
  t.true(Buffer.from(back['raw'] as Uint8Array).equals(Buffer.from([0, 255])));
  t.deepEqual([back['n'], back['b'], back['s'], back['a'], back['m']], [null, false, '', [], {}]);
  // an undefined member is left out, as JSON leaves it out
  t.deepEqual(validate.decode(validate.encode(asQuery({ a: 1, u: undefined }))).query, { a: 1 } as never);
});

test('anything the schema does not define is refused with its path, never dropped', (t) => {
  const refused = (wire: WireType<never>, v: unknown, message: RegExp): void => {
    t.throws(() => wire.encode(v as never), { instanceOf: WireCodecError, message });
  };
  const w = <T>(x: WireType<T>): WireType<never> => x as unknown as WireType<never>;
  refused(w(validate), { ...asQuery({}), highlight: {} }, /at \$\.highlight: ValidateRequest has no field \[highlight\]/);
  const open = SEARCH_METHOD_WIRES.openContext.req;
  refused(w(open), { ...openRequest(), source: { ...openRequest().source, profile: true } }, /at \$\.source\.profile: ShardSearchSource has no field \[profile\]/);
  const result = SEARCH_METHOD_WIRES.queryPhase.res;
  const agg = (a: unknown): unknown => ({ ok: { ...queryResult(), aggs: [a] } });
  refused(w(result), agg({ name: 'p', kind: 'median_absolute_deviation', values: [] }), /at \$\.ok\.aggs\[0\]\.kind: AggMessage has no kind \[median_absolute_deviation\]/);
  refused(w(result), agg({ name: 'c', kind: 'cardinality', hll: null, sketch: 'hll' }), /at \$\.ok\.aggs\[0\]\.sketch: CardinalityAgg has no field \[sketch\]/);
  refused(w(result), agg({ name: 'c', kind: 'single', subs: [] }), /\$\.ok\.aggs\[0\]\.docCount: required field of SingleBucketAgg missing/);
  refused(w(result), { ok: { ...queryResult(), totalHits: '3' } }, /\$\.ok\.totalHits: expected double, got a string/);
  refused(w(validate), asQuery({ when: new Date(0) }), /\$\.query\.when: an instance of Date/);
  refused(w(validate), asQuery({ f: () => 1 }), /\$\.query\.f: a function/);
  refused(w(validate), asQuery([1, undefined]), /\$\.query\[1\]: an undefined element/);
  refused(w(validate), asQuery(2n ** 63n), /beyond int64/);
  refused(w(validate), { ...asQuery({}), shard: 1.5 }, /\$\.shard: expected int32/);
  refused(w(SHARD_METHOD_WIRES.get.res), { ok: { doc: null }, error: undefined, extra: 1 }, /\$\.extra: GetReply has no field/);
  refused(w(SEARCH_METHOD_WIRES.dfsPhase.req), { contextId: 'x', only: null }, /\$\.only: null/);
  refused(w(SHARD_METHOD_WIRES.bulk.req), { index: 'i', shard: 0, items: [{ op: 'upsert', type: 't', id: '1' }] }, /items\[0\]\.op: ShardWriteItem has no op \[upsert\]/);
});

test('write and get messages of every kind come back as they went in', (t) => {
  const bulk: ShardBulkRequest = {
    index: 'i',
    shard: 3,
    items: [
      { op: 'index', type: 't', id: '1', source: Buffer.from('{"a":"é"}'), routing: 'r', version: 2, versionType: 'external_gte' },
      { op: 'create', type: 't', id: '', source: Buffer.alloc(0) },
      { op: 'delete', type: 't', id: '2', version: 0, versionType: 'internal' },
      {
        op: 'update',
        type: 't',
        id: '3',
        parent: 'p',
        update: { doc: { n: 1 }, docAsUpsert: false, detectNoop: true, scriptedUpsert: false, script: { type: 'inline', idOrCode: 'ctx._source.n++', lang: 'painless', params: {} }, retryOnConflict: 0, fields: [], sourceFilter: false },
      },
    ],
  };
  same(t, SHARD_METHOD_WIRES.bulk.req, bulk);
  const reply: { ok: ShardBulkResponse } = {
    ok: {
      items: [
        { ok: { result: 'created', version: 1, seqNo: 0, primaryTerm: 1 } },
        { ok: { result: 'noop', version: 4, seqNo: -2, primaryTerm: 1, get: { _source: { n: 1 }, found: true } } },
        { error: { type: 'mapper_parsing_exception', status: 400, reason: 'failed to parse', causedBy: { type: 'json_parse_exception', status: 400, reason: 'x', nullReason: true } }, parseFailure: true },
      ],
    },
  };
  same(t, SHARD_METHOD_WIRES.bulk.res, reply);
  same(t, SHARD_METHOD_WIRES.bulk.res, { error: { type: 'index_not_found_exception', status: 404, reason: 'no such index', metadata: { index: 'i' } } });
  same(t, SHARD_METHOD_WIRES.get.req, { index: 'i', shard: 0, id: '1', realtime: true, refresh: false });
  same(t, SHARD_METHOD_WIRES.get.res, { ok: { doc: null } });
  const got = same(t, SHARD_METHOD_WIRES.get.res, { ok: { doc: { type: 't', id: '1', version: 2 ** 53, source: Buffer.from('{}'), stored: { s: ['one', 1] } } } });
  t.true('ok' in got && got.ok.doc !== null && !('routing' in got.ok.doc));
  same(t, SHARD_METHOD_WIRES.multiGet.req, { index: 'i', shard: 2, realtime: false, refresh: true, items: [{ type: 't', id: '1' }, { id: '2' }] });
  same(t, SHARD_METHOD_WIRES.multiGet.res, { ok: { items: [{ ok: { doc: null } }, { error: { type: 'exception', status: 500, reason: 'r' } }] } });
  same(t, SHARD_METHOD_WIRES.refresh.res, { ok: {} });
  same(t, SHARD_METHOD_WIRES.forceMerge.req, { index: 'i', shard: 0, maxNumSegments: 1 });
  same(t, SHARD_METHOD_WIRES.clearCaches.req, { index: 'i', shard: 0, query: false, all: true });
  same(t, SHARD_METHOD_WIRES.clearCaches.req, { index: 'i', shard: 0, query: false, all: false, request: true });
  same(t, SHARD_METHOD_WIRES.fieldStats.req, { index: 'i', shard: 0, fields: [] });
});

function openRequest(): OpenContextRequest {
  return {
    index: 'i',
    shard: 1,
    shardIndex: 4,
    requestShards: 5,
    nowMs: 1732579200000,
    indexBoost: 1.5,
    aliasFilters: [{ term: { a: 1 } }],
    source: {
      types: ['t'],
      query: { kind: 'bool', must: [{ kind: 'term', field: 'n', value: 2 ** 60 }] } as never,
      from: 0,
      size: 10,
      sort: [{ field: 'n', order: 'desc', missing: '_last' }] as never,
      trackScores: false,
      storedFields: '_none_',
      version: true,
      explain: false,
      scriptFields: { x: { script: { lang: 'painless' } } } as never,
      searchType: 'dfs_query_then_fetch',
      searchAfter: [5, 'a', null],
      slice: { id: 0, max: 2, field: '_uid' },
      aggs: [{ name: 'a', type: 'terms', subs: [] }] as never,
      docvalueFields: [],
      scroll: false,
      keepAllHits: false,
      requestCache: true,
    },
    keepAliveMs: 60_000,
  };
}

function queryResult(): QueryPhaseResult {
  return { top: [{ seg: 0, doc: 1, globalDoc: 9, score: 'NaN', sortValues: [{ n: '-Infinity' }, null, 'x'] }], totalHits: 1, maxScore: 1.5, timedOut: false, terminatedEarly: false };
}

test('search messages and aggregation partials of every kind come back as they went in', (t) => {
  same(t, SEARCH_METHOD_WIRES.openContext.req, openRequest());
  same(t, SEARCH_METHOD_WIRES.openContext.res, { failure: { type: 'search_context_missing_exception', status: 404, reason: 'No search context found for id [3]' } });
  same(t, SEARCH_METHOD_WIRES.dfsPhase.req, { contextId: 'c', only: { fields: ['f'], terms: [{ field: 'f', term: '' }] } });
  same(t, SEARCH_METHOD_WIRES.dfsPhase.res, { ok: { fields: [{ field: 'f', maxDoc: 1, docCount: 1, sumTotalTermFreq: -1, sumDocFreq: 1 }], terms: [] } });
  same(t, SEARCH_METHOD_WIRES.queryPhase.req, { contextId: 'c', dfs: { fields: [], terms: [] }, deadlineEpochMs: 1 });
  const task = { parent: 'n:1', action: 'indices:data/read/search[phase/query]', description: 'shardId[[i][0]]' };
  same(t, SEARCH_METHOD_WIRES.queryPhase.req, { contextId: 'c', task });
  same(t, SEARCH_METHOD_WIRES.dfsPhase.req, { contextId: 'c', task: { ...task, description: '' } });
  const bucket = { key: 'k', docCount: 3, subs: [] };
  const aggs: AggMessage[] = [
    { name: 't', kind: 'terms', valueType: 'long', format: { kind: 'raw' }, buckets: [{ ...bucket, key: 2 ** 53 + 2, docCountError: 0 }], docCountError: 0, otherDocCount: 0, shardSize: 10 },
    { name: 'n', kind: 'numeric', format: { kind: 'decimal', pattern: '#.0' }, count: 0, sum: 0, min: 'Infinity', max: '-Infinity', sumOfSquares: '-0' },
    { name: 'c', kind: 'cardinality', hll: { p: 14, hashes: [1, -2, 2 ** 31] } },
    { name: 'c2', kind: 'cardinality', hll: { p: 4, registers: 'AAECAwQFBgcICQoLDA0ODw==' } },
    { name: 'c3', kind: 'cardinality', hll: null },
    { name: 'p', kind: 'percentiles', format: { kind: 'raw' }, sketch: { tdigest: { compression: 100, means: [1, 2.5], counts: [1, 2] } } },
    { name: 's', kind: 'single', docCount: 0, subs: [{ name: 'b', kind: 'filters', buckets: [bucket] }] },
    { name: 'r', kind: 'range', format: { kind: 'ip' }, buckets: [{ ...bucket, from: '-Infinity', to: 4, fromKey: '', toKey: '4' }] },
    { name: 'h', kind: 'histogram', format: { kind: 'date', pattern: 'yyyy', timeZone: '+01:00' }, buckets: [], bounds: { min: 1 } },
    { name: 'h2', kind: 'histogram', format: { kind: 'boolean' }, buckets: [] },
    { name: 'th', kind: 'top_hits', total: 1, maxScore: 'NaN', hits: [{ doc: { shard: 0, seg: 0, doc: 0, globalDoc: 0, score: 1 }, rendered: { _id: '1', $raw: { $raw: '{}' } } }], order: [{ reverse: true, missingFirst: false }], scores: false },
  ];
  const back = same(t, SEARCH_METHOD_WIRES.queryPhase.res, { ok: { ...queryResult(), groups: [], sortOrder: [], aggs } });
  t.deepEqual(Object.keys((back as { ok: { aggs: object[] } }).ok.aggs[0]!).slice(0, 2), ['name', 'kind']);
  same(t, SEARCH_METHOD_WIRES.queryPhase.res, { ok: queryResult() });
  same(t, SEARCH_METHOD_WIRES.fetchPhase.req, { contextId: 'c', hits: queryResult().top, scores: true });
  same(t, SEARCH_METHOD_WIRES.fetchPhase.req, { contextId: 'c', hits: [], scores: false, task });
  same(t, SEARCH_METHOD_WIRES.fetchPhase.res, { ok: { hits: [{ _index: 'i', _score: { $float: 1 }, _source: { $raw: '{"a":1.0}' } }] } });
  same(t, SEARCH_METHOD_WIRES.explain.req, { index: 'i', shard: 0, type: 't', id: '1', query: { kind: 'match_all' } as never, storedFields: ['a'], nowMs: 0 });
  same(t, SEARCH_METHOD_WIRES.explain.res, { ok: { found: true, matched: false, explanation: { value: 0, details: [] } } });
  same(t, SEARCH_METHOD_WIRES.validateQuery.res, { ok: { description: '+*:*' } });
});

test('the wire bytes of a Value tree, a write item and an aggregation partial are pinned', (t) => {
  const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
  const value = wireType<unknown>('Value');
  // 8 (map) { 1 (entry) { 1: "a", 2 (value) { 7 (list) { 1 (items): {1: null}, {2: true}, {4: -1.5}, {5: "x"}, {3: 7 zigzag = 14} } } } }
  t.is(hex(value.encode({ a: [null, true, -1.5, 'x', 7n] })), '42250a230a0161121e3a1c0a0208010a0210010a0921000000000000f8bf0a032a01780a02180e');
  // op `delete` is member 3: { 1: "t", 2: "1", 4: 3.0 }
  t.is(hex(wireType<unknown>('ShardWriteItem').encode({ op: 'delete', type: 't', id: '1', version: 3 })), '1a0f0a0174120131210000000000000840');
  // 1: "n", 3 (numeric) { 1 (format) { 1 (raw) {} }, 2: 2.0, 3..6: Values }
  t.is(
    hex(wireType<unknown>('AggMessage').encode({ name: 'n', kind: 'numeric', format: { kind: 'raw' }, count: 2, sum: 3, min: 1, max: 2, sumOfSquares: 'NaN' })),
    '0a016e1a350a020a0011000000000000004 01a09210000000000000840220921000000000000f03f2a092100000000000000403205 2a034e614e'.replace(/ /g, ''),
  );
});
