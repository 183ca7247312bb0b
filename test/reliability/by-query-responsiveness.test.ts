/**
 * A large delete-by-query (and the reindex that shares its engine) must not hold the node:
 * `GET /` keeps answering while it runs, the run finishes, and every matching document is gone.
 *
 * The machine is shared (load averages of 15-20 on two cores are common while the helpers
 * build), so absolute latencies mostly measure the neighbours and the garbage collector. The
 * load-independent measure is how the probes interleave with the batches: a run that held the
 * event loop for a whole batch (1000 documents) would let one or two probes through per batch, so
 * at least {@link PROBES_PER_BATCH} probes per batch must have been answered. The latency bounds
 * are relative to the idle p99 measured just before with the same probe, and loose.
 */
import test from 'ava';
import { probeDuring, startServerUnderTest, type ServerUnderTest } from '../helpers/responsiveness.js';

const DOCS = 20_000;
/** Slack over the idle p99 (ms). */
const SLACK_MS = 500;
/** No single probe may wait this long. */
const MAX_STALL_MS = 2500;
/** Probes answered per 1000-document batch, at least. */
const PROBES_PER_BATCH = 3;
const BATCHES = DOCS / 1000;
let server: ServerUnderTest;
let idleP99 = 0;

test.before(async () => {
  server = await startServerUnderTest();
  await server.request('PUT', '/big', { settings: { number_of_shards: 2 } });
  for (let start = 0; start < DOCS; start += 5000) {
    const lines: string[] = [];
    for (let i = start; i < start + 5000; i++) lines.push(JSON.stringify({ index: { _id: String(i) } }), JSON.stringify({ n: i, text: `document number ${i}` }));
    const bulk = await server.request('POST', '/big/doc/_bulk', lines.join('\n') + '\n');
    if (bulk.status !== 200 || bulk.body.errors) throw new Error(`bulk failed: ${bulk.text.slice(0, 200)}`);
  }
  await server.request('POST', '/big/_refresh');
});

/** The idle p99 now (the load of the shared machine changes from minute to minute). */
async function measureIdle(): Promise<number> {
  idleP99 = (await probeDuring(server, () => new Promise((r) => setTimeout(r, 1000)))).p99;
  return idleP99;
}

test.after.always(async () => {
  await server?.close();
});

test('GET / answers while a 20k-document reindex and delete_by_query run', async (t) => {
  await measureIdle();
  const copy = await probeDuring(server, () => server.request('POST', '/_reindex', { source: { index: 'big' }, dest: { index: 'copy' } }));
  t.is(copy.result.status, 200, copy.result.text.slice(0, 300));
  t.is(copy.result.body.created, DOCS);
  t.true(server.alive());
  t.true(copy.latencies.length >= PROBES_PER_BATCH * BATCHES, `reindex: only ${copy.latencies.length} probes over ${BATCHES} batches`);
  t.true(copy.p99 < SLACK_MS + idleP99 && copy.max < MAX_STALL_MS, `reindex: GET / p99 ${copy.p99.toFixed(1)} ms, max ${copy.max.toFixed(1)} ms over ${copy.latencies.length} probes (idle p99 ${idleP99.toFixed(1)} ms)`);

  await measureIdle();
  const del = await probeDuring(server, () => server.request('POST', '/big/_delete_by_query?refresh=true', { query: { match_all: {} } }));
  t.is(del.result.status, 200, del.result.text.slice(0, 300));
  t.is(del.result.body.deleted, DOCS);
  t.is(del.result.body.batches, BATCHES);
  t.true(server.alive());
  t.true(del.latencies.length >= PROBES_PER_BATCH * BATCHES, `delete_by_query: only ${del.latencies.length} probes over ${BATCHES} batches`);
  t.true(del.p99 < SLACK_MS + idleP99 && del.max < MAX_STALL_MS, `delete_by_query: GET / p99 ${del.p99.toFixed(1)} ms, max ${del.max.toFixed(1)} ms over ${del.latencies.length} probes (idle p99 ${idleP99.toFixed(1)} ms)`);
  t.log(`reindex ${copy.latencies.length} probes p99 ${copy.p99.toFixed(1)} ms; delete ${del.latencies.length} probes p99 ${del.p99.toFixed(1)} ms (idle ${idleP99.toFixed(1)})`);
  t.is((await server.request('GET', '/big/_count')).body.count, 0);
});
