/**
 * Aggregation specs: what a request asks for, parsed once at the edge (lib/dsl/aggs/parse.ts),
 * ES 5.6's `AggregationBuilder`s as typed data. Pure: the shard side's collectors
 * (lib/aggs) read them; nothing here knows of collection, HTTP or storage.
 */
import type { Query } from '../query-types.js';
import type { ScriptRef } from '../script-ref.js';
import type { FetchSource } from '../source-filter.js';
import type { SortSpec } from '../sort.js';

/** Where values come from: a field's doc values, or a script. */
export interface ValuesSpec {
  field?: string;
  /** `script`: values computed per doc (ES `ValuesSource.Script`). */
  script?: ScriptRef;
  /** `value_type` of a script (terms keys: `string` unless numeric is asked). */
  valueType?: string;
  /** `missing`: the value used for docs without one. */
  missing?: string | number | boolean;
  /** `format`: how keys/values render as strings (dates: a Joda pattern). */
  format?: string;
}

/** A terms order criterion: `_count`, `_term`/`_key`, or a sub-aggregation path. */
export interface TermsOrder {
  by: '_count' | '_key' | string;
  asc: boolean;
}

interface Base {
  name: string;
  meta?: Record<string, unknown>;
  subs: AggSpec[];
}

export type MetricType = 'min' | 'max' | 'sum' | 'avg' | 'value_count' | 'stats' | 'extended_stats' | 'cardinality';

export interface TermsSpec extends Base, ValuesSpec {
  type: 'terms';
  size: number;
  shardSize?: number;
  minDocCount: number;
  shardMinDocCount: number;
  order: TermsOrder[];
  showTermDocCountError: boolean;
  /** `execution_hint` as given (a hint: Strata picks its own way; ES prints it back). */
  executionHint?: string;
  /** `collect_mode: breadth_first` (absent: depth_first, 5.6's default). */
  collectMode?: 'breadth_first';
  /** A Lucene regular expression (checked when parsed, compiled on the shard), a value list, or a partition. */
  include?: { regex?: string; values?: string[]; partition?: number; numPartitions?: number };
  exclude?: { regex?: string; values?: string[] };
}
export interface MetricSpec extends Base, ValuesSpec {
  type: MetricType;
  /** extended_stats `sigma` (default 2). */
  sigma: number;
  /** cardinality: the HyperLogLog++ precision (from `precision_threshold`, else ES's default by nesting). */
  precision?: number;
  /** cardinality `precision_threshold` as given (ES prints it back). */
  precisionThreshold?: number;
}
/** `percentiles` / `percentile_ranks` (ES 5.6 `PercentilesAggregationBuilder`, `PercentileRanksAggregationBuilder`). */
export interface PercentilesSpec extends Base, ValuesSpec {
  type: 'percentiles' | 'percentile_ranks';
  /** `percents` (percentiles) or `values` (percentile_ranks), sorted as ES sorts them. */
  keys: number[];
  keyed: boolean;
  method: 'tdigest' | 'hdr';
  /** tdigest `compression` (100). */
  compression: number;
  /** hdr `number_of_significant_value_digits` (3). */
  digits: number;
}
export interface MissingSpec extends Base {
  type: 'missing';
  field?: string;
}
export interface FilterSpec extends Base {
  type: 'filter';
  query: Query | null;
}
export interface FiltersSpec extends Base {
  /** `adjacency_matrix`: buckets for each filter and each intersection of two (`A&B`). */
  type: 'filters' | 'adjacency_matrix';
  /** adjacency_matrix `separator` (default `&`). */
  separator?: string;
  /** keyed form: named filters; anonymous form: keys are positions. */
  keyed: boolean;
  filters: Array<{ key: string; query: Query | null }>;
  otherBucketKey?: string;
}
export interface GlobalSpec extends Base {
  type: 'global';
}
export interface RangeSpec extends Base, ValuesSpec {
  type: 'range' | 'date_range' | 'ip_range';
  keyed: boolean;
  /** Bounds as given (numbers, date math for date_range, addresses for ip_range); resolved per shard. */
  ranges: Array<{ key?: string; from?: number | string; to?: number | string; mask?: string }>;
  timeZone?: string;
}
export interface HistogramSpec extends Base, ValuesSpec {
  type: 'histogram' | 'date_histogram';
  /** Fixed width (ms for dates); 0 when `calendar` is set. */
  interval: number;
  /** Calendar unit of date_histogram (`month`, `1M`...). */
  calendar?: 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
  /** date_histogram: the `interval` as given when it was a string (ES prints it back as given). */
  intervalText?: string;
  offset: number;
  minDocCount: number;
  keyed: boolean;
  order: TermsOrder;
  extendedBounds?: { min?: number | string; max?: number | string };
  timeZone?: string;
}

