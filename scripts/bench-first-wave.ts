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

/**
 * The comparison table, with the load average it ran under. The first wave's server never
 * compressed an answer; since then Strata gzips answers of 1 KiB or more for a client that
 * accepts it, as ES 5.6 does by default (`http.compression`), and the `fetch` client pays about a
 * millisecond to inflate each one. So the verdict compares like with like: the same queries asked
 * without gzip (`uncompressed`, timed alternating with the others in the same run); the ratio with
 * ES's transfer encoding is printed beside it.
 */
export function firstWaveTable(stats: readonly KindStats[], uncompressed: readonly KindStats[], anchors: Anchors | undefined): string {
  const [l1, l5] = loadavg();
  const lines = [`issue 11: ratio to Lucene vs the first wave's (load average ${l1?.toFixed(1)} / ${l5?.toFixed(1)} over 1 / 5 min)`];
  lines.push('kind          gzip asked   not asked   first wave   at or above (not asked, as the first wave served)');
  const ratio = (s: KindStats | undefined, l: number | undefined): number | undefined => (s && l ? s.qps / l : undefined);
  const fmt = (r: number | undefined): string => (r === undefined ? '-' : `${r.toFixed(3)}x`);
  for (const s of stats) {
    const first = FIRST_WAVE_RATIOS[s.kind];
    if (first === undefined) continue;
    const l = anchors?.qps[s.kind];
    const plain = ratio(uncompressed.find((u) => u.kind === s.kind), l);
    const verdict = plain === undefined ? 'no figure' : plain >= first ? 'yes' : 'NO';
    lines.push(`${s.kind.padEnd(12)} ${fmt(ratio(s, l)).padStart(11)} ${fmt(plain).padStart(11)} ${`${first.toFixed(3)}x`.padStart(12)}   ${verdict}`);
  }
  return lines.join('\n');
}
