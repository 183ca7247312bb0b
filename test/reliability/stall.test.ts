/**
 * Issue 8, scripts, date formats and long searches: one adversarial request must neither stall
 * the node (`GET /` keeps answering, p99 under 100 ms) nor kill it, and it gets ES's error.
 * The server runs in its own process (test/helpers/responsiveness.ts).
 *
 * The test machine is shared: even an idle server answers `GET /` in tens of milliseconds at
 * times, so the bound is 100 ms above the idle p99 measured first with the same probe. Work
 * that cannot yield (one script execution, bounded by the budgets of docs/scripting.md) is held
 * to a stall of at most {@link SINGLE_STALL_MS} instead (its CPU budget is 50 ms; on a busy
 * machine its wall time is longer): before the budgets it was 17 s or forever. Update scripts run
 * on a script worker thread and are held to the p99 bound.
 */
import test from 'ava';
import { probeDuring, startServerUnderTest, type ServerUnderTest } from '../helpers/responsiveness.js';
import { MAX_EXECUTION_MS, MAX_ISOLATED_EXECUTION_MS } from '../../lib/script/painless/budget.js';

let server: ServerUnderTest;
const DOCS = 6000;
/** GET / p99 on the idle server (ms). */
let idleP99 = 0;
/** Longest stall allowed for a single budgeted script execution (ms). */
const SINGLE_STALL_MS = 1000;

test.before(async () => {
  server = await startServerUnderTest();
  await server.request('PUT', '/s', { settings: { number_of_shards: 1 }, mappings: { t: { properties: { at: { type: 'date' }, n: { type: 'long' } } } } });
  const lines: string[] = [];
  for (let i = 0; i < DOCS; i++) lines.push(JSON.stringify({ index: { _id: String(i) } }), JSON.stringify({ n: i, at: 1420070400000 + i * 60000 }));
  const bulk = await server.request('POST', '/s/t/_bulk?refresh=true', lines.join('\n') + '\n');
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(`bulk failed: ${bulk.text.slice(0, 200)}`);
  idleP99 = (await probeDuring(server, () => new Promise((r) => setTimeout(r, 500)))).p99;
});

test.after.always(async () => {
  await server?.close();
});

type Probed = { p99: number; max: number; latencies: number[] };

function describe(r: Probed): string {
  return `GET / p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms over ${r.latencies.length} probes (idle p99 ${idleP99.toFixed(1)} ms)`;
}

/** Paced work: GET / p99 within 100 ms of the idle p99. */
function responsive(t: import('ava').ExecutionContext, r: Probed, what: string): void {
  t.true(server.alive(), `${what}: the node died`);
  t.true(r.p99 < 100 + idleP99, `${what}: ${describe(r)}`);
}

/** One budgeted script execution that cannot yield: a bounded stall, and the node lives. */
function bounded(t: import('ava').ExecutionContext, r: Probed, what: string): void {
  t.true(server.alive(), `${what}: the node died`);
  t.true(r.max < SINGLE_STALL_MS, `${what}: ${describe(r)}`);
  t.log(`${what}: ${describe(r)}`);
}

const invalidFormat = {
  root_cause: [{ type: 'illegal_argument_exception', reason: 'Invalid format: [constructor]: Illegal pattern component: c' }],
  type: 'illegal_argument_exception',
  reason: 'Invalid format: [constructor]: Illegal pattern component: c',
};

