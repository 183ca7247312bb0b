/**
 * ES 5.6 `AggregationPath`: the path syntax of terms/histogram `order` and pipeline
 * `buckets_path` — elements split on `>`; any element may carry a `[key]` (the text between the
 * last `[` and the closing `]`, so `pct[99.9]` names the percent 99.9), and the last one may
 * carry a `.key` split at its last dot (`stats.avg`; `pct.99.9` is `pct.99` + `9`, as in ES).
 * Also the order-path checks (`validate`, on the shard when the terms aggregator is built) and the
 * order value of a bucket (`resolveValue`).
 */
import { EsError } from '../errors/errors.js';
import { isPipeline } from './pipeline.js';
import type { AggSpec, Bucket, InternalAgg, PercentilesSpec } from './types.js';
import { own } from '../dict.js';
import { cardinalityValue } from './cardinality.js';
import { percentilesValue } from './percentiles.js';

/** One element: an aggregation name and an optional key. */
export interface PathElement {
  name: string;
  key?: string;
}

/**
 * `AggregationPath.parse`.
 * @throws aggregation_execution_exception `Invalid path element [e] in path [p]`
 */
export function parseAggregationPath(path: string): PathElement[] {
  const elements = path
    .split('>')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const invalid = (e: string): EsError => new EsError('aggregation_execution_exception', 500, `Invalid path element [${e}] in path [${path}]`);
  return elements.map((e, i) => {
    const bracket = e.lastIndexOf('[');
    if (bracket >= 0) {
      if (bracket === 0 || bracket > e.length - 3 || !e.endsWith(']')) throw invalid(e);
      return { name: e.slice(0, bracket), key: e.slice(bracket + 1, -1) };
    }
    const dot = i === elements.length - 1 ? e.lastIndexOf('.') : -1;
    if (dot < 0) return { name: e };
    if (dot === 0 || dot > e.length - 2) throw invalid(e);
    return { name: e.slice(0, dot), key: e.slice(dot + 1) };
  });
}

const SINGLE_BUCKET = new Set(['filter', 'missing', 'nested', 'reverse_nested', 'children', 'sampler', 'diversified_sampler', 'global']);
const SINGLE_VALUE = new Set(['min', 'max', 'sum', 'avg', 'value_count', 'cardinality']);
const STATS = ['count', 'min', 'max', 'avg', 'sum'];
const EXTENDED = [...STATS, 'sum_of_squares', 'variance', 'std_deviation', 'std_upper', 'std_lower'];
const MULTI_VALUE = new Set(['stats', 'extended_stats', 'percentiles', 'percentile_ranks']);

/** `MultiValue.hasMetric(name)` of a multi-value numeric metric spec; undefined for other specs. */
function hasMetric(s: AggSpec, name: string): boolean | undefined {
  if (s.type === 'stats') return STATS.includes(name);
  if (s.type === 'extended_stats') return EXTENDED.includes(name);
  if (s.type === 'percentiles' || s.type === 'percentile_ranks') return (s as PercentilesSpec).keys.includes(Number(name));
  return undefined;
}

/**
 * `AggregationPath.validate` of a terms order path against the terms aggregation's sub-aggregations.
 * @throws aggregation_execution_exception (500: 5.6 gives it no status of its own)
 */
