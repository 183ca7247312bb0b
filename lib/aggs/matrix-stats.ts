/**
 * `matrix_stats` (ES 5.6 module aggs-matrix-stats): per shard, running moments of several
 * numeric fields over the docs that have a value in every one of them (`RunningStats.add`: mean,
 * second to fourth central moments, co-moments); the coordinator merges the shards' moments
 * (`RunningStats.merge`, the pairwise formulas of Pébay 2008) and derives count, mean, variance,
 * skewness, kurtosis, covariance and correlation (`MatrixStatsResults.compute`). The running
 * state is plain arrays aligned to the field names, so it crosses the shard boundary as is.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { InternalAgg, MatrixStatsSpec } from './types.js';
import { columnFor, parseMissingWith, resolveValues, type Aggregator, type LeafCollector, type ShardAggContext, type ScriptColumn } from './aggregator.js';
import type { Column, ValuesSource } from './values.js';

/** Running moments of the fields `names` (arrays aligned to `names`; `cov[i][j]` for i < j). */
export interface RunningStats {
  docCount: number;
  names: string[];
  count: number[];
  sum: number[];
  mean: number[];
  m2: number[];
  m3: number[];
  m4: number[];
  cov: number[][];
}

/** Empty running stats over `names`. */
export function newRunningStats(names: readonly string[]): RunningStats {
  const zeros = (): number[] => names.map(() => 0);
  return { docCount: 0, names: [...names], count: zeros(), sum: zeros(), mean: zeros(), m2: zeros(), m3: zeros(), m4: zeros(), cov: names.map(() => zeros()) };
}

/** RunningStats.add: one document's values (one per field). */
export function addDoc(s: RunningStats, vals: readonly number[]): void {
  const n = ++s.docCount;
  const deltas: number[] = [];
  vals.forEach((v, i) => {
    s.count[i] = (s.count[i] as number) + 1;
    s.sum[i] = (s.sum[i] as number) + v;
    deltas.push(v * n - (s.sum[i] as number));
    if (n === 1) {
      s.mean[i] = v;
      return;
    }
    const m1 = s.mean[i] as number;
    const d = v - m1;
    s.mean[i] = m1 + d / n;
    const dn = d / n;
    const t1 = d * dn * (n - 1);
    const m2 = s.m2[i] as number;
    const m3 = s.m3[i] as number;
    s.m2[i] = m2 + t1;
    s.m3[i] = m3 + (t1 * dn * (n - 2) - 3 * dn * m2);
    const dn2 = dn * dn;
    s.m4[i] = (s.m4[i] as number) + (t1 * dn2 * (n * n - 3 * n + 3) + 6 * dn2 * m2 - 4 * dn * m3);
  });
  for (let i = 0; i < vals.length; i++) {
    const row = s.cov[i] as number[];
    for (let j = i + 1; j < vals.length; j++) {
      row[j] = n === 1 ? 0 : (row[j] as number) + (1 / (n * (n - 1))) * (deltas[i] as number) * (deltas[j] as number);
    }
  }
}

/** RunningStats.merge: `b` merged into `a` (same fields), as a new record. */
export function mergeStats(a: RunningStats, b: RunningStats): RunningStats {
  if (b.docCount === 0) return a;
  if (a.docCount === 0) return b;
  const nA = a.docCount;
  const nB = b.docCount;
  const n = nA + nB;
  const out = newRunningStats(a.names);
  out.docCount = n;
  const deltas: number[] = [];
  const n2 = n * n;
  a.names.forEach((_, i) => {
    const [meanA, varA, skewA, kurtA] = [a.mean[i], a.m2[i], a.m3[i], a.m4[i]] as number[] as [number, number, number, number];
    const [meanB, varB, skewB, kurtB] = [b.mean[i], b.m2[i], b.m3[i], b.m4[i]] as number[] as [number, number, number, number];
    out.count[i] = (a.count[i] as number) + (b.count[i] as number);
    out.mean[i] = (nA * meanA + nB * meanB) / n;
    deltas.push((b.sum[i] as number) / nB - (a.sum[i] as number) / nA);
    out.sum[i] = (a.sum[i] as number) + (b.sum[i] as number);
    const d = meanB - meanA;
    const d2 = d * d;
    out.m2[i] = varA + varB + (d2 * nA * nB) / n;
    out.m3[i] = skewA + skewB + (d * d2 * nA * nB * (nA - nB)) / n2 + (3 * d * (nA * varB - nB * varA)) / n;
    out.m4[i] = kurtA + kurtB + (d2 * d2 * nA * nB * (nA * nA - nA * nB + nB * nB)) / (n2 * n) + (6 * d2 * (nA * nA * varB + nB * nB * varA)) / n2 + (4 * d * (nA * skewB - nB * skewA)) / n;
  });
  const f = (nA * nB) / n;
  a.names.forEach((_, i) => {
    for (let j = i + 1; j < a.names.length; j++) {
      (out.cov[i] as number[])[j] = (a.cov[i]?.[j] as number) + (b.cov[i]?.[j] as number) + f * (deltas[i] as number) * (deltas[j] as number);
    }
  });
  return out;
}

