/**
 * Issue 14's scale rows (`npm run bench -- --docs 1000000`): synthetic documents shaped like
 * the corpus (scripts/synthetic-corpus.ts) are bulk-loaded into one index, and the run measures,
 * in the same run and on the same kind of documents:
 * - the indexing rate over the first `base` documents (100k) and over the last `base` before
 *   the end (loading time only: the query pause is not counted);
 * - p50 latency per kind of the shared query mix at `base` documents and at the end (the load
 *   pauses, the index is refreshed, the mix is timed);
 * - the segment count, sampled every 10 bulks: merges must keep it bounded;
 * - the server's CPU seconds per 100k documents in both windows, and its peak RSS.
 * Bodies are generated one bulk ahead while the previous one is in flight (a million documents
 * are not held in memory).
 */
import { formatStats, loadMix, timeMix, type Answer, type KindStats } from './query-mix.js';
import { SyntheticCorpus } from './synthetic-corpus.js';
import { loadavg } from 'node:os';

export interface ScaleDeps {
  call(method: string, path: string, body?: string, ndjson?: boolean): Promise<unknown>;
  cpuSeconds(): Promise<number>;
  peakRssMb(): Promise<number>;
  corpusModule: string;
  benchDir: string;
  type: string;
  docs: number;
  bulkSize: number;
  querySeconds: number;
  only: string;
  /** The checkpoint (default SCALE_BASE; `--scale-base N` for a quick run). */
  base?: number;
}

/** Checkpoint size: the rate and latencies at the end are compared with those at this many docs. */
export const SCALE_BASE = 100_000;

interface Window {
  docs: number;
  seconds: number;
  cpu: number;
}

