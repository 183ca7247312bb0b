/**
 * `POST /_cluster/reroute` (ES 5.6 `TransportClusterRerouteAction`) on one node. The commands
 * are parsed and checked as ES checks them, but none can succeed here: a shard's one copy is
 * already on the only node, and ES's `same_shard` decider forbids a second copy there. So every
 * command but `cancel` with `allow_primary` is rejected with ES's message, or — with `explain` —
 * reported as a NO decision.
 * The answer carries the (unchanged) cluster state, as ES's does.
 */
import type { NodeContext } from '../context.js';
import { shardRoutings, type ShardRouting } from '../../cluster/routing-table.js';
import { EsError, illegalArgument, indexNotFound, parsingException } from '../../errors/errors.js';
import { formatAddress, selectsThisNode } from '../nodes/node-identity.js';
import { shardSummary } from './allocation-explain.js';
import { tokenOf } from '../../dsl/xcontent.js';

type Json = Record<string, unknown>;

/** One parsed allocation command. */
export interface AllocationCommand {
  name: string;
  index: string;
  shard: number;
  /** `node`, or `from_node` for move. */
  node: string;
  toNode?: string;
  allowPrimary: boolean;
  acceptDataLoss: boolean;
}

const COMMANDS: Record<string, readonly string[]> = {
  move: ['index', 'shard', 'from_node', 'to_node'],
  cancel: ['index', 'shard', 'node', 'allow_primary'],
  allocate_replica: ['index', 'shard', 'node'],
  allocate_empty_primary: ['index', 'shard', 'node', 'accept_data_loss'],
  allocate_stale_primary: ['index', 'shard', 'node', 'accept_data_loss'],
};

/** Parse the `commands` array of the body (ES `AllocationCommands#fromXContent`). */
export function parseCommands(body: unknown): AllocationCommand[] {
  if (body === undefined) return [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw parsingException('[cluster_reroute] request body must be an object');
  const out: AllocationCommand[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'commands') throw parsingException(`[cluster_reroute] unknown field [${key}], parser not found`);
    if (!Array.isArray(value)) throw new EsError('elasticsearch_parse_exception', 400, 'commands should follow an array element');
    for (const entry of value) {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new EsError('elasticsearch_parse_exception', 400, 'allocation command must be an object');
      for (const [name, params] of Object.entries(entry as Json)) {
        const fields = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
        if (!fields) throw new EsError('unknown_named_object_exception', 400, `Unknown AllocationCommand [${name}]`);
        const p = (typeof params === 'object' && params !== null ? params : {}) as Json;
        for (const f of Object.keys(p)) {
          if (!fields.includes(f)) throw parsingException(`[${name}] unknown field [${f}], parser not found`);
          // ObjectParser field types: an object or list is refused by its token, never read as text.
          const token = tokenOf(p[f]);
          if (token === 'START_OBJECT' || token === 'START_ARRAY') throw parsingException(`[${name}] ${f} doesn't support values of type: ${token}`);
        }
        const need = (f: string): unknown => {
          if (p[f] === undefined || p[f] === null) throw illegalArgument(`[${name}] ${f === 'shard' ? 'shard' : f} must be specified`);
          return p[f];
        };
        out.push({
          name,
          index: String(need('index')),
          shard: Number(need('shard')),
          node: String(need(name === 'move' ? 'from_node' : 'node')),
          ...(name === 'move' ? { toNode: String(need('to_node')) } : {}),
          allowPrimary: p.allow_primary === true || p.allow_primary === 'true',
          acceptDataLoss: p.accept_data_loss === true || p.accept_data_loss === 'true',
        });
      }
    }
  }
  return out;
}

/** ES `DiscoveryNode#toString`: `{name}{id}{ephemeral id}{host}{address}{attrs}`. */
function discoNode(ctx: NodeContext): string {
  const attrs = [...ctx.attributes].map(([k, v]) => `${k}=${v}`).join(', ');
  return `{${ctx.nodeName}}{${ctx.nodeId}}{${ctx.nodeId}}{${ctx.httpAddress.host}}{${formatAddress(ctx.transportAddress)}}${attrs ? `{${attrs}}` : ''}`;
}

function resolveNode(ctx: NodeContext, node: string): void {
  if (!selectsThisNode(ctx, [node])) throw illegalArgument(`failed to resolve [${node}], no matching nodes`);
}

