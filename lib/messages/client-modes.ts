/**
 * How the coordinator's calls reach the shard side in one process: `direct` passes the message
 * objects as they are; `json` sends every request and reply through JSON text with a lossless
 * check (plain-json.ts); `protobuf` encodes and decodes every one with its schema
 * (wire-methods.ts), refusing a field the schema does not define. The two encoding modes exist
 * so a test suite can prove that nothing but plain messages crosses the shard boundary: an
 * object that could not cross a process boundary fails the call instead of passing by
 * reference. Chosen by `shardClientMode` or `STRATA_SHARD_CLIENT`.
 */
import { roundTrip } from './plain-json.js';
import type { ShardSearchClient } from './shard-search.js';
import type { WireType } from './wire.js';
import type { MethodWire } from './wire-methods.js';

type Wires = typeof import('./wire-methods.js');
/** The wire types (protobuf schemas), loaded with the first encoded call: a direct node never needs them. */
const wires = (): Promise<Wires> => import('./wire-methods.js');

/** `direct`: messages passed as they are; `json` / `protobuf`: each one encoded and decoded on the way. */
export type ShardClientMode = 'direct' | 'json' | 'protobuf';

const MODES: readonly ShardClientMode[] = ['direct', 'json', 'protobuf'];

/** The shard client mode named by `STRATA_SHARD_CLIENT` (default `direct`), to run a suite through an encoding. */
export function shardClientModeFromEnv(env: NodeJS.ProcessEnv = process.env): ShardClientMode {
  const v = env.STRATA_SHARD_CLIENT;
  if (v === undefined || v === '') return 'direct';
  if ((MODES as readonly string[]).includes(v)) return v as ShardClientMode;
  throw new Error(`STRATA_SHARD_CLIENT must be one of [${MODES.join(', ')}], got [${v}]`);
}

/** `value` after the trip of `mode` (as the message type `wire`). */
export function passMessage<T>(mode: ShardClientMode, wire: WireType<T>, value: T): T {
  if (mode === 'json') return roundTrip(value);
  if (mode === 'protobuf') return wire.decode(wire.encode(value));
  return value;
}

/** A call whose request and answer take the trip of `mode`. */
function through<Req, Res>(mode: ShardClientMode, pick: (w: Wires) => MethodWire<Req, Res>, fn: (req: Req) => Promise<Res>): (req: Req) => Promise<Res> {
  return async (req) => {
    const wire = pick(await wires());
    return passMessage(mode, wire.res, await fn(passMessage(mode, wire.req, req)));
  };
}

/** `inner`, with every request and answer sent through the encoding of `mode`. */
export function searchClientThrough(mode: ShardClientMode, inner: ShardSearchClient): ShardSearchClient {
  if (mode === 'direct') return inner;
  const renew = through(mode, (w) => w.RENEW_CONTEXT_WIRE, async (r) => ({ found: await inner.renewContext(r.contextId, r.keepAliveMs) }));
  const free = through(mode, (w) => w.FREE_CONTEXT_WIRE, async (r) => ({ found: await inner.freeContext(r.contextId) }));
  return {
    openContext: through(mode, (w) => w.SEARCH_METHOD_WIRES.openContext, (r) => inner.openContext(r)),
    dfsPhase: through(mode, (w) => w.SEARCH_METHOD_WIRES.dfsPhase, (r) => inner.dfsPhase(r)),
    queryPhase: through(mode, (w) => w.SEARCH_METHOD_WIRES.queryPhase, (r) => inner.queryPhase(r)),
    fetchPhase: through(mode, (w) => w.SEARCH_METHOD_WIRES.fetchPhase, (r) => inner.fetchPhase(r)),
    scanPhase: through(mode, (w) => w.SEARCH_METHOD_WIRES.scanPhase, (r) => inner.scanPhase(r)),
    explain: through(mode, (w) => w.SEARCH_METHOD_WIRES.explain, (r) => inner.explain(r)),
    validateQuery: through(mode, (w) => w.SEARCH_METHOD_WIRES.validateQuery, (r) => inner.validateQuery(r)),
    termVectors: through(mode, (w) => w.SEARCH_METHOD_WIRES.termVectors, (r) => inner.termVectors(r)),
    renewContext: async (contextId, keepAliveMs) => (await renew({ contextId, keepAliveMs })).found,
    freeContext: async (contextId) => (await free({ contextId })).found,
  };
}
