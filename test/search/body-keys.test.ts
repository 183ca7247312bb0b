/**
 * Nothing silently ignored: every top-level key of an ES 5.6 `_search` body (and the inner-hits
 * options) is either applied — each check below observes its effect on the response — or
 * refused with `[<key>] is not supported by Strata yet`. The table `KEYS` must name every key
 * ES 5.6's `SearchSourceBuilder` parses, so a new key cannot slip in unchecked.
 */
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const mappings = {
    d: {
      properties: {
        g: { type: 'keyword' },
        n: { type: 'long' },
        t: { type: 'text' },
        nest: { type: 'nested', properties: { k: { type: 'keyword' } } },
      },
    },
  };
  const r = await node.request('PUT', '/keys', { settings: { number_of_shards: 1 }, mappings });
  if (r.status !== 200) throw new Error(r.text);
  const docs = [
    { g: 'a', n: 1, t: 'x y', nest: [{ k: 'v' }] },
    { g: 'a', n: 2, t: 'x' },
    { g: 'b', n: 3, t: 'y' },
  ];
  const lines: unknown[] = [];
  docs.forEach((d, i) => lines.push({ index: { _index: 'keys', _type: 'd', _id: String(i + 1) } }, d));
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (body: unknown, qs = '') => node.request('POST', `/keys/_search${qs}`, body);
const ids = (r: any): string[] => r.body.hits.hits.map((h: any) => h._id);
const byN = { sort: [{ n: 'asc' }] };

async function refused(t: ExecutionContext, body: unknown, feature: string, qs = ''): Promise<void> {
  const r = await search(body, qs);
  const reason = `[${feature}] is not supported by Strata yet`;
  t.is(r.status, 400, JSON.stringify(body));
  t.deepEqual(r.body, { error: { root_cause: [{ type: 'illegal_argument_exception', reason }], type: 'illegal_argument_exception', reason }, status: 400 });
}

