/**
 * `GET|POST /_cluster/allocation/explain` (ES 5.6 `TransportClusterAllocationExplainAction`),
 * on one node. Every primary is started on this node and every replica is unassigned: ES's
 * `same_shard` decider forbids a replica on the node holding its primary, so a replica is
 * explained as unassignable there, and a primary as staying put with nowhere to rebalance to.
 */
import type { NodeContext } from '../context.js';
import { shardRoutings, type ShardRouting } from '../../cluster/routing-table.js';
import { EsError, illegalArgument, indexNotFound } from '../../errors/errors.js';
import { attributesJson, formatAddress } from '../nodes/node-identity.js';
import { clusterMembers, transportAddressOf } from '../nodes/cluster-members.js';
import { indexDeciders } from '../../cluster/allocation/deciders.js';
import { TimeValue } from '../../units/time-value.js';
import { timeValueField } from '../../units/human-fields.js';

export interface AllocationExplainRequest {
  /** Absent: explain the first unassigned shard. */
  index?: string;
  shard?: number;
  primary?: boolean;
  currentNode?: string;
  includeYesDecisions: boolean;
  includeDiskInfo: boolean;
  /** `human`: readable delays beside the millis. */
  human?: boolean;
}

type Json = Record<string, unknown>;

/** ES `ShardRouting#shortSummary`, e.g. `[idx][0], node[id], [P], s[STARTED], a[id=...]`. */
export function shardSummary(r: ShardRouting): string {
  return `[${r.index}][${r.shard}], node[${r.node ?? 'null'}], ${r.primary ? '[P]' : '[R]'}${
    r.recovery_source ? `, recovery_source[${r.recovery_source.type === 'PEER' ? 'peer recovery' : r.recovery_source.type}]` : ''
  }, s[${r.state}]${r.allocation_id ? `, a[id=${r.allocation_id.id}]` : ''}${
    r.unassigned_info ? `, unassigned_info[[reason=${r.unassigned_info.reason}], at[${r.unassigned_info.at}], delayed=${r.unassigned_info.delayed}, allocation_status[${r.unassigned_info.allocation_status}]]` : ''
  }`;
}

function requestString(req: AllocationExplainRequest): string {
  const target = req.index === undefined
    ? 'useAnyUnassignedShard=true'
    : `index=${req.index},shard=${req.shard},primary?=${req.primary}${req.currentNode !== undefined ? `,currentNode=${req.currentNode}` : ''}`;
  return `ClusterAllocationExplainRequest[${target},includeYesDecisions?=${req.includeYesDecisions}]`;
}

function routingsOf(ctx: NodeContext, index: string): ShardRouting[][] {
  const meta = ctx.cluster.state().indices[index];
  if (!meta) throw indexNotFound(index);
  return shardRoutings(meta, ctx.nodeId, ctx.indices.failedShards(meta.name));
}

function findShard(ctx: NodeContext, req: AllocationExplainRequest): ShardRouting {
  const state = ctx.cluster.state();
  if (req.index === undefined) {
    for (const name of Object.keys(state.indices).sort()) {
      for (const copies of routingsOf(ctx, name)) {
        const u = copies.find((c) => c.state === 'UNASSIGNED');
        if (u) return u;
      }
    }
    throw illegalArgument(`unable to find any unassigned shards to explain [${requestString(req)}]`);
  }
  const copies = routingsOf(ctx, req.index)[req.shard ?? 0];
  if (copies === undefined) throw new EsError('shard_not_found_exception', 404, 'no such shard', { metadata: { shard: String(req.shard), index_uuid: ctx.cluster.state().indices[req.index]?.uuid, index: req.index } });
  const found = copies.find((c) => c.primary === req.primary && (req.currentNode === undefined || c.node === req.currentNode || ctx.nodeName === req.currentNode));
  if (!found) {
    throw illegalArgument(`unable to find a shard assigned to node [${req.currentNode}] for ${requestString(req)}`);
  }
  return found;
}

function nodeJson(ctx: NodeContext): Json {
  const out: Json = { id: ctx.nodeId, name: ctx.nodeName, transport_address: formatAddress(ctx.transportAddress) };
  if (ctx.attributes.size > 0) out.node_attributes = attributesJson(ctx);
  return out;
}

