/**
 * The protobuf schema of the write and get messages (shard-write.ts, shard-get.ts), appended to
 * schema.ts's text (same package, same conventions). Sources travel as bytes; update bodies,
 * script parameters and returned `get` sections as generic `Value` trees.
 */
export const WRITE_PROTO = `
// The shard bulk (lib/messages/shard-write.ts).
message ShardBulkRequest {
  string index = 1;
  int32 shard = 2;
  repeated ShardWriteItem items = 3;
  // cluster mode: wait_for_active_shards as a copy count, and the request's timeout
  optional int32 active_copies = 11;
  optional double timeout_ms = 12;
  optional string timeout = 13;
}

// One item; \`op\` names the member that holds its fields ('index', 'create', 'delete', 'update').
message ShardWriteItem {
  oneof op {
    ShardIndexItem index = 1;
    ShardIndexItem create = 2;
    ShardDeleteItem delete = 3;
    ShardUpdateItem update = 4;
  }
}

message ShardIndexItem {
  string type = 1;
  string id = 2;
  bytes source = 3;
  optional string routing = 4;
  optional string parent = 5;
  optional double version = 6;
  // 'internal', 'external', 'external_gte' or 'force'.
  optional string version_type = 7;
}

message ShardDeleteItem {
  string type = 1;
  string id = 2;
  optional string routing = 3;
  optional double version = 4;
  optional string version_type = 5;
}

message ShardUpdateItem {
  string type = 1;
  string id = 2;
  optional string routing = 3;
  optional string parent = 4;
  optional double version = 5;
  ShardUpdateSpec update = 6;
}

message ShardUpdateSpec {
  optional Value doc = 1;
  optional Value upsert = 2;
  bool doc_as_upsert = 3;
  bool detect_noop = 4;
  bool scripted_upsert = 5;
  optional ScriptRef script = 6;
  int32 retry_on_conflict = 7;
  optional StringList fields = 8;
  optional Value source_filter = 9;
}

// A parsed script reference (lib/dsl/script-ref.ts).
message ScriptRef {
  // 'inline', 'stored' or 'file'.
  string type = 1;
  string id_or_code = 2;
  string lang = 3;
  Value params = 4;
  optional Value options = 5;
}

message StringList {
  repeated string items = 1;
}

message ShardWriteSuccess {
  // 'created', 'updated', 'deleted', 'not_found' or 'noop'.
  string result = 1;
  double version = 2;
  double seq_no = 3;
  double primary_term = 4;
  optional Value get = 5;
}

message ShardItemOutcome {
  oneof outcome {
    ShardWriteSuccess ok = 1;
    ShardError error = 2;
  }
  optional bool parse_failure = 3;
}

message ShardBulkResponse {
  repeated ShardItemOutcome items = 1;
  // cluster mode: the copies that applied the write (primary and replicas)
  optional int32 copies = 11;
}

message BulkReply {
  oneof reply {
    ShardBulkResponse ok = 1;
    ShardError error = 2;
  }
}

message ShardWaitForRefreshRequest {
  string index = 1;
  int32 shard = 2;
  double max_listeners = 3;
}

message ShardWaitForRefreshResponse {
  bool forced = 1;
}

message WaitForRefreshReply {
  oneof reply {
    ShardWaitForRefreshResponse ok = 1;
    ShardError error = 2;
  }
}

// The realtime get (lib/messages/shard-get.ts).
message ShardGetRequest {
  string index = 1;
  int32 shard = 2;
  optional string type = 3;
  string id = 4;
  bool realtime = 5;
  bool refresh = 6;
  // The request's \`preference\`: which copy of the shard reads (cluster mode routing).
  optional string preference = 26;
}

message ShardDocument {
  string type = 1;
  string id = 2;
  double version = 3;
  optional string routing = 4;
  optional string parent = 5;
  optional bytes source = 6;
  // Stored field values by field name.
  Value stored = 7;
}

message ShardGetResponse {
  // Absent: no live document (null in JavaScript).
  ShardDocument doc = 1;
}

message GetReply {
  oneof reply {
    ShardGetResponse ok = 1;
    ShardError error = 2;
  }
}

// _mget: the gets of one request on one shard.
message ShardMultiGetRequest {
  string index = 1;
  int32 shard = 2;
  bool realtime = 3;
  bool refresh = 4;
  repeated ShardMultiGetItemRequest items = 5;
  optional string preference = 25;
}

message ShardMultiGetItemRequest {
  optional string type = 1;
  string id = 2;
}

message ShardMultiGetItem {
  oneof outcome {
    ShardGetResponse ok = 1;
    ShardError error = 2;
  }
}

message ShardMultiGetResponse {
  repeated ShardMultiGetItem items = 1;
}

message MultiGetReply {
  oneof reply {
    ShardMultiGetResponse ok = 1;
    ShardError error = 2;
  }
}
`;
