/**
 * `buckets_path` as ES 5.6 reads it for pipeline aggregations: `AggregationPath.parse` (elements
 * split on `>`, the last one may carry a `.metric` or a `[key]`, e.g. `the_percentiles[99.9]`),
 * the `getProperty` walk down a bucket (`_count`, `_key`, sub-aggregations, `_bucket_count` of a
 * multi-bucket aggregation, a multi-value metric's named value) and `BucketHelpers
 * .resolveBucketValue`, which turns the property into a number or a gap under the `gap_policy`.
 */
import { cardinalityValue } from './cardinality.js';
import { EsError } from '../errors/errors.js';
import type { Bucket, InternalAgg, PipelineSpec } from './types.js';
import { metricValue, parseAggregationPath } from './aggregation-path.js';

/** A property that is not a number: what ES's error names (`getClass().getCanonicalName()`). */
class Opaque {
  constructor(readonly className: string) {}
}

const exec = (reason: string): EsError => new EsError('aggregation_execution_exception', 500, reason);

/** Thrown by the walk where ES throws `InvalidAggregationPathException` (the value is then a gap). */
class InvalidPath extends Error {}

/**
 * ES 5.6 `AggregationPath.parse(path).getPathElementsAsStringList()`: `a>b.c` → `[a, b, c]`,
 * `a>p[99.9]` → `[a, p, 99.9]`.
 * @throws aggregation_execution_exception for a malformed element
 */
export function bucketsPathElements(path: string): string[] {
  return parseAggregationPath(path).flatMap((e) => (e.key === undefined ? [e.name] : [e.name, e.key]));
}

/** Java class names ES prints for a property that is no number. */
function className(a: InternalAgg): string {
  const pkg = 'org.elasticsearch.search.aggregations';
  switch (a.kind) {
    case 'terms':
      return `${pkg}.bucket.terms.${a.valueType === 'string' ? 'StringTerms' : a.valueType === 'long' ? 'LongTerms' : 'DoubleTerms'}`;
    case 'histogram':
      return `${pkg}.bucket.histogram.${a.spec.type === 'date_histogram' ? 'InternalDateHistogram' : 'InternalHistogram'}`;
    case 'range':
      return a.spec.type === 'geo_distance' ? `${pkg}.bucket.range.geodistance.InternalGeoDistance` : `${pkg}.bucket.range.InternalRange`;
    case 'filters':
      return `${pkg}.bucket.filters.InternalFilters`;
    case 'single':
      if (a.spec.type === 'nested') return `${pkg}.bucket.nested.InternalNested`;
      if (a.spec.type === 'reverse_nested') return `${pkg}.bucket.nested.InternalReverseNested`;
      // 5.6 serves children from the parent-join module
      if (a.spec.type === 'children') return 'org.elasticsearch.join.aggregations.InternalChildren';
      if (a.spec.type === 'diversified_sampler') return `${pkg}.bucket.sampler.InternalSampler`;
      return `${pkg}.bucket.${a.spec.type}.Internal${a.spec.type[0]?.toUpperCase()}${a.spec.type.slice(1)}`;
    case 'numeric':
      return a.spec.type === 'extended_stats' ? `${pkg}.metrics.stats.extended.InternalExtendedStats` : `${pkg}.metrics.stats.InternalStats`;
    case 'top_hits':
      return `${pkg}.metrics.tophits.InternalTopHits`;
    default:
      return `${pkg}.InternalAggregation`;
  }
}

/** A bucket's property (`InternalBucket.getProperty`). */
function bucketProperty(containing: string, b: Bucket, path: readonly string[]): number | InternalAgg | Opaque {
  const [head, ...rest] = path;
  if (head === undefined) return new Opaque(`${'org.elasticsearch.search.aggregations'}.InternalMultiBucketAggregation.InternalBucket`);
  if (head === '_count' || head === '_key') {
    if (rest.length > 0) throw new InvalidPath(`${head} must be the last element in the path`);
    if (head === '_count') return b.docCount;
    return typeof b.key === 'number' ? b.key : new Opaque('java.lang.String');
  }
  const agg = b.subs.find((s) => s.spec.name === head);
  if (!agg) throw new InvalidPath(`Cannot find an aggregation named [${head}] in [${containing}]`);
  return aggProperty(agg, rest);
}

