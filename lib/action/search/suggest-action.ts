/**
 * The deprecated `_suggest` API (ES 5.6 `RestSuggestAction`): a search of size 0 carrying only
 * the suggestions, answered as the `_shards` header followed by the suggestions themselves.
 */
import type { NodeContext } from '../context.js';
import type { SearchRequest } from './search-request.js';
import { queryPhase, release, shardsSection } from './search-action.js';
import { renderSuggestions } from './suggest-reduce.js';

/** Run `r` (whose `suggest` is set) for its suggestions only. */
export async function suggestOnly(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  r.size = 0;
  const st = await queryPhase(ctx, r);
  try {
    return { _shards: shardsSection(st), ...(st.suggest ? renderSuggestions(st.suggest) : {}) };
  } finally {
    await release(ctx, st.contexts);
  }
}
