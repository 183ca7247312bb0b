/**
 * Script evaluation benchmark (`npm run bench -- --scripts [--docs N] [--rounds N]`): the
 * `downloads` doc values of N documents of the benchmark corpus (default 100k) in a doc values
 * column, then
 *
 *   doc['downloads'].value * params.f + Math.log(1 + doc['downloads'].value)     (painless)
 *   doc['downloads'].value * f + ln(1 + doc['downloads'].value)                  (expression)
 *
 * evaluated for every document through the same per-segment binding the `_script` sort uses
 * (one `doc` lookup per segment, compiled closures, no per-document parsing), and the top 10 kept
 * as a descending sort would. Prints evaluations per second for each language.
 *
 * With `--http`, it also loads the documents into a node (in this process, temporary data
 * directory) and times `_search` sorted by `_script` over all of them, end to end.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNode } from '../lib/node.js';
import { resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocLookup, type DocValuesColumns } from '../lib/script/doc-lookup.js';
import { ScriptService } from '../lib/script/script-service.js';
import { toNum, toScript } from '../lib/script/runtime/values.js';
import { ExpressionScript } from '../lib/script/expression/expression.js';
import type { ScriptRef } from '../lib/dsl/script-ref.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpusModule = resolve(root, '..', 'shared', 'bench', 'corpus.mjs');

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : def;
}

/** `_search` sorted by each script over `values.length` documents, through HTTP. */
async function httpSort(values: number[], cases: Array<{ lang: string; ref: ScriptRef }>): Promise<void> {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-bench-script-'));
  const node = await startNode({ dataPath, port: 0, host: '127.0.0.1', logLevel: 'fatal', settings: { 'script.max_compilations_per_minute': '1000' } });
  const call = async (method: string, path: string, body: string, ct = 'application/json'): Promise<Record<string, unknown>> => {
    const r = await fetch(node.url + path, { method, headers: { 'content-type': ct }, body });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  try {
    await call('PUT', '/bench', JSON.stringify({ settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' }, mappings: { pkg: { properties: { downloads: { type: 'long' } } } } }));
    for (let i = 0; i < values.length; i += 5000) {
      const lines = values.slice(i, i + 5000).flatMap((v, j) => [JSON.stringify({ index: { _id: String(i + j) } }), JSON.stringify({ downloads: v })]);
      await call('POST', '/bench/pkg/_bulk', lines.join('\n') + '\n', 'application/x-ndjson');
    }
    await call('POST', '/bench/_refresh', '');
    for (const c of cases) {
      const body = JSON.stringify({ size: 10, _source: false, sort: { _script: { type: 'number', order: 'desc', script: { lang: c.lang, inline: c.ref.idOrCode, params: c.ref.params } } } });
      await call('POST', '/bench/_search', body); // compile + warm-up
      const runs = 5;
      const t0 = process.hrtime.bigint();
      for (let r = 0; r < runs; r++) await call('POST', '/bench/_search', body);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6 / runs;
      console.log(`  http ${c.lang.padEnd(10)} ${ms.toFixed(1)} ms per sorted search of ${values.length} docs (${(values.length / ms / 1000).toFixed(2)} M evaluations/s end to end)`);
    }
  } finally {
    await node.close();
    await rm(dataPath, { recursive: true, force: true });
  }
}

async function downloads(n: number): Promise<{ values: number[]; source: string }> {
  if (existsSync(corpusModule)) {
    const corpus = (await import(pathToFileURL(corpusModule).href)) as { docs(o: { n: number }): AsyncIterable<{ source: { downloads?: number } }> };
    const values: number[] = [];
    for await (const d of corpus.docs({ n })) values.push(Number(d.source.downloads ?? 0));
    return { values, source: 'npm-packages (shared/bench)' };
  }
  let seed = 42;
  const values = Array.from({ length: n }, () => Math.floor(((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 1e6));
  return { values, source: 'generated' };
}

/** Top-10 (descending) over a number per doc, as the sort collector would keep them. */
function top10(n: number, value: (d: number) => number): number[] {
  const best: number[] = [];
  for (let d = 0; d < n; d++) {
    const v = value(d);
    if (best.length < 10 || v > best[best.length - 1]!) {
      best.push(v);
      best.sort((a, b) => b - a);
      if (best.length > 10) best.pop();
    }
  }
  return best;
}

export async function runScriptBench(): Promise<void> {
  const n = Number(arg('docs', '100000'));
  const rounds = Number(arg('rounds', '20'));
  const { values, source } = await downloads(n);
  const start = new Int32Array(values.length + 1);
  for (let i = 0; i <= values.length; i++) start[i] = i;
  const column = { kind: 'numeric' as const, start, values: Float64Array.from(values) };
  const segment: DocValuesColumns = { docValuesColumn: (f) => (f === 'downloads' ? column : undefined) };
  const scripts = new ScriptService({ settings: {}, stored: () => undefined });
  await scripts.ready();
  const cases: Array<{ lang: string; ref: ScriptRef }> = [
    { lang: 'painless', ref: { type: 'inline', lang: 'painless', idOrCode: "doc['downloads'].value * params.f + Math.log(1 + doc['downloads'].value)", params: { f: 0.5 } } },
    { lang: 'expression', ref: { type: 'inline', lang: 'expression', idOrCode: "doc['downloads'].value * f + ln(1 + doc['downloads'].value)", params: { f: 0.5 } } },
  ];
  console.log(`script bench: corpus ${source}, ${values.length} docs, ${rounds} rounds per language`);
  let reference: number[] | undefined;
  for (const c of cases) {
    const { script } = scripts.compile(c.ref, 'search');
    const lookup = new DocLookup(segment, (f) => (f === 'downloads' ? 'long' : undefined));
    const g = { params: toScript(c.ref.params), doc: lookup, _score: 0 };
    const value =
      script instanceof ExpressionScript
        ? (d: number): number => {
            lookup.doc = d;
            return script.evaluate(g);
          }
        : (d: number): number => {
            lookup.doc = d;
            const v = script.execute(g);
            return typeof v === 'number' ? v : toNum(v);
          };
    top10(values.length, value); // warm-up
    const t0 = process.hrtime.bigint();
    let best: number[] = [];
    for (let r = 0; r < rounds; r++) best = top10(values.length, value);
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    const evals = values.length * rounds;
    reference ??= best;
    const same = best.every((v, i) => Math.abs(v - reference![i]!) < 1e-6);
    console.log(
      `  ${c.lang.padEnd(10)} ${(evals / secs / 1e6).toFixed(2)} M evaluations/s  (${evals} in ${secs.toFixed(2)} s; top value ${best[0]?.toFixed(1)}${same ? '' : ', MISMATCH with painless'})`,
    );
  }
  if (process.argv.includes('--http')) await httpSort(values, cases);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  runScriptBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
