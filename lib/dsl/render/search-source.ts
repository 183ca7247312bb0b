/**
 * `SearchSourceBuilder.toXContent` (ES 5.6 `innerToXContent`): only the parts that were set, in
 * ES's order — from, size, timeout, terminate_after, query, post_filter, min_score, version,
 * explain, profile, _source, stored_fields, docvalue_fields, script_fields, sort, track_scores,
 * search_after, slice, indices_boost (when not empty, ES ≥ 5.2), aggregations, highlight,
 * suggest, rescore, stats, ext, collapse (CollapseBuilder.toXContent, 5.3+).
 *
 * Known differences: docs/architecture.md "Rendering parsed DSL" (collapse's inner_hits print
 * as given). `ext` is accepted only empty, and ES prints no `ext` without extension builders.
 */
import type { SearchSource } from '../search-source.js';
import type { RescoreSpec } from '../rescore.js';
import type { JsonObject } from '../xcontent.js';
import { renderAggregations } from './aggregations.js';
import { renderHighlight } from './highlight.js';
import { renderSuggest } from './suggest.js';
import { renderQuery } from './query.js';
import { renderFetchSource, renderScriptFields, renderSorts, renderStoredFields } from './source-parts.js';
import { fromJson, jfloat, obj, toCompact, type XObject } from './xcontent.js';

/** `TimeValue.getStringRep()`: the duration in the unit it was given (`-1` when negative). */
function timeRep(t: { duration: number; unit: string }): string {
  return t.duration < 0 ? String(t.duration) : `${t.duration}${t.unit}`;
}

/** RescoreBuilder.toXContent (window_size when given) around QueryRescorerBuilder.doXContent. */
function renderRescore(r: RescoreSpec): XObject {
  return obj(
    ['window_size', r.windowSizeSet ? r.windowSize : undefined],
    [
      'query',
      obj(
        ['rescore_query', renderQuery(r.query)],
        ['query_weight', jfloat(r.queryWeight)],
        ['rescore_query_weight', jfloat(r.rescoreQueryWeight)],
        ['score_mode', r.scoreMode],
      ),
    ],
  );
}

/** CollapseBuilder.toXContent (5.6: one inner_hits): field, max_concurrent_group_searches when > 0; inner_hits as given. */
function renderCollapse(c: JsonObject): XObject {
  const max = c.max_concurrent_group_searches;
  return obj(
    ['field', typeof c.field === 'string' ? c.field : undefined],
    ['max_concurrent_group_searches', typeof max === 'number' && max > 0 ? max : undefined],
    ['inner_hits', c.inner_hits !== undefined ? fromJson(c.inner_hits) : undefined],
  );
}

/** The XContent tree of a parsed search body. */
export function renderSearchSourceTree(s: SearchSource): XObject {
  return obj(
    ['from', s.from],
    ['size', s.size],
    ['timeout', s.timeout !== undefined && s.timeout.duration !== -1 ? timeRep(s.timeout) : undefined],
    ['terminate_after', s.terminateAfter !== undefined && s.terminateAfter !== 0 ? s.terminateAfter : undefined],
    ['query', s.query ? renderQuery(s.query) : undefined],
    ['post_filter', s.postFilter ? renderQuery(s.postFilter) : undefined],
    ['min_score', s.minScore !== undefined ? jfloat(s.minScore) : undefined],
    ['version', s.version],
    ['explain', s.explain],
    ['profile', s.profile ? true : undefined],
    ['_source', s.source ? renderFetchSource(s.source) : undefined],
    ['stored_fields', s.storedFields ? renderStoredFields(s.storedFields) : undefined],
    ['docvalue_fields', s.docvalueFields ? [...s.docvalueFields] : undefined],
    ['script_fields', s.scriptFields ? renderScriptFields(s.scriptFields) : undefined],
    ['sort', s.sort ? renderSorts(s.sort) : undefined],
    ['track_scores', s.trackScores ? true : undefined],
    ['search_after', s.searchAfter ? s.searchAfter.map(fromJson) : undefined],
    ['slice', s.slice ? obj(['field', s.slice.field], ['id', s.slice.id], ['max', s.slice.max]) : undefined],
    ['indices_boost', s.indicesBoost && s.indicesBoost.length > 0 ? s.indicesBoost.map((b) => obj([b.index, jfloat(b.boost)])) : undefined],
    ['aggregations', s.aggregations && s.aggregations.length > 0 ? renderAggregations(s.aggregations) : undefined],
    ['highlight', s.highlight ? renderHighlight(s.highlight) : undefined],
    ['suggest', s.suggest && s.suggest.length > 0 ? renderSuggest(s.suggest) : undefined],
    ['rescore', s.rescore ? s.rescore.map(renderRescore) : undefined],
    ['stats', s.stats ? [...s.stats] : undefined],
    ['collapse', s.collapse ? renderCollapse(s.collapse) : undefined],
  );
}

/**
 * The compact rendering ES 5.6 puts in a search task's description
 * (`source[<SearchSourceBuilder.toString(FORMAT_PARAMS)>]`).
 */
export function renderSearchSource(s: SearchSource): string {
  return toCompact(renderSearchSourceTree(s));
}
