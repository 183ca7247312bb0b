/**
 * A by-scroll run whose batch size is 0 (`source.size: 0`, `scroll_size=0`): ES 5.6's
 * `AbstractAsyncBulkByScrollAction` takes the search's total, finds the first batch empty and
 * finishes (`refreshAndFinish`): 200, `total` the matches, no batch, nothing written, not timed
 * out. (5.6's search request has no "[size] cannot be [0] in a scroll context" check; that came
 * in 6.x.) The top-level `size: 0` is refused by `AbstractBulkByScrollRequest#validate`.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode } from '../helpers/node.js';

test('batch size 0: the matches are counted, nothing is copied, 200', async (t) => {
  const n = await startTestNode();
  try {
    await seedNumbered(n, 'src', 25);
    const re = await n.request('POST', '/_reindex?refresh=true', { source: { index: 'src', size: 0 }, dest: { index: 'dst' } });
    t.is(re.status, 200);
    t.like(re.body, { timed_out: false, total: 25, created: 0, batches: 0, failures: [] });
    t.is((await n.request('HEAD', '/dst')).status, 404);
    const ubq = await n.request('POST', '/src/_update_by_query?scroll_size=0');
    t.is(ubq.status, 200);
    t.like(ubq.body, { timed_out: false, total: 25, updated: 0, batches: 0 });
    const capped = await n.request('POST', '/_reindex', { size: 10, source: { index: 'src', size: 0 }, dest: { index: 'dst' } });
    t.like(capped.body, { total: 10, created: 0, batches: 0 });
    const zero = await n.request('POST', '/_reindex', { size: 0, source: { index: 'src' }, dest: { index: 'dst' } });
    t.is(zero.status, 400);
    t.is(zero.body.error.reason, "Validation Failed: 1: size should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [0];");
  } finally {
    await n.close();
  }
});
