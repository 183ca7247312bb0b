/**
 * The protobuf schema of the shard boundary's messages (the user's choice of wire format; the
 * transport of issue 13 sends these between nodes). Kept as `.proto` text here, so the build
 * ships it without a copy step and a reader sees the schema as written; protobufjs parses it
 * once at load. Field names are snake_case on the wire and camelCase in JavaScript, as
 * protobufjs converts them, so most messages are the TypeScript interfaces of lib/messages
 * unchanged; open-ended JSON (error metadata) travels as JSON text. Counts and sizes are
 * `double` (JavaScript numbers, exact to 2^53) rather than int64, which would decode to Long.
 * Field numbers are the contract between versions: only ever add fields.
 */
import protobuf from 'protobufjs';

export const SHARD_PROTO = `
syntax = "proto3";
package strata.shard;

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

message ClearCachesRequest {
  bool query = 1;
  bool all = 2;
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
`;

/** The parsed schema. */
export const shardSchema = protobuf.parse(SHARD_PROTO).root;
