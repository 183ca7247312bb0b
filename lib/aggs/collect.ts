/**
 * Shard-side collection: the factory turning specs into aggregators (sub-aggregators first, so
 * each bucket aggregator receives its own). The aggregators live in *-aggregator(s).ts; the
 * contract in aggregator.ts.
 */
import { EsError } from '../errors/errors.js';
import type { AggSpec, MetricSpec } from './types.js';
import { isPipeline } from './pipeline.js';
import { validatePipelinePaths } from './validate-paths.js';
import type { Aggregator, ShardAggContext } from './aggregator.js';
import { TermsAggregator } from './terms-aggregator.js';
import { FilterAggregator, FiltersAggregator, MissingAggregator } from './single-bucket-aggregators.js';
import { HistogramAggregator, IpRangeAggregator, RangeAggregator } from './range-aggregators.js';
import { NumericMetricAggregator, TopHitsAggregator } from './metric-aggregators.js';
import { CardinalityAggregator } from './cardinality.js';
import { PercentilesAggregator } from './percentiles.js';
import { MatrixStatsAggregator } from './matrix-stats.js';
import { ScriptedMetricAggregator } from './scripted-metric.js';
import { SignificantTermsAggregator } from './significant-terms.js';
import { SamplerAggregator } from './sampler.js';
import { GeoMetricAggregator } from './geo-metrics.js';
import { GeohashGridAggregator } from './geohash-grid.js';
import { GeoDistanceAggregator } from './geo-distance.js';
import { ChildrenAggregator, NestedAggregator, ReverseNestedAggregator, ROOT_SCOPE, scopeBelow, type NestedScope } from './join-aggregators.js';

export type { Aggregator, LeafCollector, ShardAggContext, TopHitsOrder } from './aggregator.js';

/** Create the aggregators of a list of specs (`scope`: the nested level they collect at). */
export function createAggregators(specs: readonly AggSpec[], ctx: ShardAggContext, parent?: string, scope: NestedScope = ROOT_SCOPE): Aggregator[] {
  validatePipelinePaths(specs);
  // pipeline aggregations run on the coordinator, over the reduced results
  return specs.filter((s) => !isPipeline(s)).map((s) => {
    if (s.type === 'global' && parent !== undefined) {
      throw new EsError('aggregation_execution_exception', 500, `Aggregation [${parent}] cannot have a global sub-aggregation [${s.name}]. Global aggregations can only be defined as top level aggregations`);
    }
    return createAggregator(s, ctx, scope);
  });
}

function createAggregator(s: AggSpec, ctx: ShardAggContext, scope: NestedScope): Aggregator {
  const subs = createAggregators(s.subs, ctx, s.name, scopeBelow(s, ctx, scope));
  switch (s.type) {
    case 'geo_distance':
      return new GeoDistanceAggregator(s, ctx, subs);
    case 'nested':
      return new NestedAggregator(s, ctx, subs, scope.level);
    case 'reverse_nested':
      return new ReverseNestedAggregator(s, ctx, subs);
    case 'children':
      return new ChildrenAggregator(s, ctx, subs);
    case 'terms':
      return new TermsAggregator(s, ctx, subs);
    case 'missing':
      return new MissingAggregator(s, ctx, subs);
    case 'filter':
    case 'global':
      return new FilterAggregator(s, ctx, subs);
    case 'filters':
    case 'adjacency_matrix':
      return new FiltersAggregator(s, ctx, subs);
    case 'range':
    case 'date_range':
      return new RangeAggregator(s, ctx, subs);
    case 'ip_range':
      return new IpRangeAggregator(s, ctx, subs);
    case 'histogram':
    case 'date_histogram':
      return new HistogramAggregator(s, ctx, subs);
    case 'cardinality':
      return new CardinalityAggregator(s, ctx);
    case 'top_hits':
      return new TopHitsAggregator(s, ctx);
    case 'percentiles':
    case 'percentile_ranks':
      return new PercentilesAggregator(s, ctx);
    case 'matrix_stats':
      return new MatrixStatsAggregator(s, ctx);
    case 'scripted_metric':
      return new ScriptedMetricAggregator(s, ctx);
    case 'significant_terms':
      return new SignificantTermsAggregator(s, ctx, subs);
    case 'geo_bounds':
    case 'geo_centroid':
      return new GeoMetricAggregator(s, ctx);
    case 'geohash_grid':
      return new GeohashGridAggregator(s, ctx, subs);
    case 'sampler':
    case 'diversified_sampler':
      return new SamplerAggregator(s, ctx, subs);
    default:
      return new NumericMetricAggregator(s as MetricSpec, ctx);
  }
}

