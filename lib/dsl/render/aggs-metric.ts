/**
 * Metric aggregation bodies as ES 5.6's builders print them (`doXContentBody` after
 * {@link valuesEntries}, or `internalXContent` for those without a values source).
 *
 * Rendered: min, max, sum, avg, value_count, stats (no body of their own), extended_stats,
 * cardinality, percentiles, percentile_ranks, top_hits, geo_bounds, geo_centroid, matrix_stats,
 * scripted_metric.
 */
import type { AggSpec } from '../aggs/spec.js';
import { fromJsonHashMap, scriptNode } from './common.js';
import { valuesEntries } from './aggs-values.js';
import { renderFetchSource, renderSorts } from './source-parts.js';
import { fromJson, jdouble, obj, type XObject } from './xcontent.js';

/** The body of a metric aggregation, or undefined when `a` is not one rendered here. */
export function metricBody(a: AggSpec): XObject | undefined {
  switch (a.type) {
    case 'min':
    case 'max':
    case 'sum':
    case 'avg':
    case 'value_count':
    case 'stats':
    case 'geo_centroid':
      return obj(...valuesEntries(a));
    case 'extended_stats':
      return obj(...valuesEntries(a), ['sigma', jdouble(a.sigma)]);
    case 'cardinality':
      // CardinalityAggregationBuilder.doXContentBody: precision_threshold only when given
      return obj(...valuesEntries(a), ['precision_threshold', a.precisionThreshold]);
    case 'percentiles':
    case 'percentile_ranks':
      // PercentilesAggregationBuilder / PercentileRanksAggregationBuilder.doXContentBody: the
      // double array, keyed, then the method object (`tdigest: {compression}` or `hdr: {number_of_significant_value_digits}`)
      return obj(
        ...valuesEntries(a),
        [a.type === 'percentiles' ? 'percents' : 'values', a.keys.map(jdouble)],
        ['keyed', a.keyed],
        [a.method, a.method === 'tdigest' ? obj(['compression', jdouble(a.compression)]) : obj(['number_of_significant_value_digits', a.digits])],
      );
    case 'top_hits':
      // TopHitsAggregationBuilder.internalXContent: from, size, version, explain always; the rest when set
      return obj(
        ['from', a.from],
        ['size', a.size],
        ['version', a.version],
        ['explain', a.explain],
        ['_source', a.source ? renderFetchSource(a.source) : undefined],
        ['sort', a.sort ? renderSorts(a.sort) : undefined],
        ['track_scores', a.trackScores ? true : undefined],
      );
    case 'geo_bounds':
      return obj(['field', a.field], ['script', a.script ? scriptNode(a.script) : undefined], ['missing', a.missing !== undefined ? fromJson(a.missing) : undefined], ['wrap_longitude', a.wrapLongitude]);
    case 'matrix_stats': {
      // MultiValuesSourceAggregationBuilder.internalXContent (fields, missing as a HashMap), then
      // MatrixStatsAggregationBuilder.doXContentBody: `mode` is the MultiValueMode constant's name
      const missing = a.missing ? fromJsonHashMap(Object.fromEntries(a.missing)) : undefined;
      return obj(['fields', [...a.fields]], ['missing', missing], ['mode', a.mode.toUpperCase()]);
    }
    case 'scripted_metric':
      // ScriptedMetricAggregationBuilder.internalXContent: the scripts set, then params as given
      return obj(
        ['init_script', a.initScript ? scriptNode(a.initScript) : undefined],
        ['map_script', scriptNode(a.mapScript)],
        ['combine_script', a.combineScript ? scriptNode(a.combineScript) : undefined],
        ['reduce_script', a.reduceScript ? scriptNode(a.reduceScript) : undefined],
        ['params', a.params !== undefined ? fromJsonHashMap(a.params) : undefined],
      );
    default:
      return undefined;
  }
}