export interface TopHitsSpec extends Base {
  type: 'top_hits';
  from: number;
  size: number;
  sort?: SortSpec[];
  source?: FetchSource;
  version: boolean;
  explain: boolean;
  trackScores: boolean;
}

/** Pipeline aggregation types (ES 5.6 SearchModule). */
export type PipelineType =
  | 'max_bucket' | 'min_bucket' | 'sum_bucket' | 'avg_bucket' | 'stats_bucket' | 'extended_stats_bucket' | 'percentiles_bucket'
  | 'moving_avg' | 'derivative' | 'cumulative_sum' | 'serial_diff' | 'bucket_script' | 'bucket_selector';

/** A moving_avg model with its settings (ES 5.6 `MovAvgModel`s; defaults filled in). */
export interface MovAvgModelSpec {
  name: 'simple' | 'linear' | 'ewma' | 'holt' | 'holt_winters';
  alpha: number;
  beta: number;
  gamma: number;
  period: number;
  multiplicative: boolean;
  pad: boolean;
}

/** Pipeline aggregations, run on the coordinator over reduced results. */
export interface PipelineSpec extends Base {
  type: PipelineType;
  /** The (first) `buckets_path`. */
  bucketsPath: string;
  /** bucket_script / bucket_selector: script variable → path, in request order. */
  bucketsPaths?: Array<[string, string]>;
  gapPolicy: 'skip' | 'insert_zeros';
  /** moving_avg `window` (5). */
  window: number;
  model?: MovAvgModelSpec;
  predict?: number;
  /** moving_avg `minimize` as resolved (explicit, else the model's default). */
  minimize?: boolean;
  /** moving_avg: `minimize` was in the request (ES prints it back only then). */
  minimizeGiven?: boolean;
  /** serial_diff `lag` (1). */
  lag?: number;
  /** extended_stats_bucket `sigma` (2). */
  sigma?: number;
  /** percentiles_bucket `percents`. */
  percents?: number[];
  script?: ScriptRef;
  /** `format`: a DecimalFormat pattern for `value_as_string`. */
  format?: string;
}

/** `matrix_stats`: moments and co-moments of several numeric fields. */
export interface MatrixStatsSpec extends Base {
  type: 'matrix_stats';
  fields: string[];
  /** How a multi-valued field gives one value per doc (MultiValueMode). */
  mode: 'avg' | 'min' | 'max' | 'sum' | 'median';
  /** `missing`: per field, the value for docs without one (pairs: specs travel as JSON). */
  missing?: Array<[string, number]>;
}

/** `scripted_metric`: init/map/combine scripts per shard, a reduce script on the coordinator. */
export interface ScriptedMetricSpec extends Base {
  type: 'scripted_metric';
  initScript?: ScriptRef;
  mapScript: ScriptRef;
  combineScript?: ScriptRef;
  reduceScript?: ScriptRef;
  /** `params` as given (JSON); absent: `{ "_agg": {} }`. */
  params?: Record<string, unknown>;
}

/** A significance heuristic of significant_terms, with its options. */
export interface SignificanceHeuristic {
  name: 'jlh' | 'mutual_information' | 'chi_square' | 'gnd' | 'percentage' | 'script_heuristic';
  includeNegatives?: boolean;
  backgroundIsSuperset?: boolean;
  script?: ScriptRef;
}

