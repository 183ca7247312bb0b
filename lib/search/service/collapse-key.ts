/** The group key of field collapsing on a shard (`collapse.field`). */
import { EsError } from '../../errors/errors.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import { isNumericType, type IndexFields } from '../field-types.js';
import type { SortValue } from '../sort-values.js';

/** The group key function of a collapse field, checked as ES's `CollapseBuilder.build`. */
export function collapseKey(fields: IndexFields, field: string): (seg: SegmentReader) => (doc: number) => SortValue {
  const f = fields.get(field);
  if (!f) throw new EsError('illegal_argument_exception', 400, `no mapping found for \`${field}\` in order to collapse on`);
  if (f.type !== 'keyword' && !isNumericType(f.type)) {
    throw new EsError('illegal_argument_exception', 400, `unknown type for collapse field \`${field}\`, only keywords and numbers are accepted`);
  }
  if (!f.docValues) throw new EsError('illegal_argument_exception', 400, `cannot collapse on field \`${field}\` without \`doc_values\``);
  const numeric = f.type !== 'keyword';
  return (seg) => (doc) => {
    if (numeric) {
      const v = seg.numericValues(field, doc);
      return v.length > 0 ? (v[0] as number) : null;
    }
    const v = seg.stringValues(field, doc);
    return v.length > 0 ? (v[0] as string) : null;
  };
}
