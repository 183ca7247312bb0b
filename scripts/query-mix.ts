/**
 * The shared query mix (`../shared/bench/queries.json`) timed against a Strata `_search`, the
 * way the shared harness times engines: warm-up passes, then passes over the whole mix in file
 * order (kinds interleaved), each query timed alone, until at least 3 passes and `seconds`
 * seconds. Per kind: queries/s = 1 / mean latency, p50 and p99. Agreement with Lucene's answers
 * of the latest anchors file (`../shared/bench/results/anchors-*.json`): same hit totals, and
 * top-10 overlap, as the harness's summary computes them.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** One query of the mix. */
export interface MixQuery {
  id: string;
  class: string;
  body: Record<string, unknown>;
}

/** The mix file. */
export interface QueryMix {
  index: string;
  type: string;
  mapping: unknown;
  queries: MixQuery[];
}

/** What a search answered, reduced to what agreement needs. */
export interface Answer {
  total: number | null;
  ids: string[];
}

/** Timing and agreement figures of one kind. */
export interface KindStats {
  kind: string;
  runs: number;
  qps: number;
  p50: number;
  p99: number;
  /** Lucene's queries/s for this kind (anchors file), when known. */
  luceneQps?: number;
}

/** Kinds that need a capability Strata does not have yet, with the capability. */
export const WAITING_KINDS: Readonly<Record<string, string>> = {}; // terms_agg runs since aggregations landed

export function loadMix(benchDir: string): QueryMix {
  return JSON.parse(readFileSync(join(benchDir, 'queries.json'), 'utf8')) as QueryMix;
}

/** Lucene's figures a run is compared with: an anchors file's, or Lucene's of the same run. */
export interface Anchors {
  file: string;
  qps: Record<string, number>;
  answers: Map<string, { total: number; ids: string[] }>;
}

/** The newest anchors JSON: Lucene's (exact totals) median queries/s per kind and its answers. */
export function loadAnchors(benchDir: string): Anchors | undefined {
  const dir = join(benchDir, 'results');
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter((f) => /^anchors-.*\.json$/.test(f)).sort();
  const file = files[files.length - 1];
  if (!file) return undefined;
  const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    summary?: { engines?: { lucene?: { qps?: Record<string, { median?: number }> } } };
    luceneAnswers?: Array<{ id: string; total: number; hits: Array<[string, number]> }>;
  };
  const qps: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw.summary?.engines?.lucene?.qps ?? {})) if (typeof v.median === 'number') qps[k] = v.median;
  const answers = new Map((raw.luceneAnswers ?? []).map((a) => [a.id, { total: a.total, ids: a.hits.map((h) => h[0]) }]));
  return { file, qps, answers };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/**
 * Time the mix. `send` runs one body and returns the answer; kinds in {@link WAITING_KINDS} and
 * outside `only` are skipped. With `alternate`, every query is also sent through that second
 * client, the two in alternating order from pass to pass, so both sets of figures (`stats`,
 * `alternateStats`) fall in the same seconds of the machine's load.
 */
export async function timeMix(
  queries: readonly MixQuery[],
  send: (body: string) => Promise<Answer>,
  opts: { seconds: number; warmupPasses?: number; only?: string; alternate?: (body: string) => Promise<Answer> },
): Promise<{ stats: KindStats[]; alternateStats: KindStats[]; answers: Map<string, Answer> }> {
  const run = queries.filter((q) => !(q.class in WAITING_KINDS) && (opts.only === undefined || opts.only === '' || q.class === opts.only));
  const bodies = run.map((q) => JSON.stringify(q.body));
  const senders = opts.alternate ? [send, opts.alternate] : [send];
  const answers = new Map<string, Answer>();
  for (let w = 0; w < (opts.warmupPasses ?? 2); w++) {
    for (let i = 0; i < run.length; i++) {
      answers.set((run[i] as MixQuery).id, await send(bodies[i] as string));
      if (opts.alternate) await opts.alternate(bodies[i] as string);
    }
  }
  const times = senders.map(() => new Map<string, number[]>());
  const end = Date.now() + opts.seconds * 1000 * senders.length;
  for (let pass = 0; pass < 3 || Date.now() < end; pass++) {
    for (let i = 0; i < run.length; i++) {
      for (let k = 0; k < senders.length; k++) {
        const which = (k + pass) % senders.length;
        const t0 = process.hrtime.bigint();
        await (senders[which] as (body: string) => Promise<Answer>)(bodies[i] as string);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const kind = (run[i] as MixQuery).class;
        const perKind = times[which] as Map<string, number[]>;
        let l = perKind.get(kind);
        if (!l) perKind.set(kind, (l = []));
        l.push(ms);
      }
    }
  }
  const [stats, alternateStats] = times.map(kindStats) as [KindStats[], KindStats[] | undefined];
  return { stats, alternateStats: alternateStats ?? [], answers };
}

function kindStats(times: Map<string, number[]>): KindStats[] {
  const stats: KindStats[] = [];
  for (const [kind, l] of times) {
    const mean = l.reduce((a, b) => a + b, 0) / l.length;
    const sorted = [...l].sort((a, b) => a - b);
    stats.push({ kind, runs: l.length, qps: 1000 / mean, p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
  }
  return stats;
}

/** Same hit totals % and top-10 overlap % against Lucene's answers (the harness's definitions). */
export function agreement(answers: Map<string, Answer>, lucene: Anchors['answers']): { queries: number; sameTotalPct: number; top10OverlapPct: number } {
  let queries = 0;
  let same = 0;
  let overlap = 0;
  let withHits = 0;
  for (const [id, a] of answers) {
    const l = lucene.get(id);
    if (!l) continue;
    queries++;
    if (a.total === l.total) same++;
    if (l.ids.length > 0) {
      const want = new Set(l.ids.slice(0, 10));
      overlap += a.ids.slice(0, 10).filter((x) => want.has(x)).length / want.size;
      withHits++;
    }
  }
  return { queries, sameTotalPct: queries ? (100 * same) / queries : NaN, top10OverlapPct: withHits ? (100 * overlap) / withHits : NaN };
}

/** The printed table: one line per kind, with the ratio to Lucene when the anchors know it. */
export function formatStats(stats: readonly KindStats[], anchors: Anchors | undefined): string {
  const lines = ['kind          queries/s    p50 ms    p99 ms   runs   vs Lucene' + (anchors ? ` (${anchors.file})` : '')];
  for (const s of stats) {
    const l = anchors?.qps[s.kind];
    const ratio = l ? `${(s.qps / l).toFixed(3)}x of ${Math.round(l)}` : '-';
    lines.push(`${s.kind.padEnd(12)} ${s.qps.toFixed(0).padStart(10)} ${s.p50.toFixed(3).padStart(9)} ${s.p99.toFixed(3).padStart(9)} ${String(s.runs).padStart(6)}   ${ratio}`);
  }
  for (const [kind, why] of Object.entries(WAITING_KINDS)) lines.push(`${kind.padEnd(12)} skipped: waits for ${why}`);
  return lines.join('\n');
}