/** `significant_terms`. */
export interface SignificantTermsSpec extends Base, ValuesSpec {
  type: 'significant_terms';
  size: number;
  shardSize?: number;
  minDocCount: number;
  shardMinDocCount: number;
  include?: { regex?: string; values?: string[]; partition?: number; numPartitions?: number };
  exclude?: { regex?: string; values?: string[] };
  /** `background_filter` (absent: the whole index). */
  backgroundFilter?: Query | null;
  heuristic: SignificanceHeuristic;
  /** `execution_hint` as given (printed back). */
  executionHint?: string;
}

/** `sampler` / `diversified_sampler`: sub-aggregations over the best-scoring docs of each shard. */
export interface SamplerSpec extends Base, ValuesSpec {
  type: 'sampler' | 'diversified_sampler';
  shardSize: number;
  /** diversified_sampler: at most this many docs per value of `field`/`script`. */
  maxDocsPerValue: number;
  /** diversified_sampler `execution_hint` as given (printed back). */
  executionHint?: string;
}

/** `geo_bounds` / `geo_centroid` over a geo_point field. */
export interface GeoMetricSpec extends Base {
  type: 'geo_bounds' | 'geo_centroid';
  /** The geo_point field (absent: a `script`, or neither; the shard decides, as ES 5.6). */
  field?: string;
  /** geo_centroid `script`: compiled by the shard, never a source of points (ES 5.6 has no geo script values). */
  script?: ScriptRef;
  /** `missing`: the point of docs without one (`"lat,lon"` or a geohash), as given. */
  missing?: string | number | boolean;
  /** geo_bounds `wrap_longitude` (true). */
  wrapLongitude: boolean;
}

/** `geohash_grid` over a geo_point field. */
export interface GeohashGridSpec extends Base {
  type: 'geohash_grid';
  field: string;
  precision: number;
  size: number;
  shardSize?: number;
}

/** `geo_distance`: ranges of the distance from `origin` to a geo_point field's points. */
export interface GeoDistanceSpec extends Base {
  type: 'geo_distance';
  field?: string;
  /** `script`: compiled by the shard, never a source of points (ES 5.6 has no geo script values). */
  script?: ScriptRef;
  /** `missing`: the point of docs without one (`"lat,lon"`, a geohash...), as given. */
  missing?: string | number | boolean;
  origin: { lat: number; lon: number };
  /** Meters per `unit` (default `m`). */
  unitMeters: number;
  /** The unit's first name (`DistanceUnit.toString`: `m`, `km`, `NM`...), as ES prints it back. */
  unit: string;
  distanceType: 'arc' | 'plane';
  keyed: boolean;
  /**
   * Bounds in `unit`; `from` defaults to 0, `to` to infinity; `key` generated as ES does when
   * absent (`keyGiven` says it was given: only then does ES print it back).
   */
  ranges: Array<{ key: string; from: number; to: number; keyGiven?: boolean }>;
}

/** `nested`: the nested docs of `path` inside each collected doc's block. */
export interface NestedSpec extends Base {
  type: 'nested';
  path: string;
}

/** `reverse_nested`: from nested docs back to their enclosing level (`path`, or the root docs). */
export interface ReverseNestedSpec extends Base {
  type: 'reverse_nested';
  path?: string;
}

/** `children`: the child docs of type `childType` of each collected parent doc (`_parent` join). */
export interface ChildrenSpec extends Base {
  type: 'children';
  childType: string;
}

export type AggSpec = GeoDistanceSpec | NestedSpec | ReverseNestedSpec | ChildrenSpec | PercentilesSpec | GeohashGridSpec | GeoMetricSpec | SamplerSpec | SignificantTermsSpec | ScriptedMetricSpec | MatrixStatsSpec | TermsSpec | MetricSpec | MissingSpec | FilterSpec | FiltersSpec | GlobalSpec | RangeSpec | HistogramSpec | TopHitsSpec | PipelineSpec;
