/**
 * The protobuf schema of the search messages (shard-search.ts), appended to schema.ts's text
 * (same package, same conventions; the aggregation partials are schema-aggs.ts's).
 * Parsed DSL subtrees (query, sort, aggregation specs, script fields, `_source` filters, search
 * after values) and rendered hits travel as generic `Value` trees; so do wire-json.ts's number
 * and sort-value forms (a number, or the name of one JSON cannot write). Everything else is a
 * typed field.
 */
export const SEARCH_PROTO = `
// What a shard needs of a search request.
message ShardSearchSource {
  repeated string types = 1;
  optional Value query = 2;
  optional Value post_filter = 3;
  double from = 4;
  double size = 5;
  optional Value sort = 6;
  bool track_scores = 7;
  optional Value source = 8;
  // A list of field names, or '_none_'.
  optional Value stored_fields = 9;
  bool version = 10;
  bool explain = 11;
  optional Value script_fields = 12;
  optional double min_score = 13;
  optional double terminate_after = 14;
  // 'query_then_fetch' or 'dfs_query_then_fetch'.
  string search_type = 15;
  optional Value search_after = 16;
  optional SliceSpec slice = 17;
  optional Value aggs = 18;
  optional double rescore_window = 19;
  optional string collapse_field = 20;
  repeated string docvalue_fields = 21;
  bool scroll = 22;
  bool keep_all_hits = 23;
  // The parsed \`highlight\` spec (lib/dsl/highlight.ts).
  optional Value highlight = 24;
  // The \`request_cache\` parameter (absent: the index setting decides).
  optional bool request_cache = 25;
  // The parsed \`suggest\` specs (lib/dsl/suggest.ts).
  optional Value suggest = 27;
  // The parsed \`rescore\` specs (lib/dsl/rescore.ts).
  optional Value rescore = 28;
  // The \`stats\` groups of the request (index stats \`search.groups\`).
  optional StringList stats = 40;
  // The matches are read with scanPhase, in doc order (a by-scroll run with no sort).
  optional bool scan = 38;
}

message SliceSpec {
  double id = 1;
  double max = 2;
  string field = 3;
}

message OpenContextRequest {
  string index = 1;
  int32 shard = 2;
  int32 shard_index = 3;
  int32 request_shards = 4;
  double now_ms = 5;
  double index_boost = 6;
  optional Value alias_filters = 7;
  ShardSearchSource source = 8;
  double keep_alive_ms = 9;
  optional LookupDocumentList lookups = 10;
  // The request's \`preference\`: which copy of the shard reads (cluster mode routing).
  optional string preference = 30;
}

// A terms lookup's document, fetched by the coordinator.
message LookupDocument {
  string index = 1;
  string type = 2;
  string id = 3;
  optional string routing = 4;
  optional Value source = 5;
  optional ShardError failure = 6;
}

message LookupDocumentList {
  repeated LookupDocument items = 1;
}

message OpenContextResult {
  string context_id = 1;
}

message DfsFieldStats {
  string field = 1;
  double max_doc = 2;
  double doc_count = 3;
  double sum_total_term_freq = 4;
  double sum_doc_freq = 5;
}

message DfsTermStats {
  string field = 1;
  string term = 2;
  double doc_freq = 3;
  double total_term_freq = 4;
}

message DfsStats {
  repeated DfsFieldStats fields = 1;
  repeated DfsTermStats terms = 2;
}

message DfsTermRef {
  string field = 1;
  string term = 2;
}

message DfsOnly {
  repeated string fields = 1;
  repeated DfsTermRef terms = 2;
}

// The shard task a phase runs as (shard-search.ts PhaseTask).
message PhaseTask {
  string parent = 1;
  string action = 2;
  string description = 3;
}

message DfsPhaseRequest {
  string context_id = 1;
  optional DfsOnly only = 2;
  optional PhaseTask task = 12;
}

message QueryPhaseRequest {
  string context_id = 1;
  optional DfsStats dfs = 2;
  optional double deadline_epoch_ms = 3;
  optional PhaseTask task = 13;
}

// A hit of the query phase; score and sort values in their wire-json.ts forms.
message WireDoc {
  double seg = 1;
  double doc = 2;
  double global_doc = 3;
  Value score = 4;
  optional Value sort_values = 5;
}

message SortOrderKey {
  bool reverse = 1;
  optional bool missing_first = 2;
}

message SortOrderKeyList {
  repeated SortOrderKey items = 1;
}

message AggMessageList {
  repeated AggMessage items = 1;
}

message QueryPhaseResult {
  repeated WireDoc top = 1;
  optional Value groups = 2;
  double total_hits = 3;
  Value max_score = 4;
  bool timed_out = 5;
  bool terminated_early = 6;
  optional SortOrderKeyList sort_order = 7;
  optional AggMessageList aggs = 8;
  // The shard's suggestions (shard-suggest.ts), as plain data.
  optional Value suggest = 9;
}

message FetchPhaseRequest {
  string context_id = 1;
  repeated WireDoc hits = 2;
  bool scores = 3;
  optional PhaseTask task = 13;
}

message FetchPhaseResult {
  repeated Value hits = 1;
  // Deprecation warnings of the fetch (the postings highlighter's).
  optional StringList warnings = 2;
}

message ScanPhaseRequest {
  string context_id = 1;
  double seg = 2;
  double doc = 3;
  double max = 4;
}

// A document of a scan: metadata and the _source bytes.
message ScanDoc {
  string type = 1;
  string id = 2;
  optional double version = 3;
  optional string routing = 4;
  optional string parent = 5;
  optional bytes source = 6;
}

message ScanPosition {
  double seg = 1;
  double doc = 2;
}

message ScanPhaseResult {
  repeated ScanDoc docs = 1;
  // Absent: the shard's view is read to its end.
  optional ScanPosition next = 2;
}

message ScanPhaseReply {
  oneof reply {
    ScanPhaseResult ok = 1;
    ShardError failure = 2;
  }
}

message ExplainRequest {
  string index = 1;
  int32 shard = 2;
  string type = 3;
  string id = 4;
  Value query = 5;
  optional Value alias_filters = 6;
  optional Value source = 7;
  optional StringList stored_fields = 8;
  double now_ms = 9;
  optional LookupDocumentList lookups = 10;
}

message ExplainResult {
  bool found = 1;
  bool matched = 2;
  optional Value explanation = 3;
  optional Value get = 4;
}

message ValidateRequest {
  string index = 1;
  int32 shard = 2;
  repeated string types = 3;
  Value query = 4;
  bool rewrite = 5;
  double now_ms = 6;
  optional LookupDocumentList lookups = 7;
}

message ValidateResult {
  string description = 1;
}

message RenewContextRequest {
  string context_id = 1;
  double keep_alive_ms = 2;
}

message FreeContextRequest {
  string context_id = 1;
}

// Whether the context named was still open.
message ContextFound {
  bool found = 1;
}

message OpenContextReply {
  oneof reply {
    OpenContextResult ok = 1;
    ShardError failure = 2;
  }
}

message DfsReply {
  oneof reply {
    DfsStats ok = 1;
    ShardError failure = 2;
  }
}

message QueryPhaseReply {
  oneof reply {
    QueryPhaseResult ok = 1;
    ShardError failure = 2;
  }
}

message FetchPhaseReply {
  oneof reply {
    FetchPhaseResult ok = 1;
    ShardError failure = 2;
  }
}

message TermVectorsRequest {
  string index = 1;
  int32 shard = 2;
  string type = 3;
  optional string id = 4;
  // An artificial document's _source (JSON text).
  optional string doc = 5;
  bool realtime = 6;
  optional StringList fields = 7;
  // Field name -> analyzer name.
  optional Value per_field_analyzer = 8;
  bool positions = 9;
  bool offsets = 10;
  bool payloads = 11;
  bool term_statistics = 12;
  bool field_statistics = 13;
  optional TermVectorsFilterSpec filter = 14;
}

message TermVectorsFilterSpec {
  optional double max_num_terms = 1;
  optional double min_term_freq = 2;
  optional double max_term_freq = 3;
  optional double min_doc_freq = 4;
  optional double max_doc_freq = 5;
  optional double min_word_length = 6;
  optional double max_word_length = 7;
}

message TermVectorToken {
  optional double position = 1;
  optional double start_offset = 2;
  optional double end_offset = 3;
}

message TermVectorTokenList {
  repeated TermVectorToken items = 1;
}

message TermVectorTerm {
  string term = 1;
  double term_freq = 2;
  optional double doc_freq = 3;
  optional double ttf = 4;
  optional TermVectorTokenList tokens = 5;
  optional double score = 6;
}

message TermVectorFieldStatistics {
  double sum_doc_freq = 1;
  double doc_count = 2;
  double sum_ttf = 3;
}

message TermVectorField {
  string name = 1;
  optional TermVectorFieldStatistics field_statistics = 2;
  repeated TermVectorTerm terms = 3;
}

message TermVectorsResult {
  bool found = 1;
  double version = 2;
  repeated TermVectorField fields = 3;
}

message TermVectorsReply {
  oneof reply {
    TermVectorsResult ok = 1;
    ShardError failure = 2;
  }
}

message ExplainReply {
  oneof reply {
    ExplainResult ok = 1;
    ShardError failure = 2;
  }
}

message ValidateReply {
  oneof reply {
    ValidateResult ok = 1;
    ShardError failure = 2;
  }
}
`;
