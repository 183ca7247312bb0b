/**
 * The transport actions between nodes: one per shard-boundary method, named `shard:<method>`
 * (lib/messages/shard-client.ts) and `search:<method>` (lib/messages/shard-search.ts), each
 * with the request and reply wire types of lib/messages/wire-methods.ts. The receiving side
 * answers with this node's own shard side (the handler and search service the in-process
 * client calls), so a remote call runs exactly the code a local one does.
 */
import type { ShardHandler, ShardMethod } from '../messages/shard-client.js';
import type { ShardSearchClient } from '../messages/shard-search.js';
import { FREE_CONTEXT_WIRE, RENEW_CONTEXT_WIRE, SEARCH_METHOD_WIRES, SHARD_METHOD_WIRES, type MethodWire } from '../messages/wire-methods.js';

/** Answers one action's request bytes with its reply bytes. */
export type ActionHandler = (body: Uint8Array) => Promise<Uint8Array>;

type SearchMethod = keyof typeof SEARCH_METHOD_WIRES;

export const SEARCH_METHODS = Object.keys(SEARCH_METHOD_WIRES) as SearchMethod[];
export const SHARD_METHODS = Object.keys(SHARD_METHOD_WIRES) as ShardMethod[];

function handler<Req, Res>(wire: MethodWire<Req, Res>, run: (req: Req) => Promise<Res>): ActionHandler {
  return async (body) => wire.res.encode(await run(wire.req.decode(body)));
}

/** The actions this node answers, over its local shard side. */
export function localActions(shards: ShardHandler, search: ShardSearchClient, nodeActions: ReadonlyMap<string, ActionHandler> = new Map()): Map<string, ActionHandler> {
  const out = new Map<string, ActionHandler>(nodeActions);
  for (const m of SHARD_METHODS) {
    out.set(`shard:${m}`, handler(SHARD_METHOD_WIRES[m] as MethodWire<unknown, unknown>, (req) => shards.handle(m, req as never)));
  }
  for (const m of SEARCH_METHODS) {
    const run = search[m].bind(search) as (req: unknown) => Promise<unknown>;
    out.set(`search:${m}`, handler(SEARCH_METHOD_WIRES[m] as MethodWire<unknown, unknown>, run));
  }
  out.set('search:renewContext', handler(RENEW_CONTEXT_WIRE, async (r) => ({ found: await search.renewContext(r.contextId, r.keepAliveMs) })));
  out.set('search:freeContext', handler(FREE_CONTEXT_WIRE, async (r) => ({ found: await search.freeContext(r.contextId) })));
  return out;
}
