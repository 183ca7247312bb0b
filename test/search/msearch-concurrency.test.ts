/**
 * `_msearch` (and `_mpercolate`, `_msearch/template`) run at most `max_concurrent_searches`
 * items at once, ES 5.6's default being data nodes × min(10, processors × 3 / 2 + 1); answers
 * keep the request order whichever item finishes first.
 */
import test from 'ava';
import { availableParallelism } from 'node:os';
import { multiSearch } from '../../lib/action/search/msearch-action.js';
import { defaultMaxConcurrentSearches } from '../../lib/action/search/msearch-concurrency.js';
import { newSearchRequest } from '../../lib/action/search/search-request.js';
import type { NodeContext } from '../../lib/action/context.js';
import { NodeTasks } from '../../lib/action/nodes/node-tasks.js';
import { startTestNode, ndjson } from '../helpers/node.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('items run at most max_concurrent_searches at a time, answers in request order', async (t) => {
  const requests = Array.from({ length: 7 }, (_, i) => newSearchRequest([`i${i}`], []));
  let inFlight = 0;
  let peak = 0;
  const started: string[] = [];
  const ctx = { runtime: { tasks: new NodeTasks() } } as unknown as NodeContext;
  const items = await multiSearch(ctx, requests, 2, async (r) => {
    started.push(r.indices[0] as string);
    peak = Math.max(peak, ++inFlight);
    // later items finish first
    await sleep(5 * (8 - started.length));
    inFlight--;
    if (r.indices[0] === 'i3') throw new Error('boom');
    return { index: r.indices[0] };
  });
  t.is(peak, 2);
  t.deepEqual(started, ['i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'i6']);
  t.deepEqual(
    items.map((it) => ('ok' in it ? it.ok['index'] : it.error.type)),
    ['i0', 'i1', 'i2', 'exception', 'i4', 'i5', 'i6'],
  );
});

test('the default bound is data nodes × the search pool size, at most 10 per node', (t) => {
  const ctx = (nodes?: Record<string, { data: boolean }>) => ({ cluster: { state: () => ({ nodes }) } }) as unknown as NodeContext;
  const pool = Math.min(10, Math.trunc((Math.min(32, availableParallelism()) * 3) / 2) + 1);
  t.is(defaultMaxConcurrentSearches(ctx()), pool);
  t.is(defaultMaxConcurrentSearches(ctx({ a: { data: true }, b: { data: true }, c: { data: false } })), 2 * pool);
  t.is(defaultMaxConcurrentSearches(ctx({ a: { data: false } })), 1);
});

test('max_concurrent_searches over HTTP: checked as 5.6 checks it, applied to _msearch and _msearch/template', async (t) => {
  const node = await startTestNode();
  try {
    await node.request('POST', '/_bulk?refresh=true', ndjson([{ index: { _index: 'm', _type: 't', _id: '1' } }, { n: 1 }, { index: { _index: 'm', _type: 't', _id: '2' } }, { n: 2 }]));
    const body = ndjson([{ index: 'm' }, { query: { term: { n: 2 } } }, { index: 'nope' }, {}, { index: 'm' }, { size: 0 }]);
    const r = await node.request('POST', '/_msearch?max_concurrent_searches=1', body);
    t.is(r.status, 200, r.text);
    t.deepEqual(
      r.body.responses.map((x: any) => (x.error ? x.error.type : x.hits.total)),
      [1, 'index_not_found_exception', 2],
    );
    for (const path of ['/_msearch?max_concurrent_searches=0', '/_msearch/template?max_concurrent_searches=-1']) {
      const bad = await node.request('POST', path, body);
      t.is(bad.status, 400, bad.text);
      t.is(bad.body.error.type, 'illegal_argument_exception');
      t.is(bad.body.error.reason, 'maxConcurrentSearchRequests must be positive');
    }
    const tpl = await node.request('POST', '/_msearch/template?max_concurrent_searches=1', ndjson([{ index: 'm' }, { inline: { query: { term: { n: '{{n}}' } } }, params: { n: 1 } }]));
    t.is(tpl.status, 200, tpl.text);
    t.is(tpl.body.responses[0].hits.total, 1);
  } finally {
    await node.close();
  }
});
