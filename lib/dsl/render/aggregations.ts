/**
 * Aggregation builders as ES 5.6 prints them (`AggregatorFactories.Builder.toXContent`: the
 * aggregations in request order, pipeline aggregations after them; each
 * `AbstractAggregationBuilder.toXContent`: `{name: {meta?, type: {...}, aggregations?}}`;
 * `ValuesSourceAggregationBuilder.internalXContent`: field, script, missing, format, time_zone,
 * value_type, then the type's own body).
 *
 * The bodies live by family: aggs-bucket.ts, aggs-metric.ts, aggs-pipeline.ts. Every type
 * Strata parses is rendered.
 */
import type { AggSpec, PipelineSpec } from '../aggs/spec.js';
import { fromJsonHashMap } from './common.js';
import { bucketBody } from './aggs-bucket.js';
import { metricBody } from './aggs-metric.js';
import { pipelineBody } from './aggs-pipeline.js';
import { obj, type XNode, type XObject } from './xcontent.js';

const PIPELINES = new Set(['max_bucket', 'min_bucket', 'sum_bucket', 'avg_bucket', 'stats_bucket', 'extended_stats_bucket', 'percentiles_bucket', 'moving_avg', 'derivative', 'cumulative_sum', 'serial_diff', 'bucket_script', 'bucket_selector']);

const isPipeline = (a: AggSpec): a is PipelineSpec => PIPELINES.has(a.type);

/** One aggregation: `{name: {meta, type: {...}, aggregations}}` (pipelines have no sub-aggregations). */
function renderAgg(a: AggSpec): [string, XNode] {
  const o: XObject = new Map();
  if (a.meta !== undefined) o.set('meta', fromJsonHashMap(a.meta));
  o.set(a.type, (isPipeline(a) ? pipelineBody(a) : (bucketBody(a) ?? metricBody(a))) ?? obj());
  if (a.subs.length > 0) o.set('aggregations', renderAggregations(a.subs));
  return [a.name, o];
}

/** An `aggregations` object: regular aggregations in order, then pipeline aggregations. */
export function renderAggregations(aggs: readonly AggSpec[]): XObject {
  const regular = aggs.filter((a) => !isPipeline(a));
  const pipelines = aggs.filter(isPipeline);
  return new Map([...regular, ...pipelines].map(renderAgg));
}
