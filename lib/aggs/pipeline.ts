/**
 * Pipeline aggregations (ES 5.6 `PipelineAggregator`s), run on the coordinator after the reduce:
 * sibling ones (`max_bucket`, `min_bucket`, `sum_bucket`, `avg_bucket`) read one value per
 * bucket of a sibling multi-bucket aggregation through `buckets_path` (`hist>metric`,
 * `hist>stats.avg`, `hist>_count`); parent ones (`moving_avg`, simple model) add a value to the
 * buckets of the histogram they sit in.
 */
import { EsError } from '../errors/errors.js';
import type { AggSpec, Bucket, InternalAgg, PipelineSpec } from './types.js';
import { bucketKeyText } from './render.js';
import { bucketsPathElements, resolveBucketValue } from './buckets-path.js';
import { rewriteBuckets, type PipelineEnv } from './parent-pipelines.js';
import { finishScriptedMetric } from './scripted-metric.js';
import { finishSignificant } from './significant-terms.js';

const PIPELINE_TYPES = new Set<string>([
  'max_bucket', 'min_bucket', 'sum_bucket', 'avg_bucket', 'stats_bucket', 'extended_stats_bucket', 'percentiles_bucket',
  'moving_avg', 'derivative', 'cumulative_sum', 'serial_diff', 'bucket_script', 'bucket_selector',
]);

/** Whether a spec is a pipeline aggregation (not collected on shards). */
export function isPipeline(s: AggSpec): s is PipelineSpec {
  return PIPELINE_TYPES.has(s.type);
}

/** Pipelines that rewrite the buckets of the aggregation they sit in. */
function isParent(s: AggSpec): boolean {
  return s.type === 'moving_avg' || s.type === 'derivative' || s.type === 'cumulative_sum' || s.type === 'serial_diff' || s.type === 'bucket_script' || s.type === 'bucket_selector';
}

type MultiBucket = Extract<InternalAgg, { buckets: Bucket[] }>;

/**
 * Run the pipelines of `specs` over the reduced `results` (same level), recursing into buckets.
 * @param env the node's script service (bucket_script, bucket_selector)
 * @returns the results with pipeline values appended, in request order
 */
export function applyPipelines(specs: readonly AggSpec[], results: InternalAgg[], parent: 'none' | 'histogram' | 'buckets' = 'none', env: PipelineEnv = {}): InternalAgg[] {
  for (const r of results) {
    if (r.kind === 'significant_terms') finishSignificant(r, env);
    if ('buckets' in r) {
      const subSpecs = r.spec.subs;
      for (const b of r.buckets) b.subs = applyPipelines(subSpecs, b.subs, r.kind === 'histogram' ? 'histogram' : 'buckets', env);
      // after the buckets' own pipelines, so a moving_avg may read them
      for (const p of subSpecs.filter(isPipeline)) {
        if (p.type === 'derivative' || p.type === 'cumulative_sum') parentPipeline(p, r);
        else if (isParent(p)) rewriteBuckets(p, r, env);
      }
    } else if (r.kind === 'single') r.subs = applyPipelines(r.spec.subs, r.subs, 'none', env);
    else if (r.kind === 'scripted_metric') finishScriptedMetric(r, env);
  }
  const out = [...results];
  for (const p of specs.filter(isPipeline)) {
    if (isParent(p)) {
      // computed by the parent aggregation (above); anywhere else it has no buckets to work on
      if (parent === 'buckets' && (p.type === 'bucket_script' || p.type === 'bucket_selector')) continue;
      // ES 5.6 AggregationPhase: only sibling pipelines may stand at the top level (bucket_script
      // and bucket_selector have no parent check of their own, unlike derivative and moving_avg)
      if (parent === 'none' && (p.type === 'bucket_script' || p.type === 'bucket_selector')) {
        throw new EsError('aggregation_execution_exception', 500, `Invalid pipeline aggregation named [${p.name}] of type [${p.type}]. Only sibling pipeline aggregations are allowed at the top level`);
      }
      if (parent !== 'histogram') throw new EsError('illegal_state_exception', 500, `${p.type} aggregation [${p.name}] must have a histogram or date_histogram as parent`);
      continue;
    }
    out.push(siblingValue(p, results));
  }
  return out;
}

