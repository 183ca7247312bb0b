/**
 * `_field_caps` and `_field_stats` over HTTP, with ES 5.6's exact fields: capabilities merged per
 * type across indices, statistics from the segments' term dictionaries, `index_constraints`.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

const DEPRECATION = '[_field_stats] endpoint is deprecated! Use [_field_caps] instead or run a min/max aggregations on the desired fields.';

test.before(async () => {
  node = await startTestNode({ settings: { 'node.name': 'f1' } });
  const props = (number: string, geo: string, nested1: Record<string, unknown>, nested2: Record<string, unknown>): unknown => ({
    t: {
      properties: {
        text: { type: 'text' },
        keyword: { type: 'keyword' },
        number: { type: number },
        geo: { type: geo },
        object: { type: 'object', properties: { nested1, nested2 } },
      },
    },
  });
  const settings = { number_of_shards: 1, number_of_replicas: 0 };
  for (const [name, mappings] of [
    ['test1', props('double', 'geo_point', { type: 'text', index: false }, { type: 'float', doc_values: false })],
    ['test2', props('double', 'geo_point', { type: 'text', index: true }, { type: 'float', doc_values: true })],
    ['test3', props('long', 'keyword', { type: 'long', index: false }, { type: 'keyword', doc_values: false })],
  ] as const) {
    const r = await node.request('PUT', `/${name}`, { settings, mappings });
    if (r.status !== 200) throw new Error(r.text);
  }
});

test.after.always(async () => {
  await node?.close();
});

test.serial('_field_caps merges capabilities per type; indices only when types differ', async (t) => {
  const r = await node.request('GET', '/test1,test2,test3/_field_caps?fields=text,keyword,number,geo');
  t.is(r.status, 200);
  t.deepEqual(r.body, {
    fields: {
      geo: {
        geo_point: { type: 'geo_point', searchable: true, aggregatable: true, indices: ['test1', 'test2'] },
        keyword: { type: 'keyword', searchable: true, aggregatable: true, indices: ['test3'] },
      },
      keyword: { keyword: { type: 'keyword', searchable: true, aggregatable: true } },
      number: {
        double: { type: 'double', searchable: true, aggregatable: true, indices: ['test1', 'test2'] },
        long: { type: 'long', searchable: true, aggregatable: true, indices: ['test3'] },
      },
      text: { text: { type: 'text', searchable: true, aggregatable: false } },
    },
  });
});

test.serial('_field_caps with a wildcard (body form) lists non-searchable and non-aggregatable indices', async (t) => {
  const r = await node.request('POST', '/test1,test2,test3/_field_caps', { fields: ['object*'] });
  t.is(r.status, 200);
  t.deepEqual(r.body.fields['object.nested1'], {
    long: { type: 'long', searchable: false, aggregatable: true, indices: ['test3'] },
    text: { type: 'text', searchable: false, aggregatable: false, indices: ['test1', 'test2'], non_searchable_indices: ['test1'] },
  });
  t.deepEqual(r.body.fields['object.nested2'], {
    float: { type: 'float', searchable: true, aggregatable: false, indices: ['test1', 'test2'], non_aggregatable_indices: ['test1'] },
    keyword: { type: 'keyword', searchable: true, aggregatable: false, indices: ['test3'] },
  });
});

test.serial('_field_caps errors: no fields, and fields in both body and query string', async (t) => {
  const none = await node.request('GET', '/_field_caps');
  t.is(none.status, 400);
  t.deepEqual(none.body.error.root_cause[0], { type: 'action_request_validation_exception', reason: "Validation Failed: 1: specified fields can't be null or empty;" });
  const both = await node.request('POST', '/_field_caps?fields=a', { fields: ['a'] });
  t.is(both.status, 400);
  t.is(both.body.error.type, 'illegal_argument_exception');
  t.is(both.body.error.reason, "can't specify a request body and [fields] request parameter, either specify a request body or the [fields] request parameter");
});

test.serial('_field_stats computes counts and min/max from the term dictionaries, per index or for the cluster', async (t) => {
  const docs: Array<[string, string, unknown]> = [
    ['test2', '1', { text: 'quick brown fox', keyword: 'b', number: 2.5 }],
    ['test2', '2', { text: 'lazy dog', keyword: 'a', number: -1 }],
    ['test2', '3', { keyword: 'c' }],
    ['test3', '1', { text: 'zebra', keyword: 'z', number: 7 }],
  ];
  for (const [index, id, doc] of docs) await node.request('PUT', `/${index}/t/${id}`, doc);
  await node.request('POST', '/_refresh');

  const r = await node.request('GET', '/test2/_field_stats?fields=text,keyword,number&level=indices');
  t.is(r.status, 200);
  t.regex(r.headers.get('warning') ?? '', new RegExp(`^299 Elasticsearch-5\\.6\\.16-3a740d1 "${DEPRECATION.replace(/[[\]!.]/g, '\\$&')}"`));
  t.deepEqual(r.body._shards, { total: 1, successful: 1, failed: 0 });
  t.deepEqual(r.body.indices.test2.fields, {
    keyword: {
      type: 'string', max_doc: 3, doc_count: 3, density: 100, sum_doc_freq: 3, sum_total_term_freq: -1,
      searchable: true, aggregatable: true, min_value: 'a', max_value: 'c',
    },
    number: {
      type: 'float', max_doc: 3, doc_count: 2, density: 66, sum_doc_freq: -1, sum_total_term_freq: 2,
      searchable: true, aggregatable: true, min_value: -1, min_value_as_string: '-1.0', max_value: 2.5, max_value_as_string: '2.5',
    },
    text: {
      type: 'string', max_doc: 3, doc_count: 2, density: 66, sum_doc_freq: 5, sum_total_term_freq: 5,
      searchable: true, aggregatable: false, min_value: 'brown', max_value: 'quick',
    },
  });

  // Cluster level: `_all` sums the indices; `number` is float in test2 and integer in test3.
  const all = await node.request('GET', '/test2,test3/_field_stats?fields=keyword,number');
  t.deepEqual(Object.keys(all.body.indices), ['_all']);
  t.like(all.body.indices._all.fields.keyword, { max_doc: 4, doc_count: 4, min_value: 'a', max_value: 'z' });
  t.false('number' in all.body.indices._all.fields);
  t.deepEqual(all.body.conflicts, { number: 'Field [number] of type [integer] conflicts with existing field of type [float] in other index.' });
});

test.serial('_field_stats index_constraints keep only the indices whose min/max satisfy them', async (t) => {
  const body = (gte: number): unknown => ({ fields: ['keyword'], index_constraints: { keyword: { max_value: { gte: 'b' } }, text: { min_value: { lte: 'm' } }, 'object.nested2': { min_value: { gte } } } });
  // text min of test2 is "brown" (<= m), of test3 "zebra" (> m): only test2 is kept.
  const r = await node.request('POST', '/test2,test3/_field_stats?level=indices', { fields: ['keyword', 'text'], index_constraints: { text: { min_value: { lte: 'm' } } } });
  t.deepEqual(Object.keys(r.body.indices), ['test2']);
  t.deepEqual(Object.keys(r.body.indices.test2.fields), ['keyword', 'text']);
  const onlyConstraint = await node.request('POST', '/test2/_field_stats?level=indices', { fields: ['keyword'], index_constraints: { number: { min_value: { gte: -5 }, max_value: { lt: 3 } } } });
  t.deepEqual(Object.keys(onlyConstraint.body.indices.test2.fields), ['keyword'], 'a field named only by a constraint is not answered');
  const none = await node.request('POST', '/test2,test3/_field_stats?level=indices', body(0));
  t.deepEqual(none.body.indices, {}, 'no document has object.nested2, so no index satisfies a constraint on it');
  const bad = await node.request('POST', '/test2/_field_stats', { fields: ['keyword'], index_constraints: { keyword: { avg_value: { gte: 1 } } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'No property for [avg_value]');
  const level = await node.request('GET', '/test2/_field_stats?fields=keyword&level=shards');
  t.is(level.status, 400);
  t.is(level.body.error.reason, 'Validation Failed: 1: invalid level option [shards];');
});