/** One check per 5.6 search-body key: applied (effect observed) or refused. */
const KEYS: Record<string, (t: ExecutionContext) => Promise<unknown>> = {
  query: async (t) => t.deepEqual(ids(await search({ query: { term: { g: 'b' } } })), ['3']),
  from: async (t) => t.deepEqual(ids(await search({ ...byN, from: 1 })), ['2', '3']),
  size: async (t) => t.deepEqual(ids(await search({ ...byN, size: 1 })), ['1']),
  sort: async (t) => t.deepEqual(ids(await search({ sort: [{ n: 'desc' }] })), ['3', '2', '1']),
  _source: async (t) => t.deepEqual((await search({ ...byN, size: 1, _source: ['g'] })).body.hits.hits[0]._source, { g: 'a' }),
  stored_fields: async (t) => t.false('_source' in (await search({ ...byN, size: 1, stored_fields: [] })).body.hits.hits[0]),
  docvalue_fields: async (t) => t.deepEqual((await search({ ...byN, size: 1, docvalue_fields: ['n'] })).body.hits.hits[0].fields, { n: [1] }),
  fielddata_fields: async (t) => t.deepEqual((await search({ ...byN, size: 1, fielddata_fields: ['n'] })).body.hits.hits[0].fields, { n: [1] }),
  script_fields: async (t) => {
    const r = await search({ ...byN, size: 1, script_fields: { twice: { script: { lang: 'painless', inline: "doc['n'].value * 2" } } } });
    t.deepEqual(r.body.hits.hits[0].fields, { twice: [2] });
  },
  post_filter: async (t) => {
    const r = await search({ post_filter: { term: { g: 'b' } }, aggs: { gs: { terms: { field: 'g' } } } });
    t.deepEqual(ids(r), ['3']);
    t.is(r.body.aggregations.gs.buckets.length, 2);
  },
  aggs: async (t) => t.deepEqual((await search({ size: 0, aggs: { m: { max: { field: 'n' } } } })).body.aggregations, { m: { value: 3 } }),
  aggregations: async (t) => t.deepEqual((await search({ size: 0, aggregations: { m: { min: { field: 'n' } } } })).body.aggregations, { m: { value: 1 } }),
  explain: async (t) => t.truthy((await search({ query: { term: { g: 'b' } }, explain: true })).body.hits.hits[0]._explanation),
  version: async (t) => t.is((await search({ query: { term: { g: 'b' } }, version: true })).body.hits.hits[0]._version, 1),
  track_scores: async (t) => t.is(typeof (await search({ ...byN, track_scores: true })).body.hits.hits[0]._score, 'number'),
  min_score: async (t) => t.deepEqual(ids(await search({ query: { match: { t: 'x' } }, min_score: 100 })), []),
  timeout: async (t) => t.true((await search({ query: { match: { t: 'x' } }, timeout: '1nanos' })).body.timed_out),
  terminate_after: async (t) => t.true((await search({ terminate_after: 1 })).body.terminated_early),
  indices_boost: async (t) => {
    const plain = (await search({ query: { term: { g: 'b' } } })).body.hits.max_score;
    const boosted = (await search({ query: { term: { g: 'b' } }, indices_boost: [{ keys: 2 }] })).body.hits.max_score;
    t.is(boosted, plain * 2);
  },
  search_after: async (t) => t.deepEqual(ids(await search({ ...byN, search_after: [1] })), ['2', '3']),
  slice: async (t) => {
    const seen: string[] = [];
    for (const id of [0, 1]) {
      const r = await search({ slice: { id, max: 2 }, size: 10 }, '?scroll=1m');
      seen.push(...ids(r));
      t.true(ids(r).length < 3);
      await node.request('DELETE', '/_search/scroll', { scroll_id: [r.body._scroll_id] });
    }
    t.deepEqual(seen.sort(), ['1', '2', '3']);
  },
  collapse: async (t) => t.deepEqual(ids(await search({ ...byN, collapse: { field: 'g' } })), ['1', '3']),
  profile: async (t) => {
    t.is((await search({ profile: false })).status, 200);
    await refused(t, { profile: true }, 'profile');
  },
  stats: async (t) => {
    t.is((await search({ stats: [] })).status, 200);
    // each search phase is counted in the request's groups (shown with `groups` in the index stats)
    const groupsOf = async (): Promise<any> => (await node.request('GET', '/keys/_stats/search?groups=g*')).body.indices.keys.total.search.groups;
    t.is(await groupsOf(), undefined);
    t.is((await search({ stats: ['g1'] })).status, 200);
    t.is((await search({ stats: ['other'] }, '?stats=g1,g2')).status, 200);
    const groups = await groupsOf();
    t.deepEqual(Object.keys(groups).sort(), ['g1', 'g2']);
    t.like(groups.g1, { query_total: 2, fetch_total: 2, scroll_total: 0, query_current: 0, suggest_total: 0 });
    t.like(groups.g2, { query_total: 1, fetch_total: 1 });
    const all = (await node.request('GET', '/keys/_stats/search?groups=other')).body._all.total.search.groups;
    t.is(all, undefined, "the URI groups replaced the body's");
  },
  ext: async (t) => {
    t.is((await search({ ext: {} })).status, 200);
    await refused(t, { ext: { some_plugin: { a: 1 } } }, 'ext');
  },
  highlight: async (t) => {
    const r = await search({ query: { match: { t: 'x' } }, highlight: { fields: { t: {} } } });
    t.true(r.body.hits.hits.every((h: any) => h.highlight.t[0].includes('<em>x</em>')), r.text);
  },
  suggest: async (t) => {
    const r = await search({ size: 0, suggest: { s: { text: 'yy', term: { field: 't', min_word_length: 2, accuracy: 0 } } } });
    // one edit over the shorter length (1): similarity 0, kept only because accuracy is 0
    t.deepEqual(r.body.suggest, { s: [{ text: 'yy', offset: 0, length: 2, options: [{ text: 'y', score: 0, freq: 2 }] }] }, r.text);
    const uri = await search(undefined, '?size=0&suggest_field=t&suggest_text=xx&suggest_mode=always');
    t.deepEqual(uri.body.suggest, { t: [{ text: 'xx', offset: 0, length: 2, options: [] }] }, uri.text);
    // a stored collate template is looked up (http-suggest.test.ts runs one): a missing one is not found
    const stored = await search({ suggest: { s: { text: 'x', phrase: { field: 't', collate: { query: { id: 'stored' } } } } } });
    t.is(stored.status, 404, stored.text);
    t.is(stored.body.error.type, 'resource_not_found_exception');
  },
  rescore: async (t) => {
    // "x y" (doc 1) gains the rescore query's score and moves ahead of "x" (doc 2)
    const r = await search({ query: { match: { t: 'x' } }, rescore: { window_size: 5, query: { rescore_query: { match: { t: 'y' } }, rescore_query_weight: 10 } } });
    t.deepEqual(ids(r), ['1', '2']);
    // ES's own checks still answer first.
    const tooBig = await search({ rescore: { window_size: 20000, query: { rescore_query: { match_all: {} } } } });
    t.is(tooBig.status, 500);
    t.regex(JSON.stringify(tooBig.body), /Rescore window \[20000\] is too large/);
  },
  inner_hits: async (t) => {
    const nested = await search({ query: { nested: { path: 'nest', query: { match_all: {} }, inner_hits: {} } } });
    t.deepEqual(nested.body.hits.hits[0].inner_hits.nest.hits.hits[0]._nested, { field: 'nest', offset: 0 });
    await refused(t, { query: { nested: { path: 'nest', query: { match_all: {} }, inner_hits: { highlight: { fields: { t: {} } } } } } }, 'inner_hits.highlight');
    const applied = await search({ ...byN, collapse: { field: 'g', inner_hits: { name: 'top', size: 1, sort: [{ n: 'desc' }] } } });
    t.deepEqual(applied.body.hits.hits[0].inner_hits.top.hits.hits.map((h: any) => h._id), ['2']);
    await refused(t, { collapse: { field: 'g', inner_hits: { name: 'h', highlight: { fields: { t: {} } } } } }, 'inner_hits.highlight');
    const unknown = await search({ collapse: { field: 'g', inner_hits: { nope: 1 } } });
    t.is(unknown.status, 400);
    t.is(unknown.body.error.reason, '[inner_hits] unknown field [nope], parser not found');
  },
};

/** Keys ES 5.6 `SearchSourceBuilder.parseXContent` accepts (plus the inner-hits options). */
const ES_56_KEYS = [
  'query', 'from', 'size', 'sort', '_source', 'stored_fields', 'docvalue_fields', 'fielddata_fields', 'script_fields',
  'post_filter', 'aggs', 'aggregations', 'highlight', 'suggest', 'rescore', 'explain', 'version', 'track_scores', 'min_score',
  'timeout', 'terminate_after', 'indices_boost', 'search_after', 'slice', 'collapse', 'profile', 'stats', 'ext', 'inner_hits',
];

test('the walk covers every ES 5.6 search-body key', (t) => {
  t.deepEqual(Object.keys(KEYS).sort(), [...ES_56_KEYS].sort());
});

for (const [key, check] of Object.entries(KEYS)) {
  test.serial(`search body key [${key}] is applied or refused`, async (t) => {
    await check(t);
  });
}
