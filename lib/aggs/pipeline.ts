/**
 * Pipeline aggregations (ES 5.6 `PipelineAggregator`s), run on the coordinator after the reduce:
 * sibling ones (`max_bucket`, `min_bucket`, `sum_bucket`, `avg_bucket`) read one value per
 * bucket of a sibling multi-bucket aggregation through `buckets_path` (`hist>metric`,
 * `hist>stats.avg`, `hist>_count`); parent ones (`moving_avg`, simple model) add a value to the
 * buckets of the histogram they sit in.
 */
import { EsError } from '../errors/errors.js';
import type { AggSpec, Bucket, InternalAgg, PipelineSpec } from './types.js';
import { orderValue } from './order.js';
import { bucketKeyText } from './render.js';

/** Whether a spec is a pipeline aggregation (not collected on shards). */
export function isPipeline(s: AggSpec): s is PipelineSpec {
  return s.type === 'max_bucket' || s.type === 'min_bucket' || s.type === 'sum_bucket' || s.type === 'avg_bucket' || isParent(s);
}

/** Pipelines adding a value to each bucket of their parent histogram. */
function isParent(s: AggSpec): boolean {
  return s.type === 'moving_avg' || s.type === 'derivative' || s.type === 'cumulative_sum';
}

type MultiBucket = Extract<InternalAgg, { buckets: Bucket[] }>;

/**
 * Run the pipelines of `specs` over the reduced `results` (same level), recursing into buckets.
 * @returns the results with pipeline values appended, in request order
 */
export function applyPipelines(specs: readonly AggSpec[], results: InternalAgg[], inHistogram = false): InternalAgg[] {
  for (const r of results) {
    if ('buckets' in r) {
      const subSpecs = r.spec.subs;
      for (const b of r.buckets) b.subs = applyPipelines(subSpecs, b.subs, r.kind === 'histogram');
      // after the buckets' own pipelines, so a moving_avg may read them
      for (const p of subSpecs.filter(isPipeline)) if (isParent(p)) parentPipeline(p, r);
    } else if (r.kind === 'single') r.subs = applyPipelines(r.spec.subs, r.subs);
  }
  const out = [...results];
  for (const p of specs.filter(isPipeline)) {
    if (isParent(p)) {
      // computed by the parent histogram (above); anywhere else it has no series to smooth
      if (!inHistogram) throw new EsError('illegal_state_exception', 500, `${p.type} aggregation [${p.name}] must have a histogram or date_histogram as parent`);
      continue;
    }
    out.push(siblingValue(p, results));
  }
  return out;
}

/** The value a bucket gives for a path below it; NaN is a gap. */
function bucketValue(b: Bucket, path: string, gap: PipelineSpec['gapPolicy']): number {
  const v = path === '_count' ? b.docCount : orderValue(b, path);
  return Number.isNaN(v) && gap === 'insert_zeros' ? 0 : v;
}

function siblingValue(p: PipelineSpec, results: readonly InternalAgg[]): InternalAgg {
  const gt = p.bucketsPath.indexOf('>');
  const head = gt < 0 ? p.bucketsPath : p.bucketsPath.slice(0, gt);
  const rest = gt < 0 ? '_count' : p.bucketsPath.slice(gt + 1);
  const agg = results.find((r) => r.spec.name === head);
  if (!agg || !('buckets' in agg)) {
    throw new EsError('aggregation_execution_exception', 500, `buckets_path must reference either a number value or a single value numeric metric aggregation, got: ${agg ? agg.spec.type : 'null'}`);
  }
  const values: Array<{ key: string; v: number }> = [];
  for (const b of (agg as MultiBucket).buckets) {
    const v = bucketValue(b, rest, p.gapPolicy);
    if (!Number.isNaN(v)) values.push({ key: bucketKeyText(agg, b), v });
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
      const v = bucketValue(b, p.bucketsPath, 'insert_zeros');
      sum += Number.isNaN(v) ? 0 : v;
      add(b, sum);
      continue;
    }
    const v = bucketValue(b, p.bucketsPath, p.gapPolicy);
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
