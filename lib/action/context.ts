/**
 * What every coordinator action can reach on the node it runs on.
 */
import type { ClusterService } from '../cluster/cluster-service.js';
import type { IndicesService } from '../indices/indices-service.js';
import type { Logger } from '../indices/index-service.js';
import type { ScriptService } from '../script/script-service.js';
import type { NodeRuntime } from './nodes/node-runtime.js';
import type { ShardSearchClient } from '../messages/shard-search.js';

export interface NodeContext {
  nodeId: string;
  nodeName: string;
  clusterName: string;
  /** Node settings (flat, as given with `-E` or the config file). */
  settings: Record<string, string>;
  dataPath: string;
  logger: Logger;
  cluster: ClusterService;
  indices: IndicesService;
  /** The search side of this node's shards, reached only through plain messages (lib/messages/shard-search.ts). */
  searchShards: ShardSearchClient;
  /** Compiles and caches scripts (painless, expression) under the node's script settings. */
  scripts: ScriptService;
  /** `indices.query.bool.max_clause_count` (default 1024): Lucene's boolean clause limit. */
  maxClauseCount: number;
  startedAt: number;
  /** Node attributes from the `node.attr.*` settings (ES `DiscoveryNode#getAttributes`). */
  attributes: ReadonlyMap<string, string>;
  /** Counters, samplers and task registry of this node, read by the nodes and cat APIs. */
  runtime: NodeRuntime;
  transportAddress: { host: string; port: number };
  httpAddress: { host: string; port: number };
  /**
   * Cluster mode: calls to another member's node-level actions over the transport (`_nodes`);
   * undefined on a single node.
   */
  remote?: RemoteNodes;
  /** Cluster mode: this node's election fence while it is the elected master (lib/action/master-task.ts). */
  masterFence?: () => string | undefined;
  /**
   * Put the node back to its fixture state (`POST /_strata/reset`); set by lib/embedded for a
   * memory node, undefined otherwise.
   */
  reset?: () => Promise<{ indices: number; restored: number; tookMs: number }>;
}

/** Node-level actions of other members (lib/transport/remote-nodes.ts): a JSON-like request in, one out. */
export interface RemoteNodes {
  call(nodeId: string, action: string, body: unknown): Promise<unknown>;
}
