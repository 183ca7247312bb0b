/**
 * Aggregation shard results (what a shard's collectors produce and the coordinator reduces),
 * ES 5.6's `InternalAggregation`s as typed data. Pure: no HTTP, no storage. The specs they carry
 * are the DSL's (lib/dsl/aggs/spec.ts), re-exported here for the collectors.
 */
import type { ChildrenSpec, FilterSpec, FiltersSpec, GeoDistanceSpec, GeoMetricSpec, GeohashGridSpec, GlobalSpec, HistogramSpec, MatrixStatsSpec, MetricSpec, MissingSpec, NestedSpec, PercentilesSpec, PipelineSpec, RangeSpec, ReverseNestedSpec, SamplerSpec, ScriptedMetricSpec, SignificantTermsSpec, TermsSpec, TopHitsSpec } from '../dsl/aggs/spec.js';
export type * from '../dsl/aggs/spec.js';
import type { ScoredDoc, SortOrderKey } from '../messages/hit-order.js';
import type { HyperLogLogPlusPlus } from './hll.js';
import type { PercentilesSketch } from './percentiles.js';


/** A top hit: its order key and its rendering (fetched on the shard). */
export interface TopHit {
  doc: ScoredDoc;
  rendered?: Record<string, unknown>;
}

/** How a bucket key or value is formatted: raw numbers, dates, booleans, IPs/strings. */
export type KeyFormat = { kind: 'raw' } | { kind: 'date'; pattern: string; timeZone?: string } | { kind: 'boolean' } | { kind: 'decimal'; pattern: string } | { kind: 'ip' };

/** A bucket on a shard or after reduce. */
export interface Bucket {
  key: string | number;
  docCount: number;
  /** terms: upper bound of the error on this bucket's count. */
  docCountError?: number;
  from?: number;
  to?: number;
  /** ip_range bounds (sortable hex terms; absent = unbounded). */
  fromKey?: string;
  toKey?: string;
  /** significant_terms: the term's background doc count and its score. */
  bgCount?: number;
  score?: number;
  subs: InternalAgg[];
}

/** A shard (or reduced) aggregation result. `spec` carries how it reduces and renders. */
export type InternalAgg =
  | { kind: 'terms'; spec: TermsSpec; valueType: 'string' | 'long' | 'double'; format: KeyFormat; buckets: Bucket[]; docCountError: number; otherDocCount: number; shardSize: number }
  | { kind: 'numeric'; spec: MetricSpec; format: KeyFormat; count: number; sum: number; min: number; max: number; sumOfSquares: number }
  | { kind: 'cardinality'; spec: MetricSpec; hll: HyperLogLogPlusPlus | null }
  | { kind: 'percentiles'; spec: PercentilesSpec; format: KeyFormat; sketch: PercentilesSketch }
  | { kind: 'single'; spec: FilterSpec | GlobalSpec | MissingSpec | SamplerSpec | NestedSpec | ReverseNestedSpec | ChildrenSpec; docCount: number; subs: InternalAgg[] }
  | { kind: 'filters'; spec: FiltersSpec; buckets: Bucket[] }
  | { kind: 'range'; spec: RangeSpec | GeoDistanceSpec; format: KeyFormat; buckets: Bucket[] }
  | { kind: 'histogram'; spec: HistogramSpec; format: KeyFormat; buckets: Bucket[]; bounds?: { min?: number; max?: number } }
  | { kind: 'pipeline'; spec: PipelineSpec; value: number; keys?: string[] }
  | { kind: 'geohash_grid'; spec: GeohashGridSpec; buckets: Bucket[] }
  | { kind: 'geo_bounds'; spec: GeoMetricSpec; bounds: import('./geo-metrics.js').GeoBoundsState }
  | { kind: 'geo_centroid'; spec: GeoMetricSpec; lat: number; lon: number; count: number }
  | { kind: 'significant_terms'; spec: SignificantTermsSpec; valueType: 'string' | 'long' | 'double'; format: KeyFormat; subsetSize: number; supersetSize: number; buckets: Bucket[] }
  | { kind: 'scripted_metric'; spec: ScriptedMetricSpec; parts: unknown[]; value?: unknown }
  | { kind: 'matrix_stats'; spec: MatrixStatsSpec; stats: import('./matrix-stats.js').RunningStats }
  | { kind: 'bucket_stats'; spec: PipelineSpec; count: number; sum: number; min: number; max: number; sumOfSquares: number }
  | { kind: 'bucket_percentiles'; spec: PipelineSpec; values: number[] }
  | { kind: 'top_hits'; spec: TopHitsSpec; total: number; maxScore: number; hits: TopHit[]; compare: (a: ScoredDoc, b: ScoredDoc) => number; order?: SortOrderKey[]; scores: boolean };
