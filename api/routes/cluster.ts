/**
 * Root info, cluster health and cluster state.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { clusterHealth, nodeCounts, statusAtLeast, type HealthStatus } from '../../lib/cluster/health.js';
import { resolveIndices, STRICT_EXPAND_OPEN_CLOSED } from '../../lib/action/resolve-indices.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { clusterStateBody, compressedStateSize } from '../../lib/action/cluster/cluster-state.js';
import { ByteSizeValue } from '../../lib/units/byte-size-value.js';

export const VERSION_INFO = {
  number: '5.6.16',
  build_hash: '3a740d1',
  build_date: '2019-03-13T15:33:36.565Z',
  build_snapshot: false,
  lucene_version: '6.6.1',
};

/** ES `wait_for_nodes`: `N`, `>=N`, `<=N`, `>N`, `<N` (also `ge(N)`, `le(N)`, `gt(N)`, `lt(N)`). */
export function nodeCountMatches(expr: string, nodes: number): boolean {
  const m = /^(>=|<=|>|<|ge\(|le\(|gt\(|lt\()?\s*(\d+)\)?$/.exec(expr.trim());
  if (!m) throw illegalArgument(`failed to parse wait_for_nodes [${expr}]`);
  const n = Number(m[2]);
  switch (m[1]) {
    case '>=': case 'ge(': return nodes >= n;
    case '<=': case 'le(': return nodes <= n;
    case '>': case 'gt(': return nodes > n;
    case '<': case 'lt(': return nodes < n;
    default: return nodes === n;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function clusterRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'HEAD'],
      paths: ['/'],
      params: [],
      handler: () => ({
        status: 200,
        body: {
          name: ctx.nodeName,
          cluster_name: ctx.clusterName,
          cluster_uuid: ctx.cluster.state().clusterUuid,
          version: VERSION_INFO,
          tagline: 'You Know, for Search',
        },
      }),
    },
    {
      methods: ['GET'],
      paths: ['/_cluster/health', '/_cluster/health/{index}'],
      params: ['level', 'local', 'master_timeout', 'timeout', 'wait_for_active_shards', 'wait_for_nodes', 'wait_for_events', 'wait_for_no_relocating_shards', 'wait_for_status'],
      handler: async (req) => {
        const level = req.param('level', 'cluster')!;
        if (!['cluster', 'indices', 'shards'].includes(level)) throw illegalArgument(`No level match [${level}]`);
        req.param('local');
        req.param('master_timeout');
        req.param('wait_for_active_shards');
        const waitForNodes = req.param('wait_for_nodes');
        req.param('wait_for_events');
        req.param('wait_for_no_relocating_shards');
        const timeoutMs = req.paramAsTimeMs('timeout', 30_000);
        const wantStatus = req.param('wait_for_status') as HealthStatus | undefined;
        if (wantStatus !== undefined && !['green', 'yellow', 'red'].includes(wantStatus)) {
          throw illegalArgument(`unknown cluster health status [${wantStatus}]`);
        }
        const deadline = Date.now() + timeoutMs;
        const expr = req.pathParams.index;
        let timedOut = false;
        let indices: string[] = [];
        let missing = false;
        for (;;) {
          try {
            indices = resolveIndices(ctx.cluster.state(), expr, STRICT_EXPAND_OPEN_CLOSED);
            missing = false;
          } catch {
            missing = true;
            indices = [];
          }
          const h = clusterHealth(ctx.cluster.state(), indices, nodeCounts(ctx.cluster.state()).dataNodes, false, ctx.indices);
          const status = missing ? 'red' : h.status;
          const nodesOk = waitForNodes === undefined || nodeCountMatches(waitForNodes, nodeCounts(ctx.cluster.state()).nodes);
          if ((wantStatus === undefined || statusAtLeast(status, wantStatus)) && !missing && nodesOk) break;
          if (Date.now() >= deadline) {
            timedOut = true;
            break;
          }
          await sleep(Math.min(100, Math.max(1, deadline - Date.now())));
        }
        const counts = nodeCounts(ctx.cluster.state());
        const h = clusterHealth(ctx.cluster.state(), indices, counts.dataNodes, level === 'shards', ctx.indices);
        const body: Record<string, unknown> = {
          cluster_name: ctx.clusterName,
          status: missing ? 'red' : h.status,
          timed_out: timedOut,
          number_of_nodes: counts.nodes,
          number_of_data_nodes: counts.dataNodes,
          active_primary_shards: h.activePrimaryShards,
          active_shards: h.activeShards,
          relocating_shards: 0,
          initializing_shards: h.initializingShards,
          unassigned_shards: h.unassignedShards,
          delayed_unassigned_shards: h.delayedUnassignedShards,
          number_of_pending_tasks: 0,
          number_of_in_flight_fetch: 0,
          task_max_waiting_in_queue_millis: 0,
          active_shards_percent_as_number: h.activeShardsPercent,
        };
        if (level !== 'cluster') body.indices = h.indices;
        return { status: timedOut ? 408 : 200, body };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_cluster/state', '/_cluster/state/{metric}', '/_cluster/state/{metric}/{index}'],
      params: ['local', 'master_timeout', 'flat_settings', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const metrics = (req.pathParams.metric ?? '_all').split(',');
        const { cluster_name: clusterName, ...state } = clusterStateBody(ctx, metrics, req.pathParams.index, req.paramAsBool('flat_settings', false), (n) => req.param(n));
        // ES 5.6 `RestClusterStateAction` reports the compressed size of the whole state first
        const size = compressedStateSize(ctx);
        const sizeFields = req.paramAsBool('human', false) ? { compressed_size: new ByteSizeValue(size).toString(), compressed_size_in_bytes: size } : { compressed_size_in_bytes: size };
        return { status: 200, body: { cluster_name: clusterName, ...sizeFields, ...state } };
      },
    },
  ];
}