/** One field's figures in the response. */
export interface MatrixField {
  name: string;
  count: number;
  mean: number;
  variance: number;
  skewness: number;
  kurtosis: number;
  covariance: Map<string, number>;
  correlation: Map<string, number>;
}

/** MatrixStatsResults.compute, fields in the order ES's HashMap iterates them. */
export function matrixResults(s: RunningStats): MatrixField[] {
  const nM1 = s.docCount - 1;
  const variance = s.names.map((_, i) => (s.m2[i] as number) / nM1);
  const covAt = (i: number, j: number): number => (i === j ? (variance[i] as number) : ((i < j ? s.cov[i]?.[j] : s.cov[j]?.[i]) as number) / nM1);
  const order = javaHashMapOrder(s.names);
  return order.map((i) => {
    const m2 = s.m2[i] as number;
    const covariance = new Map<string, number>();
    const correlation = new Map<string, number>();
    for (const j of order) {
      const name = s.names[j] as string;
      const c = covAt(i, j);
      covariance.set(name, c);
      const vi = variance[i] as number;
      const vj = variance[j] as number;
      correlation.set(name, i === j ? 1 : vi === 0 || vj === 0 ? NaN : c / (Math.sqrt(vi) * Math.sqrt(vj)));
    }
    return {
      name: s.names[i] as string,
      count: s.count[i] as number,
      mean: s.mean[i] as number,
      variance: variance[i] as number,
      skewness: (Math.sqrt(s.docCount) * (s.m3[i] as number)) / Math.pow(m2, 1.5),
      kurtosis: (s.docCount * (s.m4[i] as number)) / (m2 * m2),
      covariance,
      correlation,
    };
  });
}

/** Java `String.hashCode`. */
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** Indexes of `keys` in the order a java.util.HashMap holding them iterates (bucket, then insertion). */
export function javaHashMapOrder(keys: readonly string[]): number[] {
  let cap = 16;
  while (keys.length > cap * 0.75) cap *= 2;
  const bucket = (k: string): number => {
    const h = javaHash(k);
    return (h ^ (h >>> 16)) & (cap - 1);
  };
  return keys.map((k, i) => ({ i, b: bucket(k) })).sort((x, y) => x.b - y.b || x.i - y.i).map((x) => x.i);
}

/** MultiValueMode.select of one doc's values. */
function select(mode: MatrixStatsSpec['mode'], vals: number[]): number {
  switch (mode) {
    case 'min':
      return Math.min(...vals);
    case 'max':
      return Math.max(...vals);
    case 'sum':
      return vals.reduce((a, b) => a + b, 0);
    case 'median': {
      const s = [...vals].sort((a, b) => a - b);
      const mid = s.length >> 1;
      return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
    }
    default:
      return vals.reduce((a, b) => a + b, 0) / vals.length;
  }
}

/** The matrix_stats shard aggregator: one RunningStats per parent bucket. */
export class MatrixStatsAggregator implements Aggregator {
  private readonly sources: Array<{ name: string; vs: ValuesSource }>;
  private readonly stats = new Map<number, RunningStats>();
  constructor(
    readonly spec: MatrixStatsSpec,
    ctx: ShardAggContext,
  ) {
    // unmapped fields take no part (ES builds values sources for mapped fields only)
    this.sources = spec.fields
      .map((name) => ({ name, vs: resolveValues(ctx, { type: 'avg', name: spec.name, subs: [], sigma: 2, field: name, ...missingOf(spec, name) }, true, 'matrix_stats', parseMissingWith(ctx)) }))
      .filter((s) => s.vs.field !== null);
  }
  async prepare(): Promise<void> {}
  leaf(seg: SegmentReader): LeafCollector {
    const cols = this.sources.map((s) => columnFor(s.vs, seg));
    const names = this.sources.map((s) => s.name);
    return (doc, owner) => {
      const vals: number[] = [];
      for (let i = 0; i < cols.length; i++) {
        const v = docValue(cols[i], this.sources[i]?.vs as ValuesSource, doc, this.spec.mode);
        if (v === undefined) return;
        vals.push(v);
      }
      let s = this.stats.get(owner);
      if (!s) this.stats.set(owner, (s = newRunningStats(names)));
      if (vals.length > 0) addDoc(s, vals);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'matrix_stats', spec: this.spec, stats: this.stats.get(owner) ?? newRunningStats(this.sources.map((s) => s.name)) };
  }
}

function missingOf(spec: MatrixStatsSpec, field: string): { missing?: number } {
  const m = spec.missing?.find((x) => x[0] === field);
  return m ? { missing: m[1] } : {};
}

/** A doc's value of one field under the mode, the `missing` value, or undefined (doc skipped). */
function docValue(col: Column | ScriptColumn | undefined, vs: ValuesSource, doc: number, mode: MatrixStatsSpec['mode']): number | undefined {
  if (col && col.kind === 'numeric') {
    const from = col.start[doc] as number;
    const to = col.start[doc + 1] as number;
    if (to > from) return select(mode, Array.from(col.values.subarray(from, to)));
  }
  return typeof vs.missing === 'number' ? vs.missing : undefined;
}
