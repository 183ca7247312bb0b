/**
 * The deprecated `_suggest` API (ES 5.6 `RestSuggestAction`): a search of size 0 carrying only
 * the suggestions, answered as the `_shards` header followed by the suggestions themselves.
 */
import type { NodeContext } from '../context.js';
import type { SearchRequest } from './search-request.js';
import { queryPhase, release, shardsSection } from './search-action.js';
import { renderSuggestions } from './suggest-reduce.js';
import { runSearchTask, type SearchTask } from './search-task.js';

/** Run `r` (whose `suggest` is set) for its suggestions only. */
export function suggestOnly(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  r.size = 0;
  // ES 5.6's RestSuggestAction runs a search
  return runSearchTask(ctx, r, (task) => suggestAs(ctx, r, task));
}

async function suggestAs(ctx: NodeContext, r: SearchRequest, task: SearchTask): Promise<Record<string, unknown>> {
  const st = await queryPhase(ctx, r, { task });
  try {
    return { _shards: shardsSection(st), ...(st.suggest ? renderSuggestions(st.suggest) : {}) };
  } finally {
    await release(ctx, st.contexts);
  }
}