test.serial('a date format named after an Object.prototype member is an unknown pattern at every entry point', async (t) => {
  const cases: Array<[string, string, unknown]> = [
    ['POST', '/s/_search', { query: { range: { at: { gte: '2015', format: 'constructor' } } } }],
    ['PUT', '/m1', { mappings: { t: { properties: { at: { type: 'date', format: 'constructor' } } } } }],
    ['PUT', '/m2', { mappings: { t: { dynamic_date_formats: ['constructor'] } } }],
    ['PUT', '/_template/t1', { template: 'x*', mappings: { t: { properties: { at: { type: 'date', format: 'constructor' } } } } }],
    ['PUT', '/_ingest/pipeline/p1', { processors: [{ date: { field: 'a', formats: ['constructor'] } }] }],
    ['POST', '/_ingest/pipeline/_simulate', { pipeline: { processors: [{ date: { field: 'a', formats: ['constructor'] } }] }, docs: [{ _source: { a: '2015' } }] }],
    ['POST', '/s/_search', { size: 0, aggs: { h: { date_histogram: { field: 'at', interval: 'day', format: 'constructor' } } } }],
    ['POST', '/s/_search', { size: 0, aggs: { h: { date_range: { field: 'at', format: 'constructor', ranges: [{ to: 'now' }] } } } }],
  ];
  const r = await probeDuring(server, async () => {
    const out = [];
    for (const [method, path, body] of cases) out.push(await server.request(method, path, body));
    return out;
  });
  r.result.forEach((res, i) => {
    t.is(res.status, 400, `case ${i}`);
    t.deepEqual(res.body, { error: invalidFormat, status: 400 }, `case ${i}`);
  });
  bounded(t, r, 'date formats');
  t.true(r.max < 1000, describe(r));
  // other prototype names are patterns too, with Joda's first illegal letter
  const proto = await server.request('PUT', '/m3', { mappings: { t: { properties: { at: { type: 'date', format: 'hasOwnProperty||toString' } } } } });
  t.is(proto.body.error.reason, 'Invalid format: [hasOwnProperty||toString]: Illegal pattern component: O');
});

const FIB = 'int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } return fib(40);';
const CALLS_REASON = 'The maximum number of function calls [250000] that a script can make has been reached.';
const timeReason = (ms: number) => `The maximum time of [${ms}ms] that a script can run has been reached.`;

/** fib(40) ends on the call budget, or on the watchdog first where the interpreter is still cold on a busy machine. */
function budgetError(t: import('ava').ExecutionContext, cause: { type: string; reason: string }, limitMs: number): void {
  t.is(cause.type, 'painless_error');
  t.true([CALLS_REASON, timeReason(limitMs)].includes(cause.reason), cause.reason);
}

test.serial('fib(40) in script_fields fails the shard with a script_exception; the node keeps answering', async (t) => {
  const r = await probeDuring(server, () => server.request('POST', '/s/_search', { size: 3, script_fields: { f: { script: FIB } } }));
  const res = r.result;
  t.is(res.status, 500);
  t.is(res.body.error.type, 'search_phase_execution_exception');
  const reason = res.body.error.failed_shards[0].reason;
  t.is(reason.type, 'script_exception');
  t.is(reason.reason, 'runtime error');
  t.is(reason.lang, 'painless');
  t.is(reason.script, FIB);
  t.true(Array.isArray(reason.script_stack));
  budgetError(t, reason.caused_by, MAX_EXECUTION_MS);
  bounded(t, r, 'fib script_fields');
});

test.serial('fib(40), a 200 x new long[1500000] loop and a scan loop in _update run on a script worker: script_exception, GET / keeps answering', async (t) => {
  await server.request('PUT', '/u/t/1?refresh=true', { n: 1 });
  const r = await probeDuring(server, async () => [
    await server.request('POST', '/u/t/1/_update', { script: FIB }),
    await server.request('POST', '/u/t/1/_update', { script: 'for (int i = 0; i < 200; i++) { long[] a = new long[1500000]; } ctx._source.n = 2;' }),
    // each step scans a list of a million: the watchdog prices calls by the size they work on
    await server.request('POST', '/u/t/1/_update', { script: 'List l = new ArrayList(); for (int i = 0; i < 4; i++) { l.add(i); } while (l.size() < 1000000) { l.addAll(l); } int n = 0; for (int j = 0; j < 100000; j++) { if (l.contains(-1)) { n++; } } ctx._source.n = n;' }),
  ]);
  const [fib, alloc, scan] = r.result;
  t.is(fib!.status, 400);
  t.is(fib!.body.error.reason, 'failed to execute script');
  t.is(fib!.body.error.caused_by.type, 'script_exception');
  budgetError(t, fib!.body.error.caused_by.caused_by, MAX_ISOLATED_EXECUTION_MS);
  t.is(alloc!.status, 400);
  t.is(alloc!.body.error.caused_by.type, 'script_exception');
  t.deepEqual(alloc!.body.error.caused_by.caused_by, { type: 'out_of_memory_error', reason: 'Java heap space' });
  t.is(scan!.status, 400);
  t.deepEqual(scan!.body.error.caused_by.caused_by, { type: 'painless_error', reason: timeReason(MAX_ISOLATED_EXECUTION_MS) });
  t.deepEqual((await server.request('GET', '/u/t/1')).body._source, { n: 1 });
  responsive(t, r, '_update scripts');
  t.log(`_update scripts: ${describe(r)}`);
});

