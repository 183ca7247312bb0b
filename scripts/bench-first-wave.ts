/**
 * Issue 11's bench check: the shared kinds of the query mix must stay at or above the first
 * wave's ratios to Lucene while search grows (highlighting, nested, ...). The first wave's
 * ratios are those of docs/benchmarks.md ("Figures (2026-11-24 ...)": `npm run bench` at 08:02,
 * 100k docs, one shard, load average 6; `terms_agg`, which the first wave's `npm run bench` did
 * not run, from the shared harness run of 08:42 the same day). A ratio is this run's queries/s
 * over Lucene's (same run, or the anchors file), so the load of the day cancels out as far as
 * it falls on both.
 */
import { loadavg } from 'node:os';
import type { Anchors, KindStats } from './query-mix.js';

/** Queries/s over Lucene's per kind at the end of the first wave (docs/benchmarks.md). */
export const FIRST_WAVE_RATIOS: Readonly<Record<string, number>> = {
  term: 0.047,
  match: 0.298,
  match_phrase: 0.234,
  bool_range: 0.235,
  prefix: 0.158,
  sort: 0.288,
  terms_agg: 0.212,
};

/** The comparison table, with the load average it ran under. */
export function firstWaveTable(stats: readonly KindStats[], anchors: Anchors | undefined): string {
  const [l1, l5] = loadavg();
  const lines = [`issue 11: ratio to Lucene vs the first wave's (load average ${l1?.toFixed(1)} / ${l5?.toFixed(1)} over 1 / 5 min)`];
  lines.push('kind          this run   first wave   at or above');
  for (const s of stats) {
    const first = FIRST_WAVE_RATIOS[s.kind];
    if (first === undefined) continue;
    const l = anchors?.qps[s.kind];
    const ratio = l ? s.qps / l : undefined;
    const verdict = ratio === undefined ? 'no Lucene figure' : ratio >= first ? 'yes' : 'NO';
    lines.push(`${s.kind.padEnd(12)} ${(ratio === undefined ? '-' : `${ratio.toFixed(3)}x`).padStart(9)} ${`${first.toFixed(3)}x`.padStart(12)}   ${verdict}`);
  }
  return lines.join('\n');
}
