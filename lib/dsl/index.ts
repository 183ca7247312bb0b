/**
 * The query DSL, parsed once at the edge (ES 5.6 semantics). Entry points:
 * - {@link parseQuery} / {@link parseOptionalQuery} / {@link parseTopLevelQuery}: query objects;
 * - {@link parseSearchSource}: a whole `_search` body;
 * - `lucene-query-syntax/`: `query_string` / `q=` and `simple_query_string` texts;
 * - {@link calculateMinShouldMatch}, {@link fuzzinessToEdits}, {@link parseDateMath}: shared rules.
 */
export { parseQuery, parseOptionalQuery, parseTopLevelQuery, SUPPORTED_QUERY_NAMES, type ParseOptions } from './parse-query.js';
export type * from './query-types.js';
export { parseSearchSource, validateSearchSource, type SearchSource, type ScriptField, type Slice, type SortValue } from './search-source.js';
export type { SortSpec, SortOrder, SortMode } from './sort.js';
export type { FetchSource, StoredFields } from './source-filter.js';
export { calculateMinShouldMatch, minimumShouldMatchFor } from './minimum-should-match.js';
export { parseFuzziness, fuzzinessToEdits, fuzzinessAsFloat, fuzzinessToString, AUTO } from './fuzziness.js';
export { parseDateMath, applyDateMath, parseIsoDate, type DateParser, type DateMathOptions } from './date-math.js';
export { parseTimeZone, offsetAt, localToUtc, UTC, type TimeZone } from './time-zone.js';
export { parseScript, DEFAULT_SCRIPT_LANG, type ScriptRef } from './script-ref.js';
export { parseGeoPoint, parseDistanceMeters, decodeGeohash, type GeoPoint } from './geo-point.js';
export { locateJson, type JsonLocations, type Loc } from './json-locations.js';