function copiesOf(ctx: NodeContext, index: string, shard: number): ShardRouting[] {
  const meta = ctx.cluster.state().indices[index];
  if (!meta) throw indexNotFound(index);
  return shardRoutings(meta, ctx.nodeId, ctx.indices.failedShards(meta.name))[shard] ?? [];
}

/** A rejected command: thrown, or with `explain` a NO decision in `explanations`. */
function rejection(cmd: AllocationCommand, decider: string, reason: string, message: string): { error: EsError; explanation: Json } {
  const parameters: Json = cmd.name === 'move'
    ? { index: cmd.index, shard: cmd.shard, from_node: cmd.node, to_node: cmd.toNode }
    : { index: cmd.index, shard: cmd.shard, node: cmd.node, ...(cmd.name === 'cancel' ? { allow_primary: cmd.allowPrimary } : {}), ...(cmd.name.startsWith('allocate_') && cmd.name !== 'allocate_replica' ? { accept_data_loss: cmd.acceptDataLoss } : {}) };
  return {
    error: illegalArgument(message),
    explanation: { command: cmd.name, parameters, decisions: [{ decider, decision: 'NO', explanation: reason }] },
  };
}

function sameShardReason(primary: ShardRouting | undefined): string {
  return `the shard cannot be allocated to the same node on which a copy of the shard already exists [${primary ? shardSummary(primary) : ''}]`;
}

function decide(ctx: NodeContext, cmd: AllocationCommand): { error?: EsError; explanation: Json } {
  resolveNode(ctx, cmd.node);
  if (cmd.toNode !== undefined) resolveNode(ctx, cmd.toNode);
  const copies = copiesOf(ctx, cmd.index, cmd.shard);
  const primary = copies.find((c) => c.primary && c.state === 'STARTED');
  const shardId = `[${cmd.index}][${cmd.shard}]`;
  const node = discoNode(ctx);
  // ES names move and cancel `move_allocation`/`cancel_allocation` in messages and
  // `<name>_allocation_command` as deciders; the allocate commands `<name> (allocation command)`
  const legacy = cmd.name === 'move' || cmd.name === 'cancel' ? `${cmd.name}_allocation` : undefined;
  const asCommand = (reason: string): { error: EsError; explanation: Json } =>
    rejection(cmd, legacy ? `${legacy}_command` : `${cmd.name} (allocation command)`, reason, `[${legacy ?? cmd.name}] ${reason}`);
  switch (cmd.name) {
    case 'move': {
      if (!primary) return asCommand(`can't move ${shardId}, failed to find it on node ${node}`);
      const reason = sameShardReason(primary);
      return rejection(cmd, 'same_shard', reason, `[move_allocation] can't move ${shardId}, from ${node}, to ${node}, since its not allowed, reason: [NO(${reason})]`);
    }
    case 'cancel':
      if (primary && !cmd.allowPrimary) return asCommand(`can't cancel ${shardId} on node ${node}, shard is primary and started`);
      if (!primary) return asCommand(`can't cancel ${shardId}, failed to find it on node ${node}`);
      // ES fails the primary and recovers it again from its own store on the same node: on one
      // node that ends where it started, so the shard stays open as it is.
      return {
        explanation: {
          command: cmd.name,
          parameters: { index: cmd.index, shard: cmd.shard, node: cmd.node, allow_primary: cmd.allowPrimary },
          decisions: [{ decider: 'cancel_allocation_command', decision: 'YES', explanation: `shard ${shardId} on node ${node} can be cancelled` }],
        },
      };
    case 'allocate_replica': {
      if (!primary) return asCommand(`trying to allocate a replica shard ${shardId}, while corresponding primary shard is still unassigned`);
      const reason = sameShardReason(primary);
      return rejection(cmd, 'same_shard', reason, `[allocate_replica] allocation of ${shardId} on node ${node} is not allowed, reason: [NO(${reason})]`);
    }
    default:
      return asCommand(`primary ${shardId} is already assigned`);
  }
}

export interface RerouteRequest {
  commands: AllocationCommand[];
  dryRun: boolean;
  explain: boolean;
}

/** Run (that is: check) the commands; the explanations when `explain`, else throws on the first. */
export function reroute(ctx: NodeContext, req: RerouteRequest): Json[] {
  const explanations: Json[] = [];
  for (const cmd of req.commands) {
    const { error, explanation } = decide(ctx, cmd);
    if (error && !req.explain) throw error;
    explanations.push(explanation);
  }
  return explanations;
}
