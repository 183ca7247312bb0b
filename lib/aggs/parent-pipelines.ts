/**
 * Parent pipeline aggregations that rewrite the buckets of the aggregation they sit in, run on
 * the coordinator after the reduce, as ES 5.6's `PipelineAggregator.reduce` of each:
 * `moving_avg` (every model, `predict`, `minimize`), `serial_diff`, `bucket_script` and
 * `bucket_selector` (scripts through the node's script service, operation `aggs`, with the
 * script's `params` and one variable per `buckets_path` entry bound in `params` as ES binds them).
 */
import { EsError } from '../errors/errors.js';
import type { ScriptService } from '../script/script-service.js';
import { javaClassOf, JDouble, toScript } from '../script/runtime/values.js';
import { classCast, javaErrorToEs, npe } from '../script/errors.js';
import type { Bucket, HistogramSpec, InternalAgg, PipelineSpec } from './types.js';
import { resolveBucketValue } from './buckets-path.js';
import { hasValue, minimizeModel, nextValue, predict } from './movavg-models.js';
import { nextKey } from './order.js';

/** What pipelines need from the node (scripts for bucket_script / bucket_selector). */
export interface PipelineEnv {
  scripts?: ScriptService;
}

type MultiBucket = Extract<InternalAgg, { buckets: Bucket[] }>;

/** Append a pipeline's value to a bucket's sub-aggregations. */
function addValue(b: Bucket, p: PipelineSpec, value: number): void {
  b.subs = [...b.subs, { kind: 'pipeline', spec: p, value }];
}

/** Run one of this module's pipelines over the buckets of `agg`. */
export function rewriteBuckets(p: PipelineSpec, agg: MultiBucket, env: PipelineEnv): void {
  if (p.type === 'bucket_script' || p.type === 'bucket_selector') return scripted(p, agg, env);
  if (agg.kind !== 'histogram') {
    throw new EsError('illegal_state_exception', 500, `${p.type} aggregation [${p.name}] must have a histogram or date_histogram as parent`);
  }
  if (p.type === 'serial_diff') return serialDiff(p, agg);
  movingAvg(p, agg);
}

/** The value of a bucket, null and NaN both meaning a gap. */
function valueOf(p: PipelineSpec, agg: MultiBucket, b: Bucket): number {
  return resolveBucketValue(agg, b, p.bucketsPath, p.gapPolicy) ?? NaN;
}

/** SerialDiffPipelineAggregator: this value minus the one `lag` buckets before (gaps keep their place). */
function serialDiff(p: PipelineSpec, agg: MultiBucket): void {
  const lag = p.lag ?? 1;
  const seen: number[] = [];
  agg.buckets.forEach((b, i) => {
    const v = valueOf(p, agg, b);
    const before = i >= lag ? (seen[i - lag] as number) : NaN;
    if (!Number.isNaN(v) && !Number.isNaN(before)) addValue(b, p, v - before);
    seen.push(v);
  });
}

/** MovAvgPipelineAggregator.reduce. */
function movingAvg(p: PipelineSpec, agg: Extract<InternalAgg, { kind: 'histogram' }>): void {
  let model = p.model ?? { name: 'simple', alpha: 0.3, beta: 0.1, gamma: 0.3, period: 1, multiplicative: false, pad: false };
  const values = agg.buckets.map((b) => valueOf(p, agg, b));
  if (p.minimize) {
    // the last `window` values are the test set, the `window` before them the training set
    const valid = values.filter((v) => !Number.isNaN(v));
    if (valid.length >= 2 * p.window) {
      const test = valid.slice(valid.length - p.window);
      const train = valid.slice(valid.length - 2 * p.window, valid.length - p.window);
      model = minimizeModel(model, train, test);
    }
  }
  const window: number[] = [];
  let lastValidKey = 0;
  let lastValidPosition = 0;
  const buckets = agg.buckets;
  values.forEach((v, i) => {
    if (Number.isNaN(v)) return;
    const b = buckets[i] as Bucket;
    if (hasValue(model, window.length)) addValue(b, p, nextValue(model, window));
    lastValidKey = b.key as number;
    lastValidPosition = i;
    window.push(v);
    if (window.length > p.window) window.shift();
  });
  const n = p.predict ?? 0;
  if (buckets.length === 0 || n <= 0) return;
  const predictions = predict(model, window, n);
  const spec = agg.spec as HistogramSpec;
  let key = lastValidKey;
  predictions.forEach((value, i) => {
    key = nextKey(spec, key);
    const at = lastValidPosition + i + 1;
    const prediction: InternalAgg = { kind: 'pipeline', spec: p, value };
    const existing = buckets[at];
    // ES rebuilds the bucket with the prediction's key and a doc_count of 0
    if (existing) buckets[at] = { ...existing, key, docCount: 0, subs: [...existing.subs, prediction] };
    else buckets.push({ key, docCount: 0, subs: [prediction] });
  });
}

/** A script's result as a host value (numbers from Java doubles, booleans, null). */
function hostResult(v: unknown): number | boolean | null | undefined {
  if (v === null || v === undefined) return null;
  if (v instanceof JDouble) return v.v;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return undefined;
}

/** BucketScriptPipelineAggregator / BucketSelectorPipelineAggregator. */
function scripted(p: PipelineSpec, agg: MultiBucket, env: PipelineEnv): void {
  if (!env.scripts || !p.script) throw new EsError('illegal_state_exception', 500, 'scripts are not available on this node');
  const { script, lang } = env.scripts.compile(p.script, 'aggs');
  const paths = p.bucketsPaths ?? [['_value', p.bucketsPath]];
  const kept: Bucket[] = [];
  for (const b of agg.buckets) {
    // the script's params first, then one variable per path (ES puts both in one map)
    const vars = toScript(p.script.params ?? {}) as Map<unknown, unknown>;
    const bound = new Map(vars);
    let skip = false;
    for (const [name, path] of paths) {
      const v = resolveBucketValue(agg, b, path, p.gapPolicy);
      if (p.gapPolicy === 'skip' && (v === null || Number.isNaN(v))) {
        skip = true;
        break;
      }
      bound.set(name, v === null ? null : new JDouble(v));
    }
    if (skip) {
      kept.push(b);
      continue;
    }
    const answer = script.execute({ params: bound });
    const out = hostResult(answer);
    if (p.type === 'bucket_selector') {
      // expressions answer 1.0 for true; other languages must answer a boolean (ES 5.6 casts
      // the answer to `boolean`: Java's ClassCastException, or a NullPointerException for null)
      let keep: boolean;
      if (lang === 'expression') keep = out === 1;
      else if (typeof out === 'boolean') keep = out;
      else if (out === null) throw javaErrorToEs(npe());
      else throw javaErrorToEs(classCast(`${javaClassOf(answer)} cannot be cast to java.lang.Boolean`));
      if (keep) kept.push(b);
      continue;
    }
    if (out === null) {
      kept.push(b);
      continue;
    }
    if (typeof out !== 'number') throw new EsError('aggregation_execution_exception', 500, `series_arithmetic script for reducer [${p.name}] must return a Number`);
    addValue(b, p, out);
    kept.push(b);
  }
  agg.buckets.splice(0, agg.buckets.length, ...kept);
}
