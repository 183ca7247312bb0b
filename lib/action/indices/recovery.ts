/**
 * `GET /_recovery`, `/{index}/_recovery`: how each started shard copy was recovered, rendered as
 * ES 5.6 `RecoveryResponse`. On one node every copy is a primary recovered from its own store:
 * `EMPTY_STORE` when the index was created, `EXISTING_STORE` when the node reopened its data (all
 * files reused, the op log above the last commit replayed). {@link shardRecoveries} is the data
 * half, shared with `_cat/recovery`. In cluster mode the started replicas add their `PEER`
 * recoveries (docs/cluster.md).
 */
import { broadcastCollect } from './broadcast.js';
import type { NodeContext } from '../context.js';
import type { ShardRecoveryInfo } from '../../messages/shard-maintenance.js';
import { byteSizeField, dateField, timeValueField } from '../../units/human-fields.js';
import { RECOVERY_LIST_ACTION } from '../../cluster/replication/shard-copies.js';
import type { PeerRecovery } from '../../cluster/replication/replica-side.js';

/** The node a recovery ran on (target; a store recovery has no source node). */
export interface RecoveryNode {
  id: string;
  name: string;
  host: string;
  ip: string;
  transportAddress: string;
}

/** One shard copy's recovery. */
export interface ShardRecovery {
  index: string;
  shard: number;
  primary: boolean;
  /** Every recovery Strata runs is finished by the time the shard serves requests. */
  stage: 'DONE';
  target: RecoveryNode;
  info: ShardRecoveryInfo;
  /**
   * A peer recovery (cluster mode): the primary's node it copied from, the keys and bytes it
   * copied, and those of the target's own store it kept instead (same sync id as the primary's).
   */
  peer?: { source: RecoveryNode; keys: number; bytes: number; reusedBytes: number };
}

/**
 * Recoveries of every started copy of `indices` (`activeOnly`: only unfinished ones, so none):
 * the primaries' store recoveries, and in cluster mode the peer recoveries of the started
 * replicas, as each member reports the ones it ran as the target.
 */
export async function shardRecoveries(ctx: NodeContext, indices: readonly string[], activeOnly: boolean): Promise<ShardRecovery[]> {
  if (activeOnly) return [];
  const state = ctx.cluster.state();
  const { host, port } = ctx.transportAddress;
  const self: RecoveryNode = { id: ctx.nodeId, name: ctx.nodeName, host, ip: host, transportAddress: `${host}:${port}` };
  const member = (id: string | null | undefined): RecoveryNode | undefined => {
    const n = id ? state.nodes?.[id] : undefined;
    return n && { id: n.id, name: n.name, host: n.host, ip: n.host, transportAddress: `${n.host}:${n.transportPort}` };
  };
  // every member is asked at once, beside the primaries' own reports (one slow node costs its time once)
  const remote = ctx.remote;
  const asked =
    remote && state.nodes
      ? Object.keys(state.nodes)
          .sort()
          .map(async (id): Promise<[string, PeerRecovery[]]> => {
            try {
              return [id, (await remote.call(id, RECOVERY_LIST_ACTION, { indices: [...indices] })) as PeerRecovery[]];
            } catch (err) {
              ctx.logger.warn({ err }, `[${id}] did not report its peer recoveries`);
              return [id, []];
            }
          })
      : [];
  const [{ results }, answers] = await Promise.all([broadcastCollect(ctx, indices, (client, shard) => client.recovery(shard)), Promise.all(asked)]);
  const out: ShardRecovery[] = results.map(({ target: shard, value: info }) => ({
    ...shard,
    primary: true,
    stage: 'DONE',
    // cluster mode: the primary's node; one node holds every primary
    target: member(state.indices[shard.index]?.routing?.[shard.shard]?.node) ?? self,
    info,
  }));
  for (const [id, peers] of answers) {
    for (const p of peers) {
      // only the recoveries of copies that are replicas on that node now
      const replica = state.indices[p.index]?.routing?.[p.shard]?.replicas?.find((r) => r.allocationId === p.allocationId && r.node === id);
      const target = member(id);
      if (!replica || replica.state !== 'STARTED' || !target) continue;
      const took = p.stopTimeMs - p.startTimeMs;
      out.push({
        index: p.index,
        shard: p.shard,
        primary: false,
        stage: 'DONE',
        target,
        info: { type: 'PEER', startTimeMs: p.startTimeMs, stopTimeMs: p.stopTimeMs, totalTimeMs: took, indexTimeMs: took, files: [], translogOps: 0, translogTimeMs: 0 },
        peer: { source: member(p.sourceNode) ?? { id: p.sourceNode, name: p.sourceNode, host: '', ip: '', transportAddress: '' }, keys: p.keys, bytes: p.bytes, reusedBytes: p.reusedBytes },
      });
    }
  }
  return out.sort((a, b) => a.index.localeCompare(b.index) || a.shard - b.shard || Number(b.primary) - Number(a.primary));
}

