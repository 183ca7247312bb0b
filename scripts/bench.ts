/**
 * `npm run bench`: bulk-load a corpus over HTTP into one index of a freshly started Strata node
 * (its own process, its own temporary data directory) and print docs/s, store size on disk and
 * the server's peak RSS; then time the shared query mix (`../shared/bench/queries.json`) over
 * HTTP, one client, and print queries/s, p50 and p99 per kind, the ratio to Lucene's figures of
 * the latest anchors file, and the agreement with Lucene's answers (see scripts/query-mix.ts).
 *
 *   npm run bench -- [--docs N] [--shards N] [--bulk N] [--refresh wait_for|true|false] [--keep]
 *                    [--query-seconds S (10; 0 skips the queries)] [--kind term|match|...|highlight|nested]
 *                    [--node-arg FLAG]...   (flags for the server's node, e.g. --cpu-prof)
 *   npm run bench -- --scripts [--docs N] [--rounds N] [--http]   script evaluation speed (scripts/bench-script.ts)
 *   npm run bench -- --embedded [--docs N] [--nodes N]   start, fixture load, reset, memory per node (scripts/bench-embedded.ts)
 *   npm run bench -- --reindex [--docs N] [--shards N]   the load, then `_reindex` of it into a second index, rate vs the load's (scripts/bench-reindex.ts)
 *   npm run bench -- --cluster 3 [--docs N] [--shards 3] [--clients 3] [--search-clients 4] [--search-seconds 10] [--rounds 1]
 *                    1 node vs a 3-node cluster with one replica, indexing and search (scripts/bench-cluster.ts)
 *   npm run bench -- --aggs [--docs 226974] [--query-seconds S]   the load (with a `published` date), then date_histogram + percentiles + cardinality (scripts/bench-aggs.ts)
 *   npm run bench -- --docs 1000000 [--scale] [--query-seconds S]   synthetic documents shaped like the corpus: indexing rate and
 *                    p50 per query kind at N vs at 100k, segment count (scripts/bench-scale.ts; more docs than the corpus has,
 *                    or --scale, select it; --scale-base N: the checkpoint, 100000; no start rows, no Lucene)
 *
 * Before the load it measures the start rows (scripts/bench-start.ts: first answer and idle RSS
 * beside a bare `node:http` server, rounds alternating; 50 indices × 5 shards on disk;
 * `--start-rounds N`, 3, 0 skips them) and runs Lucene on the same documents and query mix
 * (scripts/bench-lucene.ts, when liblucene8-java is installed; `--no-lucene` skips it, and the
 * ratios then use the newest anchors file). It ends with issue 14's table: each row, its
 * same-run reference, the ratio and the goal.
 *
 * The corpus is `../shared/bench/npm-packages.tsv.gz` read through `../shared/bench/corpus.mjs`
 * (the same documents and mapping the shared harness uses); when that is absent, a generated
 * corpus of the same shape.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, readdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { agreement, formatStats, loadAnchors, loadMix, timeMix, type Answer, type Anchors, type KindStats } from './query-mix.js';
import { median, startBench, type StartFigures } from './bench-start.js';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-process.js';
import { luceneJar, runLucene, type LuceneRun } from './bench-lucene.js';
import { freePort } from './cluster/ports.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const benchDir = resolve(root, '..', 'shared', 'bench');
const corpusModule = resolve(benchDir, 'corpus.mjs');

/** Rows of `../shared/bench/npm-packages.tsv.gz`: a larger `--docs` needs synthetic documents. */
const CORPUS_ROWS = 226_974;

interface Doc {
  id: string;
  source: Record<string, unknown>;
}

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : def;
}

const MAPPING_FALLBACK = {
  properties: {
    name: { type: 'keyword' },
    version: { type: 'keyword' },
    downloads: { type: 'long' },
    summary: { type: 'text' },
    scope: { type: 'keyword' },
    name_words: { type: 'text' },
  },
};

async function* generated(n: number): AsyncGenerator<Doc> {
  const words = ['fast', 'tiny', 'http', 'server', 'parser', 'json', 'stream', 'cli', 'react', 'plugin', 'test', 'utility', 'async', 'config'];
  let seed = 42;
  const rnd = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let i = 0; i < n; i++) {
    const name = `pkg-${i.toString(36)}-${words[i % words.length]}`;
    const summary = Array.from({ length: 4 + Math.floor(rnd() * 8) }, () => words[Math.floor(rnd() * words.length)]).join(' ');
    yield { id: name, source: { name, version: '1.0.0', downloads: Math.floor(rnd() * 1e6), summary, scope: 'none', name_words: name.replace(/-/g, ' ') } };
  }
}

