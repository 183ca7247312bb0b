/**
 * `completion` in `_stats` (ES 5.6 `CompletionStats`): `size_in_bytes` of the completion fields'
 * suggest data, and with `completion_fields` (or `fields`) a `fields` breakdown of the matching
 * completion fields. Strata's figure is the UTF-8 bytes of a field's suggest terms (the analysed
 * inputs) per segment.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/cs', {
    settings: { number_of_shards: 1 },
    mappings: { song: { properties: { sug: { type: 'completion' }, artist: { type: 'completion' }, title: { type: 'text' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
  const lines = [
    { index: { _index: 'cs', _type: 'song', _id: '1' } },
    { sug: ['Nevermind', 'Nirvana'], artist: 'Abba', title: 'x' },
    { index: { _index: 'cs', _type: 'song', _id: '2' } },
    // the same input again: one term of the segment
    { sug: 'Nirvana', title: 'y' },
  ];
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

test.serial('completion.size_in_bytes sums the completion fields; completion_fields breaks it down', async (t) => {
  // nevermind (9) + nirvana (7) + abba (4), analysed by the simple analyzer
  const plain = await node.request('GET', '/cs/_stats/completion');
  t.deepEqual(plain.body.indices.cs.primaries, { completion: { size_in_bytes: 20 } });
  t.deepEqual(plain.body._all.total, { completion: { size_in_bytes: 20 } });
  const byField = await node.request('GET', '/cs/_stats/completion?completion_fields=s*,title');
  t.deepEqual(byField.body._all.primaries.completion, { size_in_bytes: 20, fields: { sug: { size_in_bytes: 16 } } });
  const all = await node.request('GET', '/cs/_stats/completion?fields=*&human=true');
  t.deepEqual(all.body._all.primaries.completion, {
    size: '20b',
    size_in_bytes: 20,
    fields: { artist: { size: '4b', size_in_bytes: 4 }, sug: { size: '16b', size_in_bytes: 16 } },
  });
  const none = await node.request('GET', '/cs/_stats/completion?completion_fields=nope');
  t.deepEqual(none.body._all.primaries.completion, { size_in_bytes: 20, fields: {} });
  const shards = await node.request('GET', '/cs/_stats/completion?level=shards&completion_fields=artist');
  t.deepEqual(shards.body.indices.cs.shards['0'][0].completion, { size_in_bytes: 20, fields: { artist: { size_in_bytes: 4 } } });
});

test.serial('every metric and _nodes/stats include completion; a new segment is sized when it appears', async (t) => {
  // the sizes are read only for the completion metric: `_stats` with every metric asks for them
  const every = await node.request('GET', '/cs/_stats');
  t.deepEqual(every.body._all.primaries.completion, { size_in_bytes: 20 });
  const docsOnly = await node.request('GET', '/cs/_stats/docs');
  t.is(docsOnly.body._all.primaries.completion, undefined);
  const nodes = await node.request('GET', '/_nodes/stats/indices/completion');
  const [nodeStats] = Object.values(nodes.body.nodes) as any[];
  t.deepEqual(nodeStats.indices.completion, { size_in_bytes: 20 });
  // a new segment is sized when it appears; the old one keeps its figure
  await node.request('PUT', '/cs/song/3?refresh=true', { sug: 'Queen' });
  t.deepEqual((await node.request('GET', '/cs/_stats/completion')).body._all.primaries.completion, { size_in_bytes: 25 });
  t.deepEqual((await node.request('GET', '/cs/_stats/completion')).body._all.primaries.completion, { size_in_bytes: 25 });
});
