/**
 * `_count`: a search that only counts (size 0), rendered as `{count, _shards}`.
 */
import type { NodeContext } from '../context.js';
import { queryPhase, release, shardsSection } from './search-action.js';
import type { SearchRequest } from './search-request.js';

export async function count(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  const st = await queryPhase(ctx, { ...r, size: 0, from: 0 });
  await release(ctx, st.contexts);
  const body: Record<string, unknown> = { count: st.totalHits };
  if (st.terminatedEarly !== undefined) body.terminated_early = st.terminatedEarly;
  body._shards = shardsSection(st);
  return body;
}