/** A script that costs a fraction of a millisecond per document. */
const SLOW = 'long s = 0; for (int i = 0; i < 3000; i++) { s += i; } return s > 0;';

test.serial('a slow script query with a timeout returns the hits found so far and timed_out', async (t) => {
  // the whole query takes seconds; 10ms (body or URL) stops it early, maybe before any hit on a busy machine
  for (const [path, body] of [
    ['/s/_search', { timeout: '10ms', size: 5, query: { script: { script: SLOW } } }],
    ['/s/_search?timeout=10ms', { size: 5, query: { script: { script: SLOW } } }],
  ] as const) {
    const res = await server.request('POST', path, body);
    t.is(res.status, 200);
    t.is(res.body.timed_out, true);
    t.true(res.body.hits.total < DOCS, `partial hits: ${res.body.hits.total}`);
    t.is(res.body.hits.hits.length, Math.min(5, res.body.hits.total));
  }
  // with time for some hits: the script query keeps those it matched before the deadline, and
  // a script_score over match_all (collected doc by doc) those it scored
  const queries = [{ script: { script: SLOW } }, { function_score: { query: { match_all: {} }, script_score: { script: 'long s = 0; for (int i = 0; i < 3000; i++) { s += i; } return s;' } } }];
  for (const query of queries) {
    const res = await server.request('POST', '/s/_search', { timeout: '300ms', size: 5, query });
    t.is(res.status, 200);
    t.is(res.body.timed_out, true);
    t.true(res.body.hits.total > 0 && res.body.hits.total < DOCS, `partial hits: ${res.body.hits.total}`);
    t.is(res.body.hits.hits.length, 5);
  }
  // without a timeout, all of them
  const full = await server.request('POST', '/s/_search', { size: 0, query: { script: { script: 'doc["n"].value >= 0' } } });
  t.is(full.body.timed_out, false);
  t.is(full.body.hits.total, DOCS);
});

test.serial('while a slow search runs to the end, GET / keeps answering', async (t) => {
  const r = await probeDuring(server, () =>
    server.request('POST', '/s/_search', {
      size: 0,
      query: { function_score: { query: { script: { script: SLOW } }, script_score: { script: 'long s = 0; for (int i = 0; i < 2000; i++) { s += i; } return s;' } } },
      aggs: { n: { sum: { script: 'long s = 0; for (int i = 0; i < 1000; i++) { s += i; } return s;' } } },
    }),
  );
  t.is(r.result.status, 200);
  t.is(r.result.body.timed_out, false);
  t.is(r.result.body.hits.total, DOCS);
  responsive(t, r, 'slow search');
});

test.serial('script_fields over many hits yield between hits', async (t) => {
  const costly = 'long s = 0; for (int i = 0; i < 30000; i++) { s += i; } return s > 0;';
  const r = await probeDuring(server, () => server.request('POST', '/s/_search', { size: 300, _source: false, script_fields: { v: { script: costly } } }));
  t.is(r.result.status, 200);
  t.is(r.result.body.hits.hits.length, 300);
  t.deepEqual(r.result.body.hits.hits[0].fields, { v: [true] });
  responsive(t, r, 'script_fields');
});
