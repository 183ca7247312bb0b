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
import { orderCopies } from '../cluster/copy-preference.js';

export interface RoutingDeps {
  nodeId: string;
  state(): ClusterState;
  transport: TransportClient;
  /** Resolves once a state of at least `version` is applied here, or after `timeoutMs`. */
  whenVersion(version: number, timeoutMs: number): Promise<void>;
  /** The next round-robin seed for choosing among a shard's copies (a counter of this node's). */
  nextSeed(): number;
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

/**
 * Where a read of a shard goes: its copies in the order the request's `preference` puts them
 * (lib/cluster/copy-preference.ts), this node among them as `local`; the read tries them in
 * order while a node cannot be reached or a copy fails the read. No copy qualifies: the shard's "no shard available".
 */
function readTargets(deps: RoutingDeps, ref: ShardRef, preference: string | undefined): Target[] {
  const state = deps.state();
  const meta = Object.hasOwn(state.indices, ref.index) ? state.indices[ref.index] : undefined;
  const a = meta?.state === 'open' ? meta.routing?.[ref.shard] : undefined;
  if (!a) return [{ local: true }];
  const nodes = state.nodes ?? {};
  let ids: string[];
  try {
    ids = orderCopies(a, ref, preference, deps.nodeId, nodes, deps.nextSeed());
  } catch (err) {
    return [{ error: shardErrorOf(err) }];
  }
  if (ids.length === 0) {
    return [{ error: { type: NO_SHARD_AVAILABLE, status: 503, reason: 'No shard available', metadata: { shard: String(ref.shard), index_uuid: meta!.uuid, index: ref.index } } }];
  }
  return ids.map((id) => (id === deps.nodeId ? { local: true } : { node: nodes[id]! }));
}

/**
 * Whether a read should move on to the next copy after `err`: a node that could not be reached,
 * or a copy that failed the read (ES 5.6 `TransportSingleShardAction` and the search's
 * `onShardFailure` try the next copy on any shard failure; the last copy's failure is the
 * answer). Not after the task was cancelled: there is no one left to answer.
 */
function tryNextCopy(err: ShardError): boolean {
  // the unreachable node's errors (lib/transport/unreachable.ts) and every shard failure alike
  return err.type !== TASK_CANCELLED;
}

const TASK_CANCELLED = 'task_cancelled_exception';

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
      if (method === 'get' || method === 'multiGet') {
        // reads go to a copy the preference chooses (ES 5.6 gets read any copy, in real time)
        const targets = readTargets(deps, req, (req as ShardMethods['get']['req']).preference);
        let reply: ShardReply<M> | undefined;
        for (const t of targets) {
          reply = await this.to(t, method, req);
          if (!('error' in reply) || !tryNextCopy(reply.error)) return reply;
        }
        return reply!;
      }
      // a refresh and a `refresh=wait_for` reach the replicas through the primary (lib/indices/shard-host.ts:
      // the STARTED replicas its own state lists, the copies its writes reached), as ES's replicated refresh
      // and write actions do: a coordinator's state may lag the primary's
      return this.to(shardTarget(deps, req), method, req);
    },
    async to<M extends ShardMethod>(t: Target, method: M, req: ShardMethods[M]['req']): Promise<ShardReply<M>> {
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
  /** Open a reader context on the first copy (by preference) that can be reached. */
  const openContext = async (r: Parameters<ShardSearchClient['openContext']>[0]): ReturnType<ShardSearchClient['openContext']> => {
    let reply: Awaited<ReturnType<ShardSearchClient['openContext']>> | undefined;
    for (const t of readTargets(deps, r, r.preference)) {
      reply = await call(t, 'search:openContext', w.openContext, r, () => local.openContext(r));
      if ('ok' in reply || !tryNextCopy(reply.failure)) return reply;
    }
    return reply!;
  };
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
    openContext,
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
