/**
 * Fetch options and sorts as ES 5.6 prints them: `FetchSourceContext.toXContent` (`false`, or
 * `{includes, excludes}`), `StoredFieldsContext.toXContent` (`_none_`, one name, or an array),
 * `SearchSourceBuilder.ScriptField.toXContent` (`{name: {script, ignore_failure}}`), and the
 * sort builders (ScoreSortBuilder, FieldSortBuilder, ScriptSortBuilder).
 */
import type { ScriptField } from '../search-source.js';
import type { SortSpec } from '../sort.js';
import type { SortSpec as FetchSortSpec } from '../sort-spec.js';
import type { FetchSource, StoredFields } from '../source-filter.js';
import { scriptNode, termValue } from './common.js';
import { renderQuery } from './query.js';
import { obj, type XNode, type XObject } from './xcontent.js';

/** FetchSourceContext.toXContent. */
export function renderFetchSource(fs: FetchSource): XNode {
  if (!fs.fetchSource) return false;
  return obj(['includes', [...fs.includes]], ['excludes', [...fs.excludes]]);
}

/** StoredFieldsContext.toXContent: a single name prints as a string. */
export function renderStoredFields(sf: StoredFields): XNode {
  if (!sf.fetchFields) return '_none_';
  return sf.fields.length === 1 ? (sf.fields[0] as string) : [...sf.fields];
}

/** The `script_fields` object. */
export function renderScriptFields(fields: readonly ScriptField[]): XObject {
  const o: XObject = new Map();
  for (const f of fields) o.set(f.name, obj(['script', scriptNode(f.script)], ['ignore_failure', f.ignoreFailure]));
  return o;
}

/**
 * One sort builder. Geo-distance sorts are not rendered yet (see docs/architecture.md): they
 * print as `{_geo_distance: {}}` placeholders so the caller's list keeps its length.
 */
function renderSort(s: SortSpec): XObject {
  switch (s.type) {
    case 'score':
      return obj(['_score', obj(['order', s.order])]);
    case 'field':
      return obj([
        s.field,
        obj(
          ['order', s.order],
          ['missing', s.missing !== undefined ? termValue(s.missing) : undefined],
          ['unmapped_type', s.unmappedType],
          ['mode', s.mode],
          ['nested_filter', s.nestedFilter ? renderQuery(s.nestedFilter) : undefined],
          ['nested_path', s.nestedPath],
        ),
      ]);
    case 'script':
      return obj([
        '_script',
        obj(
          ['script', scriptNode(s.script)],
          ['type', s.scriptType],
          ['order', s.order],
          ['mode', s.mode],
          ['nested_path', s.nestedPath],
          ['nested_filter', s.nestedFilter ? renderQuery(s.nestedFilter) : undefined],
        ),
      ]);
    default:
      return obj(['_geo_distance', obj()]);
  }
}

/** The `sort` array of a search source. */
export function renderSorts(sorts: readonly SortSpec[] | readonly FetchSortSpec[]): XNode[] {
  return sorts.map((s) => renderSort('type' in s ? s : fromFetchSort(s)));
}

/** Inner hits keep sorts in the fetch phase's form; map them back to the parsed form. */
function fromFetchSort(s: FetchSortSpec): SortSpec {
  if (s.field === '_score' && !s.script && !s.geo) return { type: 'score', order: s.order };
  if (s.script) return { type: 'script', script: s.script.ref, scriptType: s.script.type, order: s.order, ...(s.mode ? { mode: s.mode } : {}) };
  if (s.geo) return { type: 'geo_distance', field: s.field, points: s.geo.points, order: s.order, unit: s.geo.unit, distanceType: s.geo.distanceType, validationMethod: 'strict' };
  return {
    type: 'field',
    field: s.field,
    order: s.order,
    ...(s.missing !== undefined ? { missing: s.missing as string | number | boolean } : {}),
    ...(s.unmappedType !== undefined ? { unmappedType: s.unmappedType } : {}),
    ...(s.mode !== undefined ? { mode: s.mode } : {}),
    ...(s.nestedPath !== undefined ? { nestedPath: s.nestedPath } : {}),
    ...(s.nestedFilter !== undefined ? { nestedFilter: s.nestedFilter } : {}),
  };
}
