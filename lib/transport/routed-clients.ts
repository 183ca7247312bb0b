/**
 * Any node coordinates any request: these wrap this node's shard side so that a message for a
 * shard whose primary lives on another node goes there over the transport, and one for a local
 * shard stays an in-process call. The owner comes from the cluster state's routing (a search
 * context's id starts with the id of the node that opened it, lib/search/service). Failures to
 * reach a node come back as the shard's failure message, as a shard's own failure does.
 */
import type { ClusterNodeInfo, ClusterState } from '../cluster/state.js';
import type { ShardHandler, ShardMethod, ShardMethods, ShardReply } from '../messages/shard-client.js';
import type { ShardRef, ShardSearchClient } from '../messages/shard-search.js';
import { NO_SHARD_AVAILABLE, shardErrorOf, type ShardError } from '../messages/shard-error.js';
import { FREE_CONTEXT_WIRE, RENEW_CONTEXT_WIRE, SEARCH_METHOD_WIRES, SHARD_METHOD_WIRES, type MethodWire } from '../messages/wire-methods.js';
import type { TransportClient } from './transport-client.js';

export interface RoutingDeps {
  nodeId: string;
  state(): ClusterState;
  transport: TransportClient;
  /** Resolves once a state of at least `version` is applied here, or after `timeoutMs`. */
  whenVersion(version: number, timeoutMs: number): Promise<void>;
}

/**
 * A write that reached a node which is no longer (or not yet) the shard's primary is sent again
 * once this node has a newer cluster state, as ES's `ReplicationOperation` retries on the new
 * primary: this many times, waiting up to {@link RETRY_WAIT_MS} for each newer state.
 */
const PRIMARY_RETRIES = 5;
const RETRY_WAIT_MS = 2000;

/** Where a shard's primary is: this node, another member, or nowhere (the failure to answer). */
type Target = { local: true } | { node: ClusterNodeInfo } | { error: ShardError };

function shardTarget(deps: RoutingDeps, ref: ShardRef, read = false): Target {
  const state = deps.state();
  const meta = Object.hasOwn(state.indices, ref.index) ? state.indices[ref.index] : undefined;
  // no routing: a single node, or an index this node cannot route; the local side answers (index_not_found, ...)
  const a = meta?.routing?.[ref.shard];
  if (!a) return { local: true };
  if (a.node === deps.nodeId) return { local: true };
  const node = a.node !== null && a.state === 'STARTED' ? state.nodes?.[a.node] : undefined;
  if (!node) {
    return {
      error: {
        type: read ? NO_SHARD_AVAILABLE : 'unavailable_shards_exception',
        status: 503,
        reason: read ? 'No shard available' : `[${ref.index}][${ref.shard}] primary shard is not active`,
        metadata: { shard: String(ref.shard), index_uuid: meta!.uuid, index: ref.index },
      },
    };
  }
  return { node };
}

function nodeTarget(deps: RoutingDeps, contextId: string): Target {
  const owner = contextId.slice(0, contextId.indexOf(':'));
  if (owner === deps.nodeId || owner === '') return { local: true };
  const node = deps.state().nodes?.[owner];
  return node ? { node } : { error: { type: 'search_context_missing_exception', status: 404, reason: `No search context found for id [${contextId}]` } };
}

async function remote<Req, Res>(deps: RoutingDeps, node: ClusterNodeInfo, action: string, wire: MethodWire<Req, Res>, req: Req): Promise<Res> {
  const bytes = await deps.transport.request({ id: node.id, host: node.host, port: node.transportPort }, action, wire.req.encode(req));
  return wire.res.decode(bytes);
}

/** This node's shard handler, routing each message to the node of its shard's primary. */
export function routedShardHandler(local: ShardHandler, deps: RoutingDeps): ShardHandler {
  const handler = {
    async handle<M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardReply<M>> {
      for (let attempt = 0; ; attempt++) {
        const seen = deps.state().version;
        const reply = await handler.once(method, req);
        if (method !== 'bulk' || !('error' in reply) || reply.error.type !== RETRY_ON_PRIMARY || attempt >= PRIMARY_RETRIES) return reply;
        await deps.whenVersion(seen + 1, RETRY_WAIT_MS);
      }
    },
    async once<M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardReply<M>> {
      const t = shardTarget(deps, req);
      if ('local' in t) return local.handle(method, req);
      if ('error' in t) return { error: t.error };
      const wire = SHARD_METHOD_WIRES[method] as unknown as MethodWire<ShardMethods[M]['req'], ShardReply<M>>;
      try {
        return await remote(deps, t.node, `shard:${method}`, wire, req);
      } catch (err) {
        return { error: shardErrorOf(err) };
      }
    },
  };
  return handler;
}

/** A primary's answer when it is not, or no longer, the shard's primary (lib/cluster/replication/shard-copies.ts). */
const RETRY_ON_PRIMARY = 'retry_on_primary_exception';

type Reply<T> = { ok: T } | { failure: ShardError };

/** This node's search service, routing each message to the node of its shard (or of its reader context). */
export function routedSearchClient(local: ShardSearchClient, deps: RoutingDeps): ShardSearchClient {
  const w = SEARCH_METHOD_WIRES;
  const call = async <Req, T>(t: Target, action: string, wire: MethodWire<Req, Reply<T>>, req: Req, run: () => Promise<Reply<T>>): Promise<Reply<T>> => {
    if ('local' in t) return run();
    if ('error' in t) return { failure: t.error };
    try {
      return await remote(deps, t.node, action, wire, req);
    } catch (err) {
      return { failure: shardErrorOf(err) };
    }
  };
  const found = async (t: Target, action: string, wire: MethodWire<never, { found: boolean }>, req: unknown, run: () => Promise<boolean>): Promise<boolean> => {
    if ('local' in t) return run();
    if ('error' in t) return false;
    return (await remote(deps, t.node, action, wire as MethodWire<unknown, { found: boolean }>, req)).found;
  };
  return {
    openContext: (r) => call(shardTarget(deps, r, true), 'search:openContext', w.openContext, r, () => local.openContext(r)),
    explain: (r) => call(shardTarget(deps, r, true), 'search:explain', w.explain, r, () => local.explain(r)),
    validateQuery: (r) => call(shardTarget(deps, r, true), 'search:validateQuery', w.validateQuery, r, () => local.validateQuery(r)),
    termVectors: (r) => call(shardTarget(deps, r, true), 'search:termVectors', w.termVectors, r, () => local.termVectors(r)),
    dfsPhase: (r) => call(nodeTarget(deps, r.contextId), 'search:dfsPhase', w.dfsPhase, r, () => local.dfsPhase(r)),
    queryPhase: (r) => call(nodeTarget(deps, r.contextId), 'search:queryPhase', w.queryPhase, r, () => local.queryPhase(r)),
    fetchPhase: (r) => call(nodeTarget(deps, r.contextId), 'search:fetchPhase', w.fetchPhase, r, () => local.fetchPhase(r)),
    scanPhase: (r) => call(nodeTarget(deps, r.contextId), 'search:scanPhase', w.scanPhase, r, () => local.scanPhase(r)),
    renewContext: (id, keepAliveMs) =>
      found(nodeTarget(deps, id), 'search:renewContext', RENEW_CONTEXT_WIRE as never, { contextId: id, keepAliveMs }, () => local.renewContext(id, keepAliveMs)),
    freeContext: (id) => found(nodeTarget(deps, id), 'search:freeContext', FREE_CONTEXT_WIRE as never, { contextId: id }, () => local.freeContext(id)),
  };
}
