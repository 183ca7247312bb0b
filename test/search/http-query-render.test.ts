/**
 * ES 5.6's normalized query rendering over HTTP: the `failed to create query: …` reason prints
 * `queryBuilder.toString()` (pretty, every default filled in: QueryShardContext.toQuery), and
 * `_search_shards` prints the parsed alias filter (`AliasFilter`), several filters ORed in a bool.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/qr', {
    settings: { number_of_shards: 1, number_of_replicas: 0 },
    mappings: { d: { properties: { n: { type: 'long' }, k: { type: 'keyword' } } } },
    aliases: { one: { filter: { term: { k: 'v1' } } }, two: { filter: { range: { n: { gte: 5 } } } } },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
});

test.after.always(async () => {
  await node?.close();
});

test('failed to create query: the pretty-printed normalized query', async (t) => {
  const r = await node.request('POST', '/qr/_search', { query: { bool: { must: [{ term: { n: 'abc' } }] } } });
  t.is(r.status, 400);
  const reason = r.body.error.failed_shards[0].reason;
  t.is(reason.type, 'query_shard_exception');
  t.is(
    reason.reason,
    'failed to create query: {\n' +
      '  "bool" : {\n' +
      '    "must" : [\n' +
      '      {\n' +
      '        "term" : {\n' +
      '          "n" : {\n' +
      '            "value" : "abc",\n' +
      '            "boost" : 1.0\n' +
      '          }\n' +
      '        }\n' +
      '      }\n' +
      '    ],\n' +
      '    "disable_coord" : false,\n' +
      '    "adjust_pure_negative" : true,\n' +
      '    "boost" : 1.0\n' +
      '  }\n' +
      '}',
  );
  t.is(reason.caused_by.type, 'number_format_exception');
});

test('_search_shards: one alias filter in normalized form, floats as Java prints them', async (t) => {
  const r = await node.request('GET', '/one/_search_shards');
  t.is(r.status, 200);
  t.deepEqual(r.body.indices.qr, { aliases: ['one'], filter: { term: { k: { value: 'v1', boost: 1 } } } });
  t.true(r.text.includes('"filter":{"term":{"k":{"value":"v1","boost":1.0}}}'), r.text);
});

test('_search_shards: several alias filters ORed in a default bool', async (t) => {
  const r = await node.request('GET', '/one,two/_search_shards');
  t.is(r.status, 200);
  t.true(
    r.text.includes(
      '"filter":{"bool":{"should":[{"term":{"k":{"value":"v1","boost":1.0}}},' +
        '{"range":{"n":{"from":5,"to":null,"include_lower":true,"include_upper":true,"boost":1.0}}}],' +
        '"disable_coord":false,"adjust_pure_negative":true,"boost":1.0}}',
    ),
    r.text,
  );
});
