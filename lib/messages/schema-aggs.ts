/**
 * The protobuf schema of a shard's aggregation results (lib/aggs/agg-messages.ts), the partials
 * of the query phase's answer, appended to schema.ts's text (same package, same conventions).
 * Each result kind is a member of the `kind` one-of; numbers in their wire-json.ts forms
 * (a number, or the name of one JSON cannot write) travel as `Value`s.
 */
export const AGGS_PROTO = `
// A shard's aggregation result (lib/aggs/agg-messages.ts); \`kind\` names the member with its fields.
message AggMessage {
  string name = 1;
  oneof kind {
    TermsAgg terms = 2;
    NumericAgg numeric = 3;
    CardinalityAgg cardinality = 4;
    SingleBucketAgg single = 5;
    FiltersAgg filters = 6;
    RangeAgg range = 7;
    HistogramAgg histogram = 8;
    TopHitsAgg top_hits = 9;
    PercentilesAgg percentiles = 10;
    MatrixStatsAgg matrix_stats = 11;
    ScriptedMetricAgg scripted_metric = 12;
    GeoBoundsAgg geo_bounds = 13;
    GeoCentroidAgg geo_centroid = 14;
    GeohashGridAgg geohash_grid = 15;
    SignificantTermsAgg significant_terms = 16;
  }
}

// How bucket keys print (lib/aggs/types.ts KeyFormat).
message KeyFormat {
  oneof kind {
    NoFields raw = 1;
    DateKeyFormat date = 2;
    NoFields boolean = 3;
    DecimalKeyFormat decimal = 4;
    NoFields ip = 5;
  }
}

message NoFields {}

message DateKeyFormat {
  string pattern = 1;
  optional string time_zone = 2;
}

message DecimalKeyFormat {
  string pattern = 1;
}

message BucketMessage {
  Value key = 1;
  double doc_count = 2;
  optional double doc_count_error = 3;
  optional Value from = 4;
  optional Value to = 5;
  optional string from_key = 6;
  optional string to_key = 7;
  repeated AggMessage subs = 8;
  // significant_terms: the term's background count and its score.
  optional double bg_count = 9;
  optional Value score = 10;
}

message TermsAgg {
  // 'string', 'long' or 'double'.
  string value_type = 1;
  KeyFormat format = 2;
  repeated BucketMessage buckets = 3;
  double doc_count_error = 4;
  double other_doc_count = 5;
  double shard_size = 6;
}

message NumericAgg {
  KeyFormat format = 1;
  double count = 2;
  Value sum = 3;
  Value min = 4;
  Value max = 5;
  Value sum_of_squares = 6;
}

// HyperLogLog++ state (lib/aggs/hll.ts HllState: the precision with either the linear-counting
// hashes or the base64 registers), null when the shard saw no value.
message CardinalityAgg {
  optional Value hll = 1;
}

// A percentiles digest (lib/aggs/percentiles.ts SketchState: t-digest centroids or HdrHistogram counts).
message PercentilesAgg {
  KeyFormat format = 1;
  Value sketch = 2;
}

// matrix_stats running moments (lib/aggs/matrix-stats.ts RunningStats): per field, and the
// co-moments as a field x field matrix.
message MatrixStatsAgg {
  Value stats = 1;
}

// scripted_metric: what each bucket's combine script returned, as JSON-able values.
message ScriptedMetricAgg {
  repeated Value parts = 1;
}

message GeoBoundsAgg {
  // top, bottom, posLeft, posRight, negLeft, negRight (numbers or the names of infinities).
  Value bounds = 1;
}

message GeoCentroidAgg {
  double lat = 1;
  double lon = 2;
  double count = 3;
}

message GeohashGridAgg {
  repeated BucketMessage buckets = 1;
}

message SignificantTermsAgg {
  // 'string', 'long' or 'double'.
  string value_type = 1;
  KeyFormat format = 2;
  double subset_size = 3;
  double superset_size = 4;
  repeated BucketMessage buckets = 5;
}

message SingleBucketAgg {
  double doc_count = 1;
  repeated AggMessage subs = 2;
}

message FiltersAgg {
  repeated BucketMessage buckets = 1;
}

message RangeAgg {
  KeyFormat format = 1;
  repeated BucketMessage buckets = 2;
}

message HistogramBounds {
  optional Value min = 1;
  optional Value max = 2;
}

message HistogramAgg {
  KeyFormat format = 1;
  repeated BucketMessage buckets = 2;
  optional HistogramBounds bounds = 3;
}

message TopHitDoc {
  double shard = 1;
  double seg = 2;
  double doc = 3;
  double global_doc = 4;
  Value score = 5;
  optional Value sort_values = 6;
}

message TopHitMessage {
  TopHitDoc doc = 1;
  optional Value rendered = 2;
}

message TopHitsAgg {
  double total = 1;
  Value max_score = 2;
  repeated TopHitMessage hits = 3;
  optional SortOrderKeyList order = 4;
  bool scores = 5;
}
`;
