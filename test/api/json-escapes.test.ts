/**
 * Strings in answers are escaped as ES 5.6's Jackson escapes them: control characters with
 * upper-case hex (`\u001F`, where JSON.stringify writes `\u001f`), and text that only looks like
 * an escape (a user's backslash followed by `u001b`) left exactly as it was.
 */
import test from 'ava';
import { startTestNode } from '../helpers/node.js';

test('control characters get upper-case hex escapes; an escaped backslash before u00.. is user text', async (t) => {
  const node = await startTestNode();
  t.teardown(() => node.close());
  // `_source` is echoed as stored (as ES does); terms bucket keys are written by the node.
  const values = ['a\u001fb\u0001', 'x\\u001b', '\\\u001b'];
  t.is((await node.request('PUT', '/esc', { mappings: { t: { properties: { k: { type: 'keyword' } } } } })).status, 200);
  t.is((await node.request('PUT', '/esc/t/1?refresh=true', { k: values })).status, 201);
  const body = JSON.stringify({ size: 0, aggs: { k: { terms: { field: 'k' } } } });
  for (const pretty of ['', '?pretty']) {
    const res = await fetch(`${node.url}/esc/_search${pretty}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const raw = await res.text();
    t.true(raw.includes('"a\\u001Fb\\u0001"'), raw);
    t.true(raw.includes('"x\\\\u001b"'), raw);
    t.true(raw.includes('"\\\\\\u001B"'), raw);
    const keys = (JSON.parse(raw) as { aggregations: { k: { buckets: Array<{ key: string }> } } }).aggregations.k.buckets.map((b) => b.key);
    t.deepEqual([...keys].sort(), [...values].sort());
  }
});
