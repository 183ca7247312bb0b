/**
 * The legacy `string` type on a 5.x index, as ES 5.6's `StringFieldMapper.TypeParser` treats it:
 * a simple definition is upgraded to `keyword` (`index: not_analyzed` or `no`) or `text`
 * (`analyzed` or no `index`), with a deprecation warning; one using parameters that have no
 * text/keyword equivalent is refused. The upgraded field is then parsed, stored and rendered as
 * the new type, so `GET _mapping` answers `text`/`keyword`, as 5.6 does.
 */
import { illegalArgument, javaToString, lenientBoolean } from './mapping-errors.js';

const TO_KEYWORD = new Set(['type', 'index', 'store', 'doc_values', 'omit_norms', 'norms', 'fields', 'copy_to', 'fielddata', 'include_in_all', 'ignore_above']);
const TO_TEXT = new Set([
  'type', 'index', 'store', 'doc_values', 'omit_norms', 'norms', 'fields', 'copy_to', 'fielddata', 'include_in_all',
  'analyzer', 'search_analyzer', 'search_quote_analyzer', 'index_options', 'position_increment_gap',
]);

/** The text/keyword definition a `string` definition becomes (`node` is not mutated). */
export function upgradeStringField(propName: string, node: Record<string, unknown>, warnings: string[]): { type: 'text' | 'keyword'; node: Record<string, unknown> } {
  const index = node['index'];
  if (index !== undefined && index !== null && !['no', 'not_analyzed', 'analyzed'].includes(index as string)) {
    throw illegalArgument(`Can't parse [index] value [${javaToString(index)}] for field [${propName}], expected [no], [not_analyzed] or [analyzed]`);
  }
  const keyword = index !== undefined && index !== null && index !== 'analyzed';
  const supported = keyword ? TO_KEYWORD : TO_TEXT;
  const unsupported = Object.keys(node).filter((k) => !supported.has(k));
  if (unsupported.length > 0) {
    throw illegalArgument(
      `The [string] type is removed in 5.0 and automatic upgrade failed because parameters [${unsupported.join(', ')}] are not supported for automatic upgrades. You should now use either a [text] or [keyword] field instead for field [${propName}]`,
    );
  }
  warnings.push(`The [string] field is deprecated, please use [text] or [keyword] instead on [${propName}]`);
  const out: Record<string, unknown> = { ...node };
  delete out['type'];
  out['index'] = index !== 'no';
  let norms = out['norms'];
  delete out['norms'];
  if (typeof norms === 'object' && norms !== null) norms = (norms as Record<string, unknown>)['enabled'];
  if (norms !== undefined && norms !== null) out['norms'] = lenientBoolean(norms, `${propName}.norms`, warnings);
  const omitNorms = out['omit_norms'];
  delete out['omit_norms'];
  if (omitNorms !== undefined && omitNorms !== null) out['norms'] = !lenientBoolean(omitNorms, `${propName}.omit_norms`, warnings);
  const fielddata = out['fielddata'];
  if (typeof fielddata === 'object' && fielddata !== null) {
    const fd = fielddata as Record<string, unknown>;
    if (keyword) delete out['fielddata'];
    else {
      out['fielddata'] = fd['format'] !== 'disabled';
      const frequency = (fd['filter'] as Record<string, unknown> | undefined)?.['frequency'] as Record<string, unknown> | undefined;
      if (frequency) {
        const kept: Record<string, unknown> = {};
        for (const k of ['min', 'max', 'min_segment_size']) if (frequency[k] !== undefined) kept[k] = frequency[k];
        out['fielddata_frequency_filter'] = kept;
      }
    }
    if (fd['loading'] !== undefined) out['eager_global_ordinals'] = fd['loading'] === 'eager_global_ordinals';
  }
  return { type: keyword ? 'keyword' : 'text', node: out };
}
