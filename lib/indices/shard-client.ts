/**
 * The in-process shard client: the coordinator's {@link ShardClient} over this node's
 * {@link ShardHandler}. A transport to another node replaces the handler call; nothing else
 * changes. In the `json` and `protobuf` modes every request and reply is encoded and decoded on
 * the way (lib/messages/client-modes.ts), so an object that could not cross a process boundary
 * fails the call instead of passing by reference.
 */
import type { ShardClient, ShardHandler, ShardMethod, ShardMethods, ShardReply } from '../messages/shard-client.js';
import { esErrorOf } from '../messages/shard-error.js';
import { passMessage, type ShardClientMode } from '../messages/client-modes.js';

export { shardClientModeFromEnv, type ShardClientMode } from '../messages/client-modes.js';

/** Every shard method (the `satisfies` keeps the list complete). */
const METHODS = Object.keys({
  bulk: 1, get: 1, multiGet: 1, refresh: 1, waitForRefresh: 1, flush: 1, forceMerge: 1, clearCaches: 1, stats: 1, segments: 1, recovery: 1, fieldStats: 1,
} satisfies Record<ShardMethod, 1>) as ShardMethod[];

/** The coordinator's client over a shard handler in this process. */
export function localShardClient(handler: ShardHandler, mode: ShardClientMode = 'direct'): ShardClient {
  const call = async <M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardMethods[M]['res']> => {
    let reply: ShardReply<M>;
    if (mode === 'direct') {
      reply = await handler.handle(method, req);
    } else {
      // The wire types (protobuf schemas) load with the first encoded call: a direct node never needs them.
      const wire = (await import('../messages/wire-methods.js')).SHARD_METHOD_WIRES[method];
      reply = passMessage(mode, wire.res, await handler.handle(method, passMessage(mode, wire.req, req)));
    }
    if ('error' in reply) throw esErrorOf(reply.error);
    return reply.ok;
  };
  const client: Partial<Record<ShardMethod, unknown>> = {};
  for (const m of METHODS) client[m] = (req: ShardMethods[typeof m]['req']) => call(m, req);
  return client as ShardClient;
}