/** The explanation body for the requested (or first unassigned) shard copy. */
export function explainAllocation(ctx: NodeContext, req: AllocationExplainRequest): Json {
  const shard = findShard(ctx, req);
  const head: Json = { index: shard.index, shard: shard.shard, primary: shard.primary, current_state: shard.state.toLowerCase() };
  if (shard.state === 'UNASSIGNED' && shard.unassigned_info?.delayed) return explainDelayed(ctx, req, shard, head);
  if (shard.state === 'UNASSIGNED') {
    const primary = routingsOf(ctx, shard.index)[shard.shard]?.find((c) => c.primary);
    const info = shard.unassigned_info;
    const decider = {
      decider: 'same_shard',
      decision: 'NO',
      explanation: `the shard cannot be allocated to the same node on which a copy of the shard already exists [${primary ? shardSummary(primary) : ''}]`,
    };
    return {
      ...head,
      ...(info ? { unassigned_info: { reason: info.reason, at: info.at, last_allocation_status: info.allocation_status } } : {}),
      can_allocate: 'no',
      allocate_explanation: 'cannot allocate because allocation is not permitted to any of the nodes',
      node_allocation_decisions: [{
        node_id: ctx.nodeId,
        node_name: ctx.nodeName,
        transport_address: formatAddress(ctx.transportAddress),
        ...(ctx.attributes.size > 0 ? { node_attributes: attributesJson(ctx) } : {}),
        node_decision: 'no',
        weight_ranking: 1,
        deciders: [decider],
      }],
    };
  }
  const unassignedAnywhere = Object.keys(ctx.cluster.state().indices).some((n) =>
    routingsOf(ctx, n).some((copies) => copies.some((c) => c.state === 'UNASSIGNED')));
  const body: Json = {
    ...head,
    current_node: { ...nodeJson(ctx), weight_ranking: 1 },
    can_remain_on_current_node: 'yes',
  };
  if (unassignedAnywhere) {
    // ES's default `cluster.routing.allocation.allow_rebalance: indices_all_active`
    body.can_rebalance_cluster = 'no';
    body.can_rebalance_cluster_decisions = [{
      decider: 'cluster_rebalance',
      decision: 'NO',
      explanation: 'the cluster has unassigned shards and cluster setting [cluster.routing.allocation.allow_rebalance] is set to [indices_all_active]',
    }];
    body.rebalance_explanation = 'rebalancing is not allowed';
  } else {
    body.can_rebalance_cluster = 'yes';
    body.can_rebalance_to_other_node = 'no';
    body.rebalance_explanation = 'cannot rebalance as no target node exists that can both allocate this shard and improve the cluster balance';
  }
  return body;
}

/**
 * A copy held unassigned while its departed node may return (delayed allocation, cluster mode):
 * ES 5.6's `allocation_delayed` decision with the configured and remaining delay, and each data
 * node's decision (`same_shard` refuses the nodes that hold a copy of the shard).
 */
function explainDelayed(ctx: NodeContext, req: AllocationExplainRequest, shard: ShardRouting, head: Json): Json {
  const state = ctx.cluster.state();
  const meta = state.indices[shard.index]!;
  const info = shard.unassigned_info!;
  const configured = indexDeciders(state, meta).delayMs;
  const remaining = Math.max(0, Date.parse(info.at) + configured - Date.now());
  const copies = routingsOf(ctx, shard.index)[shard.shard] ?? [];
  const holders = new Map(copies.filter((c) => c.node !== null).map((c) => [c.node!, c]));
  const decisions = clusterMembers(ctx)
    .filter((m) => m.data)
    .map((m) => {
      const holding = holders.get(m.id);
      const deciders = holding
        ? [{ decider: 'same_shard', decision: 'NO', explanation: `the shard cannot be allocated to the same node on which a copy of the shard already exists [${shardSummary(holding)}]` }]
        : [];
      return {
        node_id: m.id,
        node_name: m.name,
        transport_address: transportAddressOf(m),
        ...(Object.keys(m.attributes).length > 0 ? { node_attributes: m.attributes } : {}),
        node_decision: holding ? 'no' : 'yes',
        ...(holding || req.includeYesDecisions ? { deciders } : {}),
      };
    })
    // ES lists the nodes that may take the copy first
    .sort((a, b) => Number(a.node_decision === 'no') - Number(b.node_decision === 'no'));
  const anyYes = decisions.some((d) => d.node_decision === 'yes');
  const out: Json = {
    ...head,
    unassigned_info: { reason: info.reason, at: info.at, ...(info.details ? { details: info.details } : {}), last_allocation_status: info.allocation_status },
    can_allocate: 'allocation_delayed',
    allocate_explanation: `cannot allocate because the cluster is still waiting ${new TimeValue(remaining).toString()} for the departed node holding a replica to rejoin${anyYes ? ', despite being allowed to allocate the shard to at least one other node' : ''}`,
  };
  timeValueField(out, 'configured_delay_in_millis', 'configured_delay', configured, req.human === true);
  timeValueField(out, 'remaining_delay_in_millis', 'remaining_delay', remaining, req.human === true);
  out.node_allocation_decisions = decisions;
  return out;
}
