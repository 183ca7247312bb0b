/**
 * `GET /{index}/_search_shards` (ES 5.6 `ClusterSearchShardsResponse`): the node(s), each
 * index reached through filtering aliases with its aliases and filter, and the shard groups a
 * search with this routing and preference would hit (every copy of each shard: the started
 * primary and the unassigned replicas).
 */
import type { NodeContext } from '../context.js';
import type { IndicesOptions } from '../resolve-indices.js';
import { resolveTargets } from './shard-targets.js';
import { shardRoutings } from '../../cluster/routing-table.js';
import { attributesJson, formatAddress } from '../nodes/node-identity.js';
import { dict } from '../../dict.js';
import { simpleMatch } from '../../units/simple-match.js';
import { splitExpression } from '../resolve-indices.js';
import { parseQuery } from '../../dsl/parse-query.js';
import type { Query } from '../../dsl/query-types.js';
import { renderQuery } from '../../dsl/render/query.js';
import { toPlain } from '../../dsl/render/xcontent.js';

export interface SearchShardsRequest {
  indices: string[];
  routing?: string[];
  preference?: string;
  indicesOptions: IndicesOptions;
}

/** The aliases of `index` the expression went through (sorted), when any of them filters. */
function filteringAliases(ctx: NodeContext, index: string, expression: string[]): string[] {
  const meta = ctx.cluster.state().indices[index];
  if (!meta) return [];
  const exprs = expression.flatMap((e) => splitExpression(e));
  const out: string[] = [];
  for (const e of exprs) {
    if (e === index || (e.includes('*') && simpleMatch(e, index))) return [];
    for (const a of Object.keys(meta.aliases)) if ((e === a || (e.includes('*') && simpleMatch(e, a))) && !out.includes(a)) out.push(a);
  }
  // an alias without a filter makes the whole index visible
  if (out.some((a) => !meta.aliases[a]?.filter)) return [];
  return out.sort();
}

/**
 * ES prints the parsed alias filter (`AliasFilter.getQueryBuilder()`) in its normalized form, and
 * ORs several filters in a default bool (`ShardSearchRequest.parseAliasFilter`).
 */
function renderAliasFilter(filters: Array<Record<string, unknown>>): unknown {
  const parsed = filters.map((f) => parseQuery(f));
  const q: Query =
    parsed.length === 1
      ? (parsed[0] as Query)
      : { kind: 'bool', must: [], filter: [], mustNot: [], should: parsed, disableCoord: false, adjustPureNegative: true, boost: 1 };
  return toPlain(renderQuery(q));
}

export function searchShards(ctx: NodeContext, r: SearchShardsRequest): Record<string, unknown> {
  const state = ctx.cluster.state();
  const targets = resolveTargets(state, r.indices, r.indicesOptions, r.routing, r.preference);
  const indices: Record<string, unknown> = dict(); // index names are user input
  const shards: unknown[] = [];
  for (const t of targets) {
    const meta = state.indices[t.index];
    if (!meta) continue;
    const entry: Record<string, unknown> = {};
    const aliases = filteringAliases(ctx, t.index, r.indices);
    if (aliases.length > 0 && t.aliasFilters) {
      entry.aliases = aliases;
      const filters = aliases.map((a) => meta.aliases[a]?.filter).filter((f): f is Record<string, unknown> => f !== undefined);
      entry.filter = renderAliasFilter(filters);
    }
    indices[t.index] = entry;
    const groups = shardRoutings(meta, ctx.nodeId, ctx.indices.failedShards(meta.name));
    for (const s of t.shards) if (groups[s]) shards.push(groups[s]);
  }
  return {
    nodes: { [ctx.nodeId]: { name: ctx.nodeName, ephemeral_id: ctx.nodeId, transport_address: formatAddress(ctx.transportAddress), attributes: attributesJson(ctx) } },
    indices,
    shards,
  };
}
