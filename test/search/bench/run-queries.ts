/**
 * Query-speed tool for profiling the search path: start a node in-process, bulk-load N documents
 * of the shared npm corpus (../shared/bench/corpus.mjs), then time the shared query mix
 * (../shared/bench/queries.json, scripts/query-mix.ts) over HTTP or, with --direct, by calling
 * the search action in-process. `npm run bench` is the reference measurement; this one runs
 * under `node --cpu-prof`.
 *
 *   node [--cpu-prof] dist/test/search/bench/run-queries.js [--n 100000] [--seconds 5] [--shards 1]
 *        [--class term] [--direct] [--body '{...}'] [--url http://...] [--data DIR] [--serve]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode } from '../../../lib/node.js';
import { search } from '../../../lib/action/search/search-action.js';
import { applySearchBody, newSearchRequest } from '../../../lib/action/search/search-request.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { agreement, formatStats, loadAnchors, loadMix, timeMix, type Answer, type MixQuery } from '../../../scripts/query-mix.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const benchDir = resolve(root, '..', 'shared', 'bench');

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : def;
}

async function main(): Promise<void> {
  const n = Number(arg('n', '100000'));
  const seconds = Number(arg('seconds', '5'));
  const shards = Number(arg('shards', '1'));
  const only = arg('class', '');
  const direct = process.argv.includes('--direct');
  // --data DIR reuses a data directory that already holds the loaded index (no load, kept).
  const kept = arg('data', '');
  const dir = kept !== '' ? kept : mkdtempSync(join(tmpdir(), 'strata-qbench-'));
  const remote = arg('url', '');
  const load = remote === '' && kept === '';
  const node = remote === '' ? await startNode({ dataPath: dir, port: Number(arg('port', '0')) }) : undefined;
  const url = remote !== '' ? remote : (node as { url: string }).url;
  const ctx = (node as unknown as { context: NodeContext } | undefined)?.context as NodeContext;
  const mix = loadMix(benchDir);
  const call = async (method: string, path: string, body?: string, ct = 'application/json'): Promise<unknown> => {
    const r = await fetch(url + path, { method, headers: { 'content-type': ct }, ...(body !== undefined ? { body } : {}) });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  if (load) await call('PUT', `/${mix.index}`, JSON.stringify({ settings: { number_of_shards: shards, number_of_replicas: 0, refresh_interval: '-1' }, mappings: { [mix.type]: mix.mapping } }));
  const bulk = !load ? '' : execFileSync('node', [join(benchDir, 'corpus.mjs'), '--n', String(n), '--format', 'bulk'], { maxBuffer: 1 << 30 }).toString('utf8');
  const lines = bulk.split('\n').filter((l) => l !== '');
  const t0 = Date.now();
  for (let i = 0; i < lines.length; i += 2000) {
    await call('POST', `/${mix.index}/${mix.type}/_bulk`, lines.slice(i, i + 2000).join('\n') + '\n', 'application/x-ndjson');
  }
  if (load) {
    await call('POST', `/${mix.index}/_refresh`);
    console.log(`loaded ${lines.length / 2} docs in ${Date.now() - t0} ms at ${url}`);
  }
  if (process.argv.includes('--serve')) {
    const secs = Number(arg('serve-seconds', '0'));
    if (secs > 0) setTimeout(() => process.exit(0), secs * 1000);
    return;
  }
  const custom = arg('body', '');
  const queries: MixQuery[] = custom !== '' ? [{ id: 'custom', class: 'custom', body: JSON.parse(custom) as Record<string, unknown> }] : mix.queries;
  // --direct skips HTTP (search action in-process), to profile the query path alone.
  const send = async (body: string): Promise<Answer> => {
    let r: { hits: { total: number; hits: Array<{ _id: string }> } };
    if (direct) {
      const req = newSearchRequest([mix.index], []);
      applySearchBody(req, JSON.parse(body) as Record<string, unknown>);
      r = JSON.parse(JSON.stringify(await search(ctx, req))) as typeof r;
    } else r = (await call('POST', `/${mix.index}/_search`, body)) as typeof r;
    return { total: r.hits.total, ids: r.hits.hits.map((h) => h._id) };
  };
  const anchors = loadAnchors(benchDir);
  const { stats, answers } = await timeMix(queries, send, { seconds, only });
  console.log(formatStats(stats, anchors));
  if (anchors && n === 100000 && custom === '') {
    const a = agreement(answers, anchors.answers);
    console.log(`agreement with Lucene (${a.queries} queries): same hit totals ${a.sameTotalPct.toFixed(1)}%, top-10 overlap ${a.top10OverlapPct.toFixed(1)}%`);
  }
  await node?.close();
  if (kept === '') rmSync(dir, { recursive: true, force: true });
}

void main();