export async function scaleBench(d: ScaleDeps): Promise<void> {
  const t0 = Date.now();
  const gen = await SyntheticCorpus.load(d.corpusModule);
  process.stdout.write(`synthetic corpus: model learnt from ${gen.corpusRows} corpus rows in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${d.docs} docs, ${d.bulkSize}-doc bulks\n`);
  const mix = loadMix(d.benchDir);
  const send = async (body: string): Promise<Answer> => {
    const r = (await d.call('POST', '/bench/_search', body)) as { hits: { total: number; hits: Array<{ _id: string }> } };
    return { total: r.hits.total, ids: r.hits.hits.map((h) => h._id) };
  };
  const segments = async (): Promise<number> => ((await d.call('GET', '/bench/_stats/segments')) as { _all: { primaries: { segments: { count: number } } } })._all.primaries.segments.count;
  const queryAt = async (docs: number): Promise<KindStats[]> => {
    await d.call('POST', '/bench/_refresh');
    const { stats } = await timeMix(mix.queries, send, { seconds: d.querySeconds, only: d.only });
    process.stdout.write(`query mix at ${docs} docs (${await segments()} segments):\n${formatStats(stats, undefined)}\n`);
    return stats;
  };

  const base = Math.min(d.base ?? SCALE_BASE, d.docs);
  const lastFrom = Math.max(base, d.docs - base);
  const first: Window = { docs: 0, seconds: 0, cpu: 0 };
  const last: Window = { docs: 0, seconds: 0, cpu: 0 };
  let atBase: KindStats[] = [];
  let maxSegments = 0;
  let loading = 0;
  let bulks = 0;
  // progress, one line per `base` docs (a long run on a loaded machine says where it stands)
  const step = { docs: 0, seconds: 0, cpu: 0 };
  let next = gen.bulkBody(0, Math.min(d.bulkSize, d.docs));
  for (let from = 0; from < d.docs; ) {
    const count = Math.min(d.bulkSize, d.docs - from);
    const started = Date.now();
    const cpu0 = await d.cpuSeconds();
    const pending = d.call('POST', `/bench/${d.type}/_bulk`, next, true) as Promise<{ errors: boolean; items: unknown[] }>;
    const after = from + count;
    // the next body is generated while this one is indexed
    next = after < d.docs ? gen.bulkBody(after, Math.min(d.bulkSize, d.docs - after)) : '';
    const r = await pending;
    if (r.errors) throw new Error(`bulk reported errors: ${JSON.stringify(r.items.find((it) => JSON.stringify(it).includes('"error"')))}`);
    const secs = (Date.now() - started) / 1000;
    const cpu = (await d.cpuSeconds()) - cpu0;
    loading += secs;
    for (const w of [step, from < base ? first : undefined, from >= lastFrom ? last : undefined]) {
      if (!w) continue;
      w.docs += count;
      w.seconds += secs;
      w.cpu += cpu;
    }
    from = after;
    if (++bulks % 10 === 0 || from === d.docs) maxSegments = Math.max(maxSegments, await segments());
    if (from % base === 0) {
      const rss = await d.peakRssMb();
      process.stdout.write(`at ${from} docs: ${Math.round(step.docs / step.seconds)} docs/s over the last ${step.docs}, ${((step.cpu / step.docs) * 1e5).toFixed(1)} server CPU-s per 100k, ${await segments()} segments (at most ${maxSegments}), peak RSS ${rss.toFixed(0)} MiB, load ${(loadavg()[0] ?? 0).toFixed(1)}\n`);
      Object.assign(step, { docs: 0, seconds: 0, cpu: 0 });
    }
    if (from === base && d.docs > base && d.querySeconds > 0) atBase = await queryAt(base);
  }
  await d.call('POST', '/bench/_flush');
  const endSegments = await segments();
  const count = ((await d.call('GET', '/bench/_stats/docs')) as { _all: { primaries: { docs: { count: number } } } })._all.primaries.docs.count;
  const rss = await d.peakRssMb();
  const rate = (w: Window): number => w.docs / w.seconds;
  process.stdout.write(
    [
      `indexed: ${count} docs, loading time ${loading.toFixed(1)} s (${Math.round(d.docs / loading)} docs/s overall)`,
      `first ${first.docs} docs: ${Math.round(rate(first))} docs/s, ${((first.cpu / first.docs) * 1e5).toFixed(1)} server CPU-s per 100k docs`,
      `last ${last.docs} docs (from ${lastFrom}): ${Math.round(rate(last))} docs/s, ${((last.cpu / last.docs) * 1e5).toFixed(1)} server CPU-s per 100k docs`,
      `segments: at most ${maxSegments} while loading (sampled every 10 bulks), ${endSegments} after the flush`,
      `server peak RSS: ${rss.toFixed(0)} MiB`,
      '',
    ].join('\n'),
  );
  const atEnd = d.querySeconds > 0 ? await queryAt(d.docs) : [];
  const rows: string[][] = [['measure', `at ${d.docs}`, `at ${base}`, 'ratio', 'goal']];
  rows.push(['indexing rate (docs/s, loading time)', String(Math.round(rate(last))), String(Math.round(rate(first))), `${(rate(last) / rate(first)).toFixed(2)}x`, '>= 0.8x']);
  rows.push(['server CPU-s per 100k docs', ((last.cpu / last.docs) * 1e5).toFixed(1), ((first.cpu / first.docs) * 1e5).toFixed(1), `${(last.cpu / last.docs / (first.cpu / first.docs)).toFixed(2)}x`, '']);
  for (const k of atEnd) {
    const b = atBase.find((s) => s.kind === k.kind);
    if (!b) continue;
    rows.push([`${k.kind} p50 ms`, k.p50.toFixed(2), b.p50.toFixed(2), `${(k.p50 / b.p50).toFixed(2)}x`, '<= 3x']);
  }
  rows.push(['segments (max while loading / after flush)', `${maxSegments} / ${endSegments}`, '', '', 'bounded']);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  process.stdout.write(`\nissue 14, scale (synthetic documents shaped like the corpus):\n${rows.map((row) => row.map((c, i) => (i < 4 ? c.padEnd(w[i]!) : c)).join('  ')).join('\n')}\n`);
}