/** The value a bucket of `agg` gives for a path below it (`resolveBucketValue`); NaN is a gap. */
function bucketValue(agg: MultiBucket, b: Bucket, path: string, gap: PipelineSpec['gapPolicy']): number {
  return resolveBucketValue(agg, b, path, gap) ?? (gap === 'insert_zeros' ? 0 : NaN);
}

/** BucketMetricsPipelineAggregator.doReduce: one value per bucket of the sibling the path names. */
function siblingValue(p: PipelineSpec, results: readonly InternalAgg[]): InternalAgg {
  const [head, ...rest] = bucketsPathElements(p.bucketsPath);
  const agg = results.find((r) => r.spec.name === head);
  if (!agg || !('buckets' in agg)) {
    throw new EsError('aggregation_execution_exception', 500, `buckets_path must reference either a number value or a single value numeric metric aggregation, got: ${agg ? agg.spec.type : 'null'}`);
  }
  const values: Array<{ key: string; v: number }> = [];
  for (const b of (agg as MultiBucket).buckets) {
    const v = resolveBucketValue(agg, b, rest, p.gapPolicy);
    if (v !== null && !Number.isNaN(v)) values.push({ key: bucketKeyText(agg, b), v });
  }
  if (p.type === 'stats_bucket' || p.type === 'extended_stats_bucket') {
    let sum = 0;
    let sumOfSquares = 0;
    let min = Infinity;
    let max = -Infinity;
    for (const { v } of values) {
      sum += v;
      sumOfSquares += v * v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return { kind: 'bucket_stats', spec: p, count: values.length, sum, min, max, sumOfSquares };
  }
  if (p.type === 'percentiles_bucket') {
    // PercentilesBucketPipelineAggregator: the value at round(p/100 · (n - 1)) of the sorted values
    const sorted = values.map((x) => x.v).sort((a, b) => a - b);
    const at = (pc: number): number => (sorted.length === 0 ? NaN : (sorted[Math.floor((pc / 100) * (sorted.length - 1) + 0.5)] as number));
    return { kind: 'bucket_percentiles', spec: p, values: (p.percents ?? []).map(at) };
  }
  if (p.type === 'sum_bucket') return { kind: 'pipeline', spec: p, value: values.reduce((s, x) => s + x.v, 0) };
  if (p.type === 'avg_bucket') return { kind: 'pipeline', spec: p, value: values.length === 0 ? NaN : values.reduce((s, x) => s + x.v, 0) / values.length };
  // max/min_bucket: the best value and every key that has it
  let best = p.type === 'max_bucket' ? -Infinity : Infinity;
  let keys: string[] = [];
  for (const x of values) {
    if (x.v === best) keys.push(x.key);
    else if (p.type === 'max_bucket' ? x.v > best : x.v < best) {
      best = x.v;
      keys = [x.key];
    }
  }
  return { kind: 'pipeline', spec: p, value: best, keys };
}

/**
 * Parent pipelines over a histogram's buckets, in key order: `moving_avg` (simple model: the mean
 * of the previous `window` values), `derivative` (this value minus the previous one; gaps
 * skipped) and `cumulative_sum` (running sum, gaps as zeros, as ES's CumulativeSum does).
 */
function parentPipeline(p: PipelineSpec, agg: MultiBucket): void {
  if (agg.kind !== 'histogram') {
    throw new EsError('illegal_state_exception', 500, `${p.type} aggregation [${p.name}] must have a histogram or date_histogram as parent`);
  }
  const add = (b: Bucket, value: number): void => {
    b.subs = [...b.subs, { kind: 'pipeline', spec: p, value }];
  };
  const window: number[] = [];
  let last = NaN;
  let sum = 0;
  for (const b of agg.buckets) {
    if (p.type === 'cumulative_sum') {
      const v = bucketValue(agg, b, p.bucketsPath, 'insert_zeros');
      sum += Number.isNaN(v) ? 0 : v;
      add(b, sum);
      continue;
    }
    const v = bucketValue(agg, b, p.bucketsPath, p.gapPolicy);
    if (Number.isNaN(v)) continue;
    if (p.type === 'derivative') {
      if (!Number.isNaN(last)) add(b, v - last);
      last = v;
      continue;
    }
    if (window.length > 0) add(b, window.reduce((s, x) => s + x, 0) / window.length);
    window.push(v);
    if (window.length > p.window) window.shift();
  }
}