export function validateOrderPath(parent: AggSpec, path: string): void {
  const els = parseAggregationPath(path);
  const bad = (why: string): EsError => new EsError('aggregation_execution_exception', 500, `Invalid terms aggregation order path [${path}]. ${why}`);
  const sentence =
    'Terms buckets can only be sorted on a sub-aggregator path that is built out of zero or more single-bucket aggregations within the path and a final single-bucket or a metrics aggregation at the path end.';
  let level: readonly AggSpec[] = parent.subs;
  let agg: AggSpec | undefined;
  els.forEach((e, i) => {
    agg = level.find((s) => s.name === e.name && !isPipeline(s));
    if (!agg) throw new EsError('aggregation_execution_exception', 500, `Invalid term-aggregator order path [${path}]. Unknown aggregation [${e.name}]`);
    if (i < els.length - 1) {
      const sub = els
        .slice(0, i + 1)
        .map((x) => (x.key === undefined ? x.name : `${x.name}[${x.key}]`))
        .join('>');
      if (!SINGLE_BUCKET.has(agg.type) || e.key !== undefined) throw bad(`${sentence} Sub-path [${sub}] points to non single-bucket aggregation`);
    }
    level = agg.subs;
  });
  const last = els[els.length - 1] as PathElement;
  const a = agg as AggSpec;
  if (SINGLE_BUCKET.has(a.type)) {
    if (last.key !== undefined && last.key !== 'doc_count') {
      throw bad(`Ordering on a single-bucket aggregation can only be done on its doc_count. Either drop the key (a la "${last.name}") or change it to "doc_count" (a la "${last.name}.doc_count")`);
    }
    return;
  }
  if (SINGLE_VALUE.has(a.type)) {
    if (last.key !== undefined && last.key !== 'value') {
      throw bad(`Ordering on a single-value metrics aggregation can only be done on its value. Either drop the key (a la "${last.name}") or change it to "value" (a la "${last.name}.value")`);
    }
    return;
  }
  if (!MULTI_VALUE.has(a.type)) throw bad(sentence);
  if (last.key === undefined) throw bad('When ordering on a multi-value metrics aggregation a metric name must be specified');
  if (!hasMetric(a, last.key)) throw bad(`Unknown metric name [${last.key}] on multi-value metrics aggregation [${last.name}]`);
}

/**
 * `AggregationPath.resolveValue` of a bucket: single-bucket aggregations give their doc count,
 * metrics their value or the named one. Paths are validated on the shards first.
 */
export function resolveOrderValue(b: Bucket, els: readonly PathElement[]): number {
  let subs: readonly InternalAgg[] = b.subs;
  let value = NaN;
  for (const e of els) {
    const agg = subs.find((s) => s.spec.name === e.name);
    if (!agg) throw new EsError('illegal_argument_exception', 400, `Invalid order path [${els.map((x) => x.name).join('>')}]. Cannot find aggregation named [${e.name}]`);
    if (agg.kind === 'single') {
      value = agg.docCount;
      subs = agg.subs;
      continue;
    }
    const key = e.key === undefined || (e.key === 'value' && SINGLE_VALUE.has(agg.spec.type)) ? undefined : e.key;
    value = metricValue(agg, key) ?? NaN;
    subs = [];
  }
  return value;
}

/**
 * A metric's value by name (`value` or none for single-value metrics; `InternalStats.value(name)`,
 * `InternalExtendedStats.value(name)`; a percent or ranked value parsed as a number for
 * percentiles), undefined when the metric has no such value.
 */
export function metricValue(agg: InternalAgg, prop?: string): number | undefined {
  if (agg.kind === 'cardinality') return prop === undefined || prop === 'value' ? cardinalityValue(agg) : undefined;
  // a percent (or a ranked value) named as a number, as ES's MultiValue.value(String) parses it
  if (agg.kind === 'percentiles') return prop !== undefined && prop.trim() !== '' && Number.isFinite(Number(prop)) ? percentilesValue(agg, Number(prop)) : undefined;
  if (agg.kind !== 'numeric') return undefined;
  const t = agg.spec.type;
  const avg = agg.count === 0 ? NaN : agg.sum / agg.count;
  const single: Record<string, number> = { min: agg.min, max: agg.max, sum: agg.sum, avg, value_count: agg.count };
  if (prop === undefined || prop === 'value') return t in single ? single[t] : undefined;
  if (t !== 'stats' && t !== 'extended_stats') return undefined;
  const multi: Record<string, number> = { count: agg.count, min: agg.min, max: agg.max, sum: agg.sum, avg };
  if (t === 'extended_stats') {
    const variance = agg.count === 0 ? NaN : (agg.sumOfSquares - (agg.sum * agg.sum) / agg.count) / agg.count;
    const std = Math.sqrt(variance);
    Object.assign(multi, { sum_of_squares: agg.sumOfSquares, variance, std_deviation: std, std_upper: avg + agg.spec.sigma * std, std_lower: avg - agg.spec.sigma * std });
  }
  return own(multi, prop);
}
