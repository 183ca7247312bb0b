/**
 * A short fuzz pass (scripts/fuzz.ts) with a fixed seed: every answer to ~2,000 generated and
 * mutated requests is shaped like Elasticsearch's, none leaks a JavaScript error, the server
 * process never dies or stops answering. Longer passes: `npm run fuzz` (docs/reliability.md).
 */
import test from 'ava';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFuzz } from '../../scripts/fuzz/run.js';
import { judge } from '../../scripts/fuzz/judge.js';

test('a fixed-seed fuzz pass finds no crash, hang, non-ES answer or JS error', async (t) => {
  const report = await runFuzz({ requests: 2000, seed: 20261125, seconds: 60, concurrency: 4, hangMs: 10_000 });
  const summary = report.signatures.map((s) => `${s.count} ${s.kind}: ${s.why.slice(0, 200)} (${s.file})`).join('\n');
  t.true(report.requests >= 500, `only ${report.requests} requests in 60 s`);
  t.is(report.crashes, 0, summary);
  t.is(report.hangs, 0, summary);
  t.is(report.notEsShaped, 0, summary);
  t.is(report.js5xx, 0, summary);
  // The pass really exercised error paths, not only happy ones.
  t.true((report.statuses['400'] ?? 0) > 100);
  t.true((report.statuses['200'] ?? 0) > 50);
});

test('a hang saves a stall file: the requests in flight and every request started in the window before it', async (t) => {
  // A 1 ms deadline makes every request "hang", which exercises the capture without a real stall.
  const outDir = mkdtempSync(join(tmpdir(), 'strata-fuzz-stall-'));
  t.teardown(() => rmSync(outDir, { recursive: true, force: true }));
  const report = await runFuzz({ requests: 40, seed: 7, seconds: 60, concurrency: 4, hangMs: 1, outDir });
  t.true(report.hangs > 0);
  const stalls = readdirSync(outDir).filter((f) => f.endsWith('-stall.json'));
  t.true(stalls.length >= 1 && stalls.length <= 10, `${stalls.length} stall files`);
  for (const f of stalls) {
    const saved = JSON.parse(readFileSync(join(outDir, f), 'utf8')) as { index: number; inFlight: number[]; indices: number[]; requests: Array<{ method: string; path: string }> };
    t.true(saved.inFlight.includes(saved.index));
    // Every request in flight is in the saved sequence, which is in the order the requests started.
    for (const i of saved.inFlight) t.true(saved.indices.includes(i));
    t.deepEqual([...saved.indices].sort((a, b) => a - b), saved.indices);
    t.is(saved.requests.length, saved.indices.length);
    t.true(saved.requests.every((r) => typeof r.method === 'string' && r.path.startsWith('/')));
  }
});

test('the judge flags leaked JS messages, internal errors and malformed error bodies', (t) => {
  const body = (o: unknown): Buffer => Buffer.from(JSON.stringify(o));
  const err = (type: string, reason: string, status: number): Buffer => body({ error: { root_cause: [{ type, reason }], type, reason }, status });
  const JSON_CT = 'application/json; charset=UTF-8';
  t.is(judge(400, JSON_CT, err('parsing_exception', 'no [query] registered for [x]', 400), false).kind, 'ok');
  t.is(judge(500, JSON_CT, err('json_parse_exception', 'Unexpected character', 500), false).kind, 'ok');
  t.is(judge(500, JSON_CT, err('exception', "Cannot read properties of undefined (reading 'x')", 500), false).kind, 'js-5xx');
  t.is(judge(400, JSON_CT, err('illegal_argument_exception', 'x is not a function', 400), false).kind, 'js-5xx');
  // A user value printed with String(): at a 4xx too, and in a nested cause.
  t.is(judge(400, JSON_CT, err('number_format_exception', 'For input string: "[object Object]"', 400), false).kind, 'js-5xx');
  t.is(judge(400, JSON_CT, body({ error: { root_cause: [{ type: 'a', reason: 'r' }], type: 'a', reason: 'r', caused_by: { type: 'b', reason: 'analyzer [[object Object]] not found' } }, status: 400 }), false).kind, 'js-5xx');
  t.is(judge(500, JSON_CT, err('exception', 'internal error; the node log has the details', 500), false).kind, 'js-5xx');
  t.is(judge(500, JSON_CT, err('null_pointer_exception', 'npe', 500), false).kind, 'js-5xx');
  t.is(judge(400, JSON_CT, err('parsing_exception', 'x', 500), false).kind, 'not-es-shaped');
  t.is(judge(400, JSON_CT, body({ error: { type: 'x' }, status: 400 }), false).kind, 'not-es-shaped');
  t.is(judge(200, JSON_CT, Buffer.from('{"a":'), false).kind, 'not-es-shaped');
  t.is(judge(400, 'text/plain; charset=UTF-8', Buffer.from('No handler found for uri [/x] and method [PUT]'), false).kind, 'ok');
  t.is(judge(404, JSON_CT, body({ _index: 'i', _type: 't', _id: '1', found: false }), false).kind, 'ok');
  t.is(judge(404, JSON_CT, body({ error: 'alias [a] missing', status: 404 }), false).kind, 'ok');
  // 2xx answers carrying failures: their reasons are judged, the documents they echo are not.
  const bulkItem = (reason: string): Buffer =>
    body({ took: 1, errors: true, items: [{ index: { _index: 'i', status: 400, error: { type: 'mapper_parsing_exception', reason } } }] });
  t.is(judge(200, JSON_CT, bulkItem('failed to parse [a]'), false).kind, 'ok');
  t.is(judge(200, JSON_CT, bulkItem('failed to parse [[object Object]]'), false).kind, 'js-5xx');
  t.is(judge(200, JSON_CT, bulkItem('internal error; the node log has the details'), false).kind, 'js-5xx');
  t.is(judge(200, JSON_CT, body({ _shards: { failures: [{ reason: { type: 'x', reason: 'y is not a function' } }] } }), false).kind, 'js-5xx');
  t.is(judge(200, JSON_CT, body({ hits: { hits: [{ _source: { reason: 'TypeError', text: '[object Object]' } }] } }), false).kind, 'ok');
  // by-scroll answers: 408 when timed out, their failures judged like any other
  const byScroll = { took: 1, timed_out: true, total: 0, batches: 0, failures: [] as unknown[] };
  t.is(judge(408, JSON_CT, body(byScroll), false).kind, 'ok');
  t.is(judge(409, JSON_CT, body({ ...byScroll, failures: [{ cause: { type: 'x', reason: 'a is not a function' } }] }), false).kind, 'js-5xx');
  t.is(judge(408, JSON_CT, body({ took: 1, timed_out: true }), false).kind, 'not-es-shaped');
  // cluster health that waited out its timeout: 408 with the health body
  t.is(judge(408, JSON_CT, body({ cluster_name: 'c', status: 'green', timed_out: true, active_shards: 2 }), false).kind, 'ok');
  t.is(judge(408, JSON_CT, body({ cluster_name: 'c', status: 'green', timed_out: false, active_shards: 2 }), false).kind, 'not-es-shaped');
});
