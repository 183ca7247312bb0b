/**
 * The checks ES 5.6 makes when a shard creates its search context (`SearchService.parseSource`
 * and `createContext`): option conflicts, and the index's limits on the result window, rescore
 * window and slices. Each fails the shard, so the request answers "all shards failed".
 */
import { EsError } from '../../errors/errors.js';
import type { ShardSearchSource } from '../../messages/shard-search.js';
import type { ReaderContext } from './reader-context.js';
import { isScoreSort } from '../../dsl/sort-spec.js';
import { DEFAULT_MAX_SLICES, tooManySlices } from '../../dsl/search-source.js';

/** A `search_context_exception` (no REST status of its own, so 500) for conflicting options. */
export function searchContextError(s: ShardSearchSource): EsError | undefined {
  const fail = (reason: string): EsError => new EsError('search_context_exception', 500, reason);
  if (s.searchAfter) {
    if (s.scroll) return fail('`search_after` cannot be used in a scroll context.');
    if (s.from > 0) return fail('`from` parameter must be set to 0 when `search_after` is used.');
  }
  if (s.scroll && s.from > 0) return fail('`from` parameter must be set to 0 when `scroll` is used.');
  if (s.slice && !s.scroll) return fail('`slice` cannot be used outside of a scroll context');
  if (s.storedFields === '_none_') {
    if (s.version) return fail('`stored_fields` cannot be disabled if version is requested');
    if (s.source !== undefined && s.source !== false) return fail('`stored_fields` cannot be disabled if _source is requested');
  }
  if (s.collapseField !== undefined) {
    if (s.scroll) return fail('cannot use `collapse` in a scroll context');
    if (s.searchAfter) return fail('cannot use `collapse` in conjunction with `search_after`');
    if (s.rescoreWindow !== undefined) return fail('cannot use `collapse` in conjunction with `rescore`');
  }
  return undefined;
}

/** Hits the shard keeps: from + size, or every doc for a scroll; checked against the index's limits. */
export function topN(rc: ReaderContext, s: ShardSearchSource): number {
  const settings = rc.svc.meta.settings;
  const max = Number(settings['index.max_result_window'] ?? '10000');
  if (s.rescoreWindow !== undefined) {
    if (s.sort && !isScoreSort(s.sort)) throw new EsError('query_phase_execution_exception', 500, 'Cannot use [sort] option in conjunction with [rescore].');
    const maxRescore = Number(settings['index.max_rescore_window'] ?? String(max));
    if (s.rescoreWindow > maxRescore) {
      throw new EsError('query_phase_execution_exception', 500, `Rescore window [${s.rescoreWindow}] is too large. It must be less than [${maxRescore}]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.`);
    }
  }
  if (s.slice) {
    const maxSlices = Number(settings['index.max_slices_per_scroll'] ?? DEFAULT_MAX_SLICES);
    if (s.slice.max > maxSlices) throw new EsError('query_phase_execution_exception', 500, tooManySlices(s.slice.max, maxSlices));
  }
  if (s.keepAllHits) {
    if (s.size > max) throw batchTooLarge(max, s.size);
    // a scan reads its matches in doc order afterwards (scan-shard.ts): the query phase only counts
    if (s.scan) return 0;
    return rc.segments.reduce((n, seg) => n + seg.maxDoc, 0);
  }
  const window = s.from + s.size;
  if (window > max) throw windowTooLarge(max, window);
  return window;
}

function windowTooLarge(max: number, window: number): EsError {
  return new EsError(
    'query_phase_execution_exception',
    500,
    `Result window is too large, from + size must be less than or equal to: [${max}] but was [${window}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
  );
}

function batchTooLarge(max: number, size: number): EsError {
  return new EsError(
    'query_phase_execution_exception',
    500,
    `Batch size is too large, size must be less than or equal to: [${max}] but was [${size}]. Scroll batch sizes cost as much memory as result windows so they are controlled by the [index.max_result_window] index level setting.`,
  );
}
