/**
 * `InnerHitBuilder.toXContent` (ES 5.6): name (the nested path / child type / parent type unless
 * given: the joining query's copy constructor fills it in), ignore_unmapped, from, size, version,
 * explain, track_scores, then _source, docvalue_fields, script_fields and sort when set.
 */
import type { InnerHits } from '../inner-hits.js';
import type { FetchSource } from '../source-filter.js';
import { renderScriptFields, renderSorts, renderFetchSource } from './source-parts.js';
import { obj, type XObject } from './xcontent.js';

/** Convert the fetch-phase `_source` option back to the parsed form. */
function fetchSourceOf(source: unknown): FetchSource | undefined {
  if (source === undefined) return undefined;
  if (source === false) return { fetchSource: false, includes: [], excludes: [] };
  if (source === true) return { fetchSource: true, includes: [], excludes: [] };
  const s = source as { includes?: string[]; excludes?: string[] };
  return { fetchSource: true, includes: s.includes ?? [], excludes: s.excludes ?? [] };
}

/** Render parsed inner hits; `defaultName` is what ES names them when `name` is absent. */
export function renderInnerHits(ih: InnerHits, defaultName: string): XObject {
  const fs = fetchSourceOf(ih.source);
  return obj(
    ['name', ih.name ?? defaultName],
    ['ignore_unmapped', ih.ignoreUnmapped],
    ['from', ih.from],
    ['size', ih.size],
    ['version', ih.version],
    ['explain', ih.explain],
    ['track_scores', ih.trackScores],
    ['_source', fs ? renderFetchSource(fs) : undefined],
    ['docvalue_fields', ih.docvalueFields.length > 0 ? [...ih.docvalueFields] : undefined],
    ['script_fields', ih.scriptFields ? renderScriptFields(ih.scriptFields) : undefined],
    ['sort', ih.sort ? renderSorts(ih.sort) : undefined],
  );
}
