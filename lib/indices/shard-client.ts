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
import { SHARD_METHOD_WIRES } from '../messages/wire-methods.js';

export { shardClientModeFromEnv, type ShardClientMode } from '../messages/client-modes.js';

const METHODS = Object.keys(SHARD_METHOD_WIRES) as ShardMethod[];

/** The coordinator's client over a shard handler in this process. */
export function localShardClient(handler: ShardHandler, mode: ShardClientMode = 'direct'): ShardClient {
  const call = async <M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardMethods[M]['res']> => {
    const wire = SHARD_METHOD_WIRES[method];
    const reply: ShardReply<M> = passMessage(mode, wire.res, await handler.handle(method, passMessage(mode, wire.req, req)));
    if ('error' in reply) throw esErrorOf(reply.error);
    return reply.ok;
  };
  const client: Partial<Record<ShardMethod, unknown>> = {};
  for (const m of METHODS) client[m] = (req: ShardMethods[typeof m]['req']) => call(m, req);
  return client as ShardClient;
}
