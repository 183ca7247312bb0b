/**
 * The in-process shard client: the coordinator's {@link ShardClient} over this node's
 * {@link ShardHandler}. A transport to another node replaces the handler call; nothing else
 * changes. In `json` mode every request and reply goes through JSON encode → decode with a
 * lossless check (lib/messages/plain-json.ts), so an object that could not cross a process
 * boundary fails the call instead of passing by reference.
 */
import type { ShardClient, ShardHandler, ShardMethod, ShardMethods, ShardReply } from '../messages/shard-client.js';
import { esErrorOf } from '../messages/shard-error.js';
import { roundTrip } from '../messages/plain-json.js';

/** `direct`: messages passed as they are; `json`: each one encoded and decoded on the way. */
export type ShardClientMode = 'direct' | 'json';

const METHODS: readonly ShardMethod[] = ['bulk', 'get', 'refresh', 'waitForRefresh', 'flush', 'forceMerge', 'clearCaches', 'stats', 'segments', 'recovery', 'fieldStats'];

/** The shard client mode named by `STRATA_SHARD_CLIENT` (default `direct`), to run a suite through `json`. */
export function shardClientModeFromEnv(env: NodeJS.ProcessEnv = process.env): ShardClientMode {
  const v = env.STRATA_SHARD_CLIENT;
  if (v === undefined || v === '' || v === 'direct') return 'direct';
  if (v === 'json') return 'json';
  throw new Error(`STRATA_SHARD_CLIENT must be [direct] or [json], got [${v}]`);
}

/** The coordinator's client over a shard handler in this process. */
export function localShardClient(handler: ShardHandler, mode: ShardClientMode = 'direct'): ShardClient {
  const call = async <M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardMethods[M]['res']> => {
    const reply: ShardReply<M> = mode === 'json' ? roundTrip(await handler.handle(method, roundTrip(req))) : await handler.handle(method, req);
    if ('error' in reply) throw esErrorOf(reply.error);
    return reply.ok;
  };
  const client: Partial<Record<ShardMethod, unknown>> = {};
  for (const m of METHODS) client[m] = (req: ShardMethods[typeof m]['req']) => call(m, req);
  return client as ShardClient;
}
