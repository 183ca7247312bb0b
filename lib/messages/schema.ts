/**
 * The protobuf schema of the shard boundary's messages (the user's choice of wire format; the
 * transport of issue 13 sends these between nodes). Kept as `.proto` text, so the build ships it
 * without a copy step and a reader sees the schema as written; protobufjs parses it once at
 * load. This file holds the shared parts (the generic value tree, errors, maintenance);
 * schema-write.ts, schema-search.ts and schema-aggs.ts the write/get, search and aggregation
 * messages. Field names are snake_case on the wire and camelCase in JavaScript, as protobufjs
 * converts them, so the messages are the TypeScript interfaces of lib/messages unchanged; the
 * conventions that map the remaining differences are proto-codec.ts's (generic `Value` trees,
 * `...List` wrappers of optional lists, `kind` / `op` one-ofs as discriminated unions,
 * `..._json` text fields).
 * Counts and sizes are `double` (JavaScript numbers, exact to 2^53, NaN and infinities kept)
 * rather than int64, which would decode to Long. Field numbers are the contract between
 * versions: only ever add fields.
 */
import protobuf from 'protobufjs';
import { AGGS_PROTO } from './schema-aggs.js';
import { SEARCH_PROTO } from './schema-search.js';
import { WRITE_PROTO } from './schema-write.js';

export const SHARD_PROTO = `
syntax = "proto3";
package strata.shard;

// A JSON-like value: parsed DSL subtrees (queries, sorts, aggregation specs, script fields),
// rendered hits and other open-ended data. Numbers are doubles (NaN, the infinities and -0
// survive), bigints int64; map entries keep their order and any key (also "__proto__").
message Value {
  oneof v {
    bool null_value = 1;
    bool bool_value = 2;
    sint64 int_value = 3;
    double number = 4;
    string string_value = 5;
    bytes bytes = 6;
    ValueList list = 7;
    ValueMap map = 8;
  }
}

message ValueList {
  repeated Value items = 1;
}

message ValueEntry {
  string key = 1;
  Value value = 2;
}

message ValueMap {
  repeated ValueEntry entries = 1;
}

// A failure on the shard side (lib/messages/shard-error.ts).
message ShardError {
  string type = 1;
  int32 status = 2;
  string reason = 3;
  optional bool null_reason = 4;
  // JSON object: the fields ES renders beside type and reason (index, shard, index_uuid, ...).
  optional string metadata_json = 5;
  optional ShardError caused_by = 6;
}

// Index maintenance (lib/messages/shard-maintenance.ts).
message SegmentMemory {
  string description = 1;
  double size_in_bytes = 2;
}

message SegmentSummary {
  string name = 1;
  double generation = 2;
  double num_docs = 3;
  double deleted_docs = 4;
  double size_in_bytes = 5;
  double memory_in_bytes = 6;
  repeated SegmentMemory memory = 7;
  bool committed = 8;
  bool search = 9;
}

message StoreFile {
  string name = 1;
  double length = 2;
}

message ShardRecoveryInfo {
  string type = 1;
  double start_time_ms = 2;
  double stop_time_ms = 3;
  double total_time_ms = 4;
  double index_time_ms = 5;
  repeated StoreFile files = 6;
  double translog_ops = 7;
  double translog_time_ms = 8;
}

message ClearCachesResult {
  double doc_sets = 1;
  double stored_docs = 2;
  double postings = 3;
}

message ShardFieldStats {
  string field = 1;
  double max_doc = 2;
  double doc_count = 3;
  double sum_doc_freq = 4;
  double sum_total_term_freq = 5;
  optional string min_term = 6;
  optional string max_term = 7;
}

message ShardTarget {
  string index = 1;
  int32 shard = 2;
}

// The answer of a request that returns nothing but success.
message ShardAck {}

message ShardForceMergeRequest {
  string index = 1;
  int32 shard = 2;
  optional double max_num_segments = 3;
  optional bool only_expunge_deletes = 4;
}

message ShardClearCachesRequest {
  string index = 1;
  int32 shard = 2;
  bool query = 3;
  bool all = 4;
  optional bool request = 5;
}

message ShardStats {
  double docs_count = 1;
  double docs_deleted = 2;
  double store_size_in_bytes = 3;
  double index_total = 4;
  double index_time_in_millis = 5;
  double delete_total = 6;
  double refresh_total = 7;
  double refresh_time_in_millis = 8;
  double flush_total = 9;
  double merge_total = 10;
  double segments_count = 11;
  double translog_operations = 12;
  double translog_size_in_bytes = 13;
  double completion_size_in_bytes = 53;
  optional CompletionFieldSizeList completion_fields = 54;
  double index_writer_memory_in_bytes = 73;
  double version_map_memory_in_bytes = 83;
  ShardQueryCacheStats query_cache = 90;
  ShardSegmentsMemory segments_memory = 91;
  ShardMergeStats merges = 92;
  double flush_time_in_millis = 93;
}

message ShardMergeStats {
  double current = 1;
  double current_docs = 2;
  double current_size_in_bytes = 3;
  double total_time_in_millis = 4;
  double total_docs = 5;
  double total_size_in_bytes = 6;
}

message ShardSegmentsMemory {
  double terms = 1;
  double stored_fields = 2;
  double norms = 3;
  double doc_values = 4;
}

message ShardQueryCacheStats {
  double hit_count = 1;
  double miss_count = 2;
  double cache_size = 3;
  double cache_count = 4;
  double memory_size_in_bytes = 5;
}

message CompletionFieldSizeList {
  repeated CompletionFieldSize items = 1;
}

message CompletionFieldSize {
  string field = 1;
  double size_in_bytes = 2;
}

message ShardSegments {
  repeated SegmentSummary segments = 1;
}

message ShardFieldStatsRequest {
  string index = 1;
  int32 shard = 2;
  repeated string fields = 3;
}

message ShardFieldStatsResponse {
  repeated ShardFieldStats fields = 1;
}

// The replies of the maintenance methods: the answer, or the shard's failure.
message AckReply {
  oneof reply {
    ShardAck ok = 1;
    ShardError error = 2;
  }
}

message ClearCachesReply {
  oneof reply {
    ClearCachesResult ok = 1;
    ShardError error = 2;
  }
}

// Ask one shard for its figures; completion: also size its completion fields.
message ShardStatsRequest {
  string index = 1;
  int32 shard = 2;
  optional bool completion = 3;
}

message StatsReply {
  oneof reply {
    ShardStats ok = 1;
    ShardError error = 2;
  }
}

message SegmentsReply {
  oneof reply {
    ShardSegments ok = 1;
    ShardError error = 2;
  }
}

message RecoveryReply {
  oneof reply {
    ShardRecoveryInfo ok = 1;
    ShardError error = 2;
  }
}

message FieldStatsReply {
  oneof reply {
    ShardFieldStatsResponse ok = 1;
    ShardError error = 2;
  }
}
` + WRITE_PROTO + SEARCH_PROTO + AGGS_PROTO;

/** The parsed schema, every type resolved. */
export const shardSchema = protobuf.parse(SHARD_PROTO).root.resolveAll() as protobuf.Root;