function nodeBody(n: RecoveryNode): Record<string, unknown> {
  return { id: n.id, host: n.host, transport_address: n.transportAddress, ip: n.ip, name: n.name };
}

/** Lucene-style `%1.1f%%`: nothing to recover counts as 0% while no file is known, else done. */
function percent(recovered: number, total: number, known: boolean): string {
  if (!known) return '0.0%';
  return `${(total === 0 ? 100 : (recovered * 100) / total).toFixed(1)}%`;
}

function renderOne(r: ShardRecovery, opts: { detailed: boolean; human: boolean }): Record<string, unknown> {
  const { info } = r;
  const h = opts.human;
  const body: Record<string, unknown> = { id: r.shard, type: info.type, stage: r.stage, primary: r.primary };
  dateField(body, 'start_time_in_millis', 'start_time', info.startTimeMs, h);
  dateField(body, 'stop_time_in_millis', 'stop_time', info.stopTimeMs, h);
  timeValueField(body, 'total_time_in_millis', 'total_time', info.totalTimeMs, h);
  // ES 5.6 writes a non-peer recovery source's own fields only: none for a store recovery.
  body.source = r.peer ? nodeBody(r.peer.source) : {};
  body.target = nodeBody(r.target);

  const size: Record<string, unknown> = {};
  let files: Record<string, unknown>;
  if (r.peer) {
    // a peer recovery copies the primary's keyspace, not files: every byte copied is recovered,
    // the target's own store kept after a synced flush is reused, no file counted
    byteSizeField(size, 'total_in_bytes', 'total', r.peer.bytes + r.peer.reusedBytes, h);
    byteSizeField(size, 'reused_in_bytes', 'reused', r.peer.reusedBytes, h);
    byteSizeField(size, 'recovered_in_bytes', 'recovered', r.peer.bytes, h);
    size.percent = '100.0%';
    files = { total: 0, reused: 0, recovered: 0, percent: '100.0%' };
  } else {
    const bytes = info.files.reduce((n, f) => n + f.length, 0);
    const known = info.files.length > 0;
    byteSizeField(size, 'total_in_bytes', 'total', bytes, h);
    byteSizeField(size, 'reused_in_bytes', 'reused', bytes, h);
    byteSizeField(size, 'recovered_in_bytes', 'recovered', 0, h);
    size.percent = percent(0, 0, known);
    files = { total: info.files.length, reused: info.files.length, recovered: 0, percent: percent(0, 0, known) };
  }
  if (opts.detailed) {
    files.details = info.files.map((f) => {
      const d: Record<string, unknown> = { name: f.name };
      byteSizeField(d, 'length_in_bytes', 'length', f.length, h);
      d.reused = true;
      byteSizeField(d, 'recovered_in_bytes', 'recovered', 0, h);
      return d;
    });
  }
  const index: Record<string, unknown> = { size, files };
  timeValueField(index, 'total_time_in_millis', 'total_time', info.indexTimeMs, h);
  timeValueField(index, 'source_throttle_time_in_millis', 'source_throttle_time', 0, h);
  timeValueField(index, 'target_throttle_time_in_millis', 'target_throttle_time', 0, h);
  body.index = index;

  const ops = info.translogOps;
  const translog: Record<string, unknown> = { recovered: ops, total: ops, percent: percent(ops, ops, true), total_on_start: ops };
  timeValueField(translog, 'total_time_in_millis', 'total_time', info.translogTimeMs, h);
  body.translog = translog;
  const verify: Record<string, unknown> = {};
  timeValueField(verify, 'check_index_time_in_millis', 'check_index_time', 0, h);
  timeValueField(verify, 'total_time_in_millis', 'total_time', 0, h);
  body.verify_index = verify;
  return body;
}

/** The `GET /_recovery` body: `{<index>: {shards: [...]}}`, indices without recoveries left out. */
export function recoveryBody(recoveries: readonly ShardRecovery[], opts: { detailed: boolean; human: boolean }): Record<string, unknown> {
  const out = Object.create(null) as Record<string, { shards: unknown[] }>;
  for (const r of recoveries) (out[r.index] ??= { shards: [] }).shards.push(renderOne(r, opts));
  return out;
}
