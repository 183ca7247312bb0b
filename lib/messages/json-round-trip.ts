/**
 * A shard search client that sends every message and answer through JSON text, as a transport
 * between processes would: encode, decode, and before that a check that nothing would be lost
 * on the way — no class instance (a reader, a weight, an error, a `Map`), no function, no
 * `undefined` member (JSON drops it, so missing and undefined must not mean different things),
 * no number JSON cannot write. A node started with `shardClientMode: 'json'` (or
 * `STRATA_SHARD_CLIENT=json`) runs every search this way; test/search/shard-messages.test.ts
 * compares its answers with the direct ones.
 */
import type { ShardSearchClient } from './shard-search.js';

/** Where `v` is not plain JSON data, as a path (`$.source.query.boost`) and what is there; undefined when it is. */
export function notPlain(v: unknown, path = '$'): string | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? undefined : `${path}: the number ${Object.is(v, -0) ? '-0' : String(v)}`;
  if (typeof v !== 'object') return `${path}: a ${typeof v}`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) return `${path}[${i}]: a hole`;
      const bad = notPlain(v[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return `${path}: an instance of ${(v as object).constructor?.name ?? 'a class'}`;
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) return `${path}.${k}: undefined`;
    const bad = notPlain(x, `${path}.${k}`);
    if (bad) return bad;
  }
  return undefined;
}

/** `v` after a trip through JSON text; throws when it is not plain data. */
export function throughJson<T>(v: T, what: string): T {
  const bad = notPlain(v);
  if (bad !== undefined) throw new TypeError(`shard message ${what} is not plain JSON data at ${bad}`);
  return JSON.parse(JSON.stringify(v)) as T;
}

/** `inner`, with every request and answer passed through {@link throughJson}. */
export function jsonRoundTrip(inner: ShardSearchClient): ShardSearchClient {
  const call =
    <Req, Res>(name: string, fn: (req: Req) => Promise<Res>) =>
    async (req: Req): Promise<Res> =>
      throughJson(await fn(throughJson(req, `${name} request`)), `${name} answer`);
  return {
    openContext: call('openContext', (r) => inner.openContext(r)),
    dfsPhase: call('dfsPhase', (r) => inner.dfsPhase(r)),
    queryPhase: call('queryPhase', (r) => inner.queryPhase(r)),
    fetchPhase: call('fetchPhase', (r) => inner.fetchPhase(r)),
    explain: call('explain', (r) => inner.explain(r)),
    validateQuery: call('validateQuery', (r) => inner.validateQuery(r)),
    termVectors: call('termVectors', (r) => inner.termVectors(r)),
    renewContext: (id, ms) => call('renewContext', (a: [string, number]) => inner.renewContext(a[0], a[1]))([id, ms]),
    freeContext: (id) => call('freeContext', (a: string) => inner.freeContext(a))(id),
  };
}