/** An aggregation's property (`InternalAggregation.getProperty`). */
function aggProperty(a: InternalAgg, path: readonly string[]): number | InternalAgg | Opaque {
  if (path.length === 0) return a;
  const [head, ...rest] = path as [string, ...string[]];
  if ('buckets' in a) {
    // InternalMultiBucketAggregation: the count of buckets, or one property per bucket (no number)
    if (head === '_bucket_count') return a.buckets.length;
    return new Opaque('java.lang.Object[]');
  }
  if (a.kind === 'single') {
    if (head === '_count') return a.docCount;
    const sub = a.subs.find((s) => s.spec.name === head);
    if (!sub) throw new InvalidPath(`Cannot find an aggregation named [${head}] in [${a.spec.name}]`);
    return aggProperty(sub, rest);
  }
  if (rest.length > 0) throw new EsError('illegal_argument_exception', 400, `path not supported for [${a.spec.name}]: [${path.join(', ')}]`);
  const v = propertyOf(a, head);
  if (v === undefined) throw new EsError('illegal_argument_exception', 400, `path not supported for [${a.spec.name}]: [${head}]`);
  return v;
}

/** A named value of a metric (or of a pipeline result another pipeline reads). */
function propertyOf(a: InternalAgg, name: string): number | undefined {
  if (a.kind === 'pipeline') return name === 'value' ? a.value : undefined;
  if (a.kind === 'bucket_stats') return statsValue(a, name);
  if (a.kind === 'bucket_percentiles') {
    const i = a.spec.percents?.indexOf(Number(name)) ?? -1;
    if (i < 0) throw new EsError('illegal_argument_exception', 400, `Percent requested [${name}] was not one of the computed percentiles.  Available keys are: [${(a.spec.percents ?? []).join(', ')}]`);
    return a.values[i];
  }
  return metricValue(a, name);
}

/** The members of a stats result by name (InternalStats.value(String)). */
export function statsValue(a: { count: number; sum: number; min: number; max: number; sumOfSquares: number }, name: string): number | undefined {
  const avg = a.count === 0 ? NaN : a.sum / a.count;
  const variance = a.count === 0 ? NaN : (a.sumOfSquares - (a.sum * a.sum) / a.count) / a.count;
  switch (name) {
    case 'count':
      return a.count;
    case 'sum':
      return a.sum;
    case 'min':
      return a.min;
    case 'max':
      return a.max;
    case 'avg':
      return avg;
    case 'sum_of_squares':
      return a.sumOfSquares;
    case 'variance':
      return variance;
    case 'std_deviation':
      return Math.sqrt(variance);
    default:
      return undefined;
  }
}

/** Whether a result is a single-value numeric metric (`InternalNumericMetricsAggregation.SingleValue`). */
function singleValue(a: InternalAgg): number | undefined {
  if (a.kind === 'pipeline') return a.value;
  if (a.kind === 'cardinality') return cardinalityValue(a);
  if (a.kind === 'numeric' && a.spec.type !== 'stats' && a.spec.type !== 'extended_stats') return metricValue(a);
  return undefined;
}

/**
 * ES 5.6 `BucketHelpers.resolveBucketValue`: the number `path` names below `bucket` of `agg`.
 * NaN, infinities and any value of an empty bucket (but its `_count`) are gaps: 0 under
 * `insert_zeros`, NaN under `skip`. A path that names nothing in this bucket is `null` (a gap
 * whatever the policy).
 * @throws aggregation_execution_exception when the path ends on something other than a number
 */
export function resolveBucketValue(agg: InternalAgg, bucket: Bucket, path: string | readonly string[], gap: PipelineSpec['gapPolicy']): number | null {
  const elements = typeof path === 'string' ? bucketsPathElements(path) : path;
  let prop: number | InternalAgg | Opaque;
  try {
    prop = bucketProperty(agg.spec.name, bucket, elements);
  } catch (e) {
    if (e instanceof InvalidPath) return null;
    throw e;
  }
  let value: number;
  if (typeof prop === 'number') value = prop;
  else if (prop instanceof Opaque) throw notANumber(prop.className);
  else {
    const v = singleValue(prop);
    if (v === undefined) throw notANumber(className(prop));
    value = v;
  }
  const isDocCount = elements.length === 1 && elements[0] === '_count';
  if (!Number.isFinite(value) || (bucket.docCount === 0 && !isDocCount)) return gap === 'insert_zeros' ? 0 : NaN;
  return value;
}

function notANumber(cls: string): EsError {
  return exec(`buckets_path must reference either a number value or a single value numeric metric aggregation, got: ${cls}`);
}