async function dirSize(path: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(path, { withFileTypes: true })) {
    const p = join(path, e.name);
    total += e.isDirectory() ? await dirSize(p) : (await stat(p)).size;
  }
  return total;
}

/**
 * CPU seconds (user + system) the process has used: on a shared machine a steadier figure than
 * wall-clock time for comparing two builds.
 */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15, in ticks.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11] ?? 0) + Number(f[12] ?? 0)) / 100;
}

async function peakRssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) : 0;
}

/**
 * The server's V8 heap (`_nodes/_local/stats/jvm`) sampled every second while it loads: with the
 * peak RSS it tells the JavaScript heap (live data and not yet collected garbage) from the rest.
 */
function sampleHeap(base: string): { stop(): Promise<{ used: number; committed: number }> } {
  const peak = { used: 0, committed: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      await new Promise((r) => setTimeout(r, 1000));
      const r = (await call(base, 'GET', '/_nodes/_local/stats/jvm').catch(() => undefined)) as { nodes?: Record<string, { jvm: { mem: { heap_used_in_bytes: number; heap_committed_in_bytes: number } } }> } | undefined;
      for (const n of Object.values(r?.nodes ?? {})) {
        peak.used = Math.max(peak.used, n.jvm.mem.heap_used_in_bytes / 1048576);
        peak.committed = Math.max(peak.committed, n.jvm.mem.heap_committed_in_bytes / 1048576);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/**
 * One request with `fetch`, as the shared harness's `es-http` client sends it (with fetch's own
 * `Accept-Encoding: gzip, deflate`); `identity` asks for uncompressed answers instead.
 */
async function call(base: string, method: string, path: string, body?: string, ndjson = false, identity = false): Promise<unknown> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' };
  if (identity) headers['accept-encoding'] = 'identity';
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  if (res.status >= 400 && !(method === 'DELETE' && res.status === 404)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    // the usage lines of this file's header comment (it used to run the whole bench instead)
    const src = await readFile(fileURLToPath(import.meta.url).replace(/dist\/scripts\/bench\.js$/, 'scripts/bench.ts'), 'utf8').catch(() => '');
    const usage = src.split('\n').filter((l) => /^ \*\s+(npm run bench|\[)/.test(l) || /^ \*\s{10,}/.test(l)).map((l) => l.slice(3));
    process.stdout.write(`${usage.join('\n') || 'npm run bench -- [--docs N] ... (see scripts/bench.ts)'}\n`);
    return;
  }
  if (process.argv.includes('--scripts')) {
    const { runScriptBench } = await import('./bench-script.js');
    return runScriptBench();
  }
  if (process.argv.includes('--embedded')) {
    const { runEmbeddedBench } = await import('./bench-embedded.js');
    return runEmbeddedBench();
  }
  const n = Number(arg('docs', '100000'));
  const shards = Number(arg('shards', '1'));
  const bulkSize = Number(arg('bulk', '1000'));
  const refresh = arg('refresh', 'false');
  const real = existsSync(corpusModule);
  // More documents than the corpus holds (or --scale): synthetic ones, generated while loading.
  const scale = real && (process.argv.includes('--scale') || n > CORPUS_ROWS) && !process.argv.includes('--aggs') && !process.argv.includes('--reindex');
  const corpus = real ? ((await import(pathToFileURL(corpusModule).href)) as { docs(o: { n: number }): AsyncIterable<Doc>; MAPPING: unknown; TYPE_NAME: string }) : undefined;

  // Load (and serialise) the documents before timing, as the shared harness does.
  const bodies: string[] = [];
  let lines: string[] = [];
  let count = 0;
  let sourceBytes = 0;
  // `--aggs`: the documents carry a synthetic `published` date for the aggregation row (scripts/bench-aggs.ts)
  const aggs = process.argv.includes('--aggs') ? await import('./bench-aggs.js') : undefined;
  for await (const d of scale ? [] : corpus ? corpus.docs({ n }) : generated(n)) {
    const source = JSON.stringify(aggs ? aggs.withPublished(d.source) : d.source);
    sourceBytes += Buffer.byteLength(source);
    lines.push(JSON.stringify({ index: { _id: d.id } }), source);
    if (++count % bulkSize === 0) {
      bodies.push(lines.join('\n') + '\n');
      lines = [];
    }
  }
  if (lines.length > 0) bodies.push(lines.join('\n') + '\n');
  if (process.argv.includes('--cluster')) {
    const { clusterBench } = await import('./bench-cluster.js');
    const words = ['fast', 'http', 'server', 'parser', 'json', 'stream', 'react', 'plugin'];
    return clusterBench({
      bodies,
      docs: count,
      type: corpus?.TYPE_NAME ?? 'pkg',
      mapping: corpus?.MAPPING ?? MAPPING_FALLBACK,
      queries: real ? loadMix(benchDir).queries.map((q) => q.body) : words.map((w) => ({ query: { match: { summary: w } } })),
      nodes: Number(arg('cluster', '3')),
      shards: Number(arg('shards', '3')),
      clients: Number(arg('clients', '3')),
      searchClients: Number(arg('search-clients', '4')),
      searchSeconds: Number(arg('search-seconds', '10')),
      rounds: Number(arg('rounds', '1')),
    });
  }

  const startRounds = scale ? 0 : Number(arg('start-rounds', '3'));
  const start = startRounds > 0 ? await startBench(root, startRounds) : undefined;
  if (start) process.stdout.write(formatStart(start));
  // --reindex and --aggs time their own work instead of the query mix.
  const querySeconds = aggs ? 0 : Number(arg('query-seconds', process.argv.includes('--reindex') ? '0' : '10'));
  let lucene: LuceneRun | undefined;
  if (real && !scale && !process.argv.includes('--no-lucene') && luceneJar() !== undefined) {
    lucene = await runLucene(benchDir, n, querySeconds);
    process.stdout.write(`lucene ${lucene.version} (same run, in process, one thread): ${lucene.indexDocsPerSec} docs/s, ${(lucene.indexBytes / 1048576).toFixed(1)} MiB\n`);
  }

  const dataPath = await mkdtemp(join(tmpdir(), 'strata-bench-'));
  const port = await freePort();
  // `--node-arg --cpu-prof` (repeatable) passes flags to the server's node, e.g. to profile it.
  const nodeArgs = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--node-arg' ? [a] : []));
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, join(root, 'dist', 'bin', 'strata.js'), '-E', `http.port=${port}`, '-E', `path.data=${dataPath}`, '-E', 'logger.level=warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: SERVER_ENV,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        await call(base, 'GET', '/');
        break;
      } catch (e) {
        if (i > 600) throw e; // up to 30 s: a loaded machine starts the server slowly
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const type = corpus?.TYPE_NAME ?? 'pkg';
    const mapping = (corpus?.MAPPING ?? MAPPING_FALLBACK) as { properties: Record<string, unknown> };
    await call(base, 'PUT', '/bench', JSON.stringify({ settings: { number_of_shards: shards, number_of_replicas: 0 }, mappings: { [type]: aggs ? { properties: { ...mapping.properties, ...aggs.PUBLISHED_MAPPING } } : mapping } }));
    if (scale) {
      const { scaleBench } = await import('./bench-scale.js');
      await scaleBench({
        call: (m, p, b, nd) => call(base, m, p, b, nd),
        cpuSeconds: () => cpuSeconds(child.pid!),
        peakRssMb: async () => (await peakRssKb(child.pid!)) / 1024,
        corpusModule,
        benchDir,
        type,
        docs: n,
        bulkSize,
        querySeconds: Number(arg('query-seconds', '10')),
        only: arg('kind', ''),
        base: Number(arg('scale-base', '100000')),
      });
      return;
    }
    const started = process.hrtime.bigint();
    const cpuStart = await cpuSeconds(child.pid!);
    const heap = sampleHeap(base);
    for (const body of bodies) {
      const r = (await call(base, 'POST', `/bench/${type}/_bulk?refresh=${refresh}`, body, true)) as { errors: boolean; items: unknown[] };
      if (r.errors) throw new Error(`bulk reported errors: ${JSON.stringify(r.items.find((it) => JSON.stringify(it).includes('"error"')))}`);
    }
    const translog = (await call(base, 'GET', '/bench/_stats/translog')) as { _all: { primaries: { translog: { operations: number; size_in_bytes: number } } } };
    // Timed up to the flush (refresh + commit + compaction), as Lucene's figure runs to its commit.
    await call(base, 'POST', '/bench/_flush');
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = (await cpuSeconds(child.pid!)) - cpuStart;
    const log = translog._all.primaries.translog;
    const store = await dirSize(dataPath);
    const rss = await peakRssKb(child.pid!);
    const heapPeak = await heap.stop();
    const countBody = (await call(base, 'GET', '/bench/_stats/docs')) as { _all: { primaries: { docs: { count: number } } } };
    process.stdout.write(
      [
        `corpus: ${real ? 'npm-packages (shared/bench)' : 'generated'}, ${count} docs, ${shards} shard(s), ${bulkSize}-doc bulks, refresh=${refresh}`,
        `indexed: ${countBody._all.primaries.docs.count} docs in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} docs/s`,
        `server CPU: ${cpu.toFixed(2)} s = ${Math.round(count / cpu)} docs per CPU-second`,
        `op log before the flush: ${log.operations} operations, ${Math.round(log.size_in_bytes / Math.max(1, log.operations))} bytes/op (JSON source: ${Math.round(sourceBytes / count)} bytes/doc)`,
        `store size on disk: ${(store / 1048576).toFixed(1)} MiB`,
        `server peak RSS: ${(rss / 1024).toFixed(0)} MiB (V8 heap, sampled every second: at most ${heapPeak.used.toFixed(0)} MiB used, ${heapPeak.committed.toFixed(0)} MiB committed)`,
      ].join('\n') + '\n',
    );
    if (process.argv.includes('--reindex')) {
      const { reindexBench } = await import('./bench-reindex.js');
      await reindexBench((m, p, b) => call(base, m, p, b), { docs: count, bulkDocsPerSecond: count / seconds, shards, type, mapping: corpus?.MAPPING ?? MAPPING_FALLBACK, cpuSeconds: () => cpuSeconds(child.pid!) });
    }
    if (aggs) await aggs.aggsBench((m, p, b) => call(base, m, p, b), { docs: count, seconds: Number(arg('query-seconds', '10')), cpuSeconds: () => cpuSeconds(child.pid!) });
    const stats = real && querySeconds > 0 ? await queryMix(base, n, querySeconds, arg('kind', ''), lucene, bodies) : undefined;
    process.stdout.write(issueTable({ start, lucene, docsPerSec: count / seconds, peakRssMb: rss / 1024, stats, docs: count }));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (!process.argv.includes('--keep')) await rm(dataPath, { recursive: true, force: true });
  }
}

/** Time the shared query mix against the loaded index and print the figures. */
async function queryMix(base: string, docs: number, seconds: number, only: string, lucene: LuceneRun | undefined, bulkBodies: readonly string[]): Promise<KindStats[]> {
  const mix = loadMix(benchDir);
  // Lucene of this run when it ran, else the newest anchors file (another day and load).
  const anchors: Anchors | undefined = lucene ? { file: 'same run', qps: lucene.qps, answers: lucene.answers } : loadAnchors(benchDir);
  const sender = (identity: boolean) => async (body: string): Promise<Answer> => {
    const r = (await call(base, 'POST', '/bench/_search', body, false, identity)) as { hits: { total: number; hits: Array<{ _id: string }> } };
    return { total: r.hits.total, ids: r.hits.hits.map((h) => h._id) };
  };
  // The same queries also asked without gzip, alternating, for the first wave's comparison.
  const { stats, alternateStats: uncompressed, answers } = await timeMix(mix.queries, sender(false), { seconds, only, alternate: sender(true) });
  // the kinds only Strata answers (a highlighted match, a nested query): scripts/bench-search-kinds.ts
  const { timeSearchKinds } = await import('./bench-search-kinds.js');
  stats.push(...(await timeSearchKinds((m, p, b, nd) => call(base, m, p, b, nd), bulkBodies, mix.queries, seconds, only)));
  process.stdout.write(`query mix: ${mix.queries.length} queries of queries.json, one client over HTTP, >= ${seconds} s\n${formatStats(stats, anchors)}\n`);
  process.stdout.write(`${(await import('./bench-first-wave.js')).firstWaveTable(stats, uncompressed, anchors)}\n`);
  const { clientFloor, formatFloor } = await import('./bench-client-floor.js');
  process.stdout.write(formatFloor(await clientFloor(root, mix.queries, Math.min(seconds, 5), only), anchors?.qps));
  // Lucene's answers were computed over the 100k sample: agreement only means something there.
  if (anchors && anchors.answers.size > 0 && docs === 100000) {
    const a = agreement(answers, anchors.answers);
    process.stdout.write(`agreement with Lucene (${a.queries} queries): same hit totals ${a.sameTotalPct.toFixed(1)}%, top-10 overlap ${a.top10OverlapPct.toFixed(1)}%\n`);
  }
  return stats;
}

const ms = (xs: readonly number[]): string => xs.map((x) => x.toFixed(0)).join(', ');

/** The start rows as measured, round by round. */
function formatStart(f: StartFigures): string {
  return [
    `start (spawn to the first answer of GET /), rounds alternating: bare node:http ${ms(f.bareMs)} ms; strata ${ms(f.strataMs)} ms`,
    `idle RSS (strata: three empty indices), after 4 s: bare ${ms(f.bareRssMb)} MB; strata ${ms(f.strataRssMb)} MB`,
    `50 indices x 5 shards on disk: first answer ${ms(f.manyMs)} ms, health green ${ms(f.manyGreenMs)} ms`,
    '',
  ].join('\n');
}

/** Issue 14's table: every row with its same-run reference, the ratio and the goal. */
function issueTable(r: { start?: StartFigures; lucene?: LuceneRun; docsPerSec: number; peakRssMb: number; stats?: KindStats[]; docs: number }): string {
  const rows: Array<[string, string, string, string, string]> = [];
  const ratio = (a: number, b: number): string => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : '-');
  const { start, lucene } = r;
  if (start) {
    const [b, s] = [median(start.bareMs), median(start.strataMs)];
    rows.push(['first answer after process start (median)', `${s.toFixed(0)} ms`, `bare node:http ${b.toFixed(0)} ms`, ratio(s, b), '<= 1.5x']);
    const [br, sr] = [median(start.bareRssMb), median(start.strataRssMb)];
    rows.push(['idle RSS, three empty indices (median)', `${sr.toFixed(1)} MB`, `bare node:http ${br.toFixed(1)} MB`, ratio(sr, br), '<= 1.6x']);
    rows.push(['start with 50 indices x 5 shards: first answer / green', `${median(start.manyMs).toFixed(0)} / ${median(start.manyGreenMs).toFixed(0)} ms`, `bare node:http ${b.toFixed(0)} ms`, ratio(median(start.manyMs), b), 'first answer <= 1 s']);
  } else rows.push(['start rows', 'not run (--start-rounds 0)', '', '', '']);
  rows.push(['_bulk indexing, 1000-doc bulks', `${Math.round(r.docsPerSec)} docs/s`, lucene ? `Lucene ${lucene.indexDocsPerSec} docs/s` : 'Lucene not run', lucene ? ratio(r.docsPerSec, lucene.indexDocsPerSec) : '-', '>= 0.5x']);
  for (const k of r.stats ?? []) {
    const l = lucene?.qps[k.kind];
    rows.push([`${k.kind} queries, one client over HTTP`, `${k.qps.toFixed(0)} q/s`, l ? `Lucene ${l.toFixed(0)} q/s` : 'Lucene not run', l ? ratio(k.qps, l) : '-', k.kind === 'term' ? '>= 0.15x' : '>= 0.5x']);
  }
  rows.push([`peak RSS while bulk-loading ${r.docs} docs`, `${r.peakRssMb.toFixed(0)} MiB`, '', '', '<= 300 MiB at 100k']);
  rows.push(['indexing rate and p50 at 1M docs vs 100k', 'not measured by this run (npm run bench -- --docs 1000000)', '', '', '>= 0.8x, <= 3x']);
  if (start) rows.push(['deprecation warnings at start', String(start.deprecations), '', '', '0']);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => row.map((c, i) => (i < 4 ? c.padEnd(w[i]!) : c)).join('  '));
  return `\nissue 14 (measure / this run / same-run reference / ratio / goal):\n${lines.join('\n')}\n`;
}

main().catch((err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
