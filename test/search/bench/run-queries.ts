/**
 * Query-speed check for the search slice: start a node in-process, bulk-load N documents of the
 * shared npm corpus (../shared/bench/corpus.mjs), then time the shared query mix
 * (../shared/bench/queries.json) over HTTP, one client, and print QPS per class.
 *
 *   node dist/test/search/bench/run-queries.js [--n 100000] [--seconds 5] [--shards 1]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode } from '../../../lib/node.js';
import { search } from '../../../lib/action/search/search-action.js';
import { applySearchBody, newSearchRequest } from '../../../lib/action/search/search-request.js';
import type { NodeContext } from '../../../lib/action/context.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const benchDir = resolve(root, '..', 'shared', 'bench');

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : def;
}

interface BenchQuery {
  id: string;
  class: string;
  body: Record<string, unknown>;
}

async function main(): Promise<void> {
  const n = Number(arg('n', '100000'));
  const seconds = Number(arg('seconds', '5'));
  const shards = Number(arg('shards', '1'));
  const only = arg('class', '');
  const direct = process.argv.includes('--direct');
  const dir = mkdtempSync(join(tmpdir(), 'strata-qbench-'));
  const remote = arg('url', '');
  const node = remote === '' ? await startNode({ dataPath: dir, port: Number(arg('port', '0')) }) : undefined;
  const url = remote !== '' ? remote : (node as { url: string }).url;
  const ctx = (node as unknown as { context: NodeContext } | undefined)?.context as NodeContext;
  const mix = JSON.parse(readFileSync(join(benchDir, 'queries.json'), 'utf8')) as { index: string; type: string; mapping: unknown; queries: BenchQuery[] };
  const call = async (method: string, path: string, body?: string, ct = 'application/json'): Promise<unknown> => {
    const r = await fetch(url + path, { method, headers: { 'content-type': ct }, ...(body !== undefined ? { body } : {}) });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  if (remote === '') await call('PUT', `/${mix.index}`, JSON.stringify({ settings: { number_of_shards: shards, number_of_replicas: 0, refresh_interval: '-1' }, mappings: { [mix.type]: mix.mapping } }));
  const bulk = remote !== '' ? '' : execFileSync('node', [join(benchDir, 'corpus.mjs'), '--n', String(n), '--format', 'bulk'], { maxBuffer: 1 << 30 }).toString('utf8');
  const lines = bulk.split('\n').filter((l) => l !== '');
  const t0 = Date.now();
  for (let i = 0; i < lines.length; i += 2000) {
    await call('POST', `/${mix.index}/${mix.type}/_bulk`, lines.slice(i, i + 2000).join('\n') + '\n', 'application/x-ndjson');
  }
  if (remote === '') {
    await call('POST', `/${mix.index}/_refresh`);
    console.log(`loaded ${lines.length / 2} docs in ${Date.now() - t0} ms at ${url}`);
  }
  if (process.argv.includes('--serve')) {
    const secs = Number(arg('serve-seconds', '0'));
    if (secs > 0) setTimeout(() => process.exit(0), secs * 1000);
    return;
  }
  const custom = arg('body', '');
  const queries = custom !== '' ? [{ id: 'custom', class: 'custom', body: JSON.parse(custom) as Record<string, unknown> }] : mix.queries.filter((q) => only === '' || q.class === only);
  const bodies = queries.map((q) => JSON.stringify(q.body));
  for (let w = 0; w < 2; w++) for (const b of bodies) await call('POST', `/${mix.index}/_search`, b);
  const times = new Map<string, number[]>();
  const end = Date.now() + seconds * 1000;
  let passes = 0;
  while (Date.now() < end || passes < 3) {
    for (let i = 0; i < queries.length; i++) {
      const s = process.hrtime.bigint();
      if (direct) {
        const r = newSearchRequest([mix.index], []);
        applySearchBody(r, JSON.parse(bodies[i] as string) as Record<string, unknown>);
        JSON.stringify(await search(ctx, r));
      } else await call('POST', `/${mix.index}/_search`, bodies[i]);
      const ms = Number(process.hrtime.bigint() - s) / 1e6;
      const c = (queries[i] as BenchQuery).class;
      let l = times.get(c);
      if (!l) times.set(c, (l = []));
      l.push(ms);
    }
    passes++;
  }
  for (const [c, l] of times) {
    const mean = l.reduce((a, b) => a + b, 0) / l.length;
    console.log(`${c.padEnd(12)} qps ${(1000 / mean).toFixed(0).padStart(6)}  mean ${mean.toFixed(3)} ms  (${l.length} runs)`);
  }
  await node?.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
