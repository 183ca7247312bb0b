/**
 * `GET /{index}/{type}/{id}/_explain`: ask the shard holding the document to explain its score
 * with the same weight a search would use (alias filter included; lib/search/service/explain-shard.ts).
 */
import { LookupFetcher } from './terms-lookups.js';
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/errors.js';
import type { Query } from '../../dsl/query-types.js';
import { shardFor } from '../../cluster/routing.js';
import { numberOfShards } from '../../cluster/state.js';
import { esErrorOf } from '../../messages/shard-error.js';
import { decodeRendered } from '../../messages/wire-json.js';
import { resolveTargets } from './shard-targets.js';
import { STRICT_EXPAND_OPEN } from '../resolve-indices.js';

export interface ExplainRequest {
  index: string;
  type: string;
  id: string;
  query: Query;
  routing?: string;
  source?: unknown;
  storedFields?: string[];
}

export async function explainDocument(ctx: NodeContext, r: ExplainRequest): Promise<{ status: number; body: Record<string, unknown> }> {
  const state = ctx.cluster.state();
  const targets = resolveTargets(state, [r.index], STRICT_EXPAND_OPEN, undefined, undefined);
  if (targets.length !== 1) {
    throw new EsError('illegal_argument_exception', 400, `Alias [${r.index}] has more than one indices associated with it [${targets.map((t) => t.index).join(', ')}], can't execute a single index op`);
  }
  const target = targets[0]!;
  const meta = state.indices[target.index]!;
  const svc = ctx.indices.get(target.index);
  if (!svc) throw new EsError('index_closed_exception', 403, 'closed', { metadata: { index: target.index } });
  const shard = shardFor(r.routing ?? r.id, numberOfShards(meta));
  const lookups = await new LookupFetcher(ctx).forIndex(target.index, [r.query], target.aliasFilters);
  const reply = await ctx.searchShards.explain({
    index: target.index,
    shard,
    type: r.type,
    id: r.id,
    query: r.query,
    ...(target.aliasFilters ? { aliasFilters: target.aliasFilters } : {}),
    ...(r.source !== undefined ? { source: r.source } : {}),
    ...(r.storedFields !== undefined ? { storedFields: r.storedFields } : {}),
    nowMs: Date.now(),
    ...(lookups ? { lookups } : {}),
  });
  if ('failure' in reply) throw esErrorOf(reply.failure);
  const res = reply.ok;
  if (!res.found) return { status: 404, body: { _index: target.index, _type: r.type, _id: r.id, matched: false } };
  const body: Record<string, unknown> = { _index: target.index, _type: r.type, _id: r.id, matched: res.matched, explanation: decodeRendered(res.explanation ?? null) };
  if (res.get !== undefined) body.get = decodeRendered(res.get);
  return { status: 200, body };
}
