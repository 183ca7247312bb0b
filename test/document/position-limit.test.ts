/**
 * Positions past Lucene's `IndexWriter.MAX_POSITION` are refused as Lucene's indexing chain
 * refuses them (the indexing buffer holds positions in Int32Arrays, as Lucene does): a wide
 * `position_increment_gap` between the values of one field gets there with two values.
 */
import test from 'ava';
import { ndjson, startTestNode } from '../helpers/node.js';

test('a position past 2147483519 is an illegal_argument_exception, and nothing of the document is indexed', async (t) => {
  const n = await startTestNode();
  t.teardown(() => n.close());
  const created = await n.request('PUT', '/p', { mappings: { doc: { properties: { t: { type: 'text', position_increment_gap: 2147483600 } } } } });
  t.is(created.status, 200, created.text);
  const reason = "position 2147483601 is too large for field 't': max allowed position is 2147483519";

  const refused = await n.request('PUT', '/p/doc/1', { t: ['a', 'b'] });
  t.is(refused.status, 400);
  t.deepEqual(refused.body.error.root_cause, [{ type: 'illegal_argument_exception', reason }]);
  t.is(refused.body.error.type, 'illegal_argument_exception');

  const bulk = await n.request('POST', '/_bulk', ndjson([{ index: { _index: 'p', _type: 'doc', _id: '2' } }, { t: ['a', 'b'] }, { index: { _index: 'p', _type: 'doc', _id: '3' } }, { t: ['a'] }]));
  t.true(bulk.body.errors);
  t.is(bulk.body.items[0].index.status, 400);
  t.deepEqual(bulk.body.items[0].index.error, { type: 'illegal_argument_exception', reason });
  // one value stays far below the limit: accepted
  t.is(bulk.body.items[1].index.status, 201);

  await n.request('POST', '/p/_refresh');
  const count = await n.request('GET', '/p/_count');
  t.is(count.body.count, 1);
  t.is((await n.request('GET', '/p/doc/1')).status, 404);
});
