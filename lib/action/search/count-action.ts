/**
 * `_count`: a search that only counts (size 0), rendered as `{count, _shards}`.
 */
import type { NodeContext } from '../context.js';
import { queryPhase, release, shardsSection } from './search-action.js';
import type { SearchRequest } from './search-request.js';
import { runSearchTask, type SearchTask } from './search-task.js';

/** `_count` runs as ES 5.6's `RestCountAction` runs it: a search task of size 0. */
export function count(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  const sized = { ...r, size: 0, from: 0, sourceBuilder: r.sourceBuilder ?? { size: 0 } };
  return runSearchTask(ctx, sized, (task) => countAs(ctx, sized, task));
}

async function countAs(ctx: NodeContext, r: SearchRequest, task: SearchTask): Promise<Record<string, unknown>> {
  const st = await queryPhase(ctx, r, { task });
  await release(ctx, st.contexts);
  const body: Record<string, unknown> = { count: st.totalHits };
  if (st.terminatedEarly !== undefined) body.terminated_early = st.terminatedEarly;
  body._shards = shardsSection(st);
  return body;
}
