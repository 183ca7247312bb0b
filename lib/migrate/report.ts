/**
 * What `strata migrate` prints: a progress line per index (documents done of total, rate, time
 * left) and the summary table at the end. Pure formatting.
 */

/** One index's row of the summary. */
export interface IndexRow {
  index: string;
  sourceDocs: number;
  targetDocs: number;
  written: number;
  unchanged: number;
  tookMs: number;
  /** `copied`, `resumed`, `verified`, or what went wrong. */
  result: string;
  ok: boolean;
}

const num = (n: number): string => n.toLocaleString('en-US');

/** A duration as `850ms`, `12.3s`, `4m05s`, `2h03m`. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.floor(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** `logs-1  1,200/5,000 docs  24.0%  800 docs/s  1.2s elapsed  4.7s left` */
export function progressLine(index: string, done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const pct = total > 0 ? Math.min(100, (done * 100) / total) : 100;
  const left = done >= total ? 0 : rate > 0 ? ((total - done) * 1000) / rate : Infinity;
  return `${index}  ${num(done)}/${num(total)} docs  ${pct.toFixed(1)}%  ${num(Math.round(rate))} docs/s  ${duration(elapsedMs)} elapsed  ${duration(left)} left`;
}

/** The summary table, columns aligned. */
export function summaryTable(rows: IndexRow[]): string {
  const header = ['index', 'source docs', 'target docs', 'written', 'unchanged', 'took', 'result'];
  const cells = rows.map((r) => [r.index, num(r.sourceDocs), num(r.targetDocs), num(r.written), num(r.unchanged), duration(r.tookMs), r.result]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  // text columns left-aligned, numbers right-aligned
  const line = (c: string[]): string => c.map((v, i) => (i === 0 || i === c.length - 1 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}
