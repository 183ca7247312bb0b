/**
 * Values sources of aggregations: which doc values column a field reads, what kind of keys it
 * gives (ES 5.6 `ValuesSourceConfig`: bytes for keyword/ip, longs for integral/date/boolean,
 * doubles for floating types) and how they format. A field absent from the mapping is
 * unmapped: it reads no values (its `missing` value, when set, stands for every doc).
 */
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { columnOf, type Column } from '../search/doc-values-column.js';
import type { IndexFields, SearchField } from '../search/field-types.js';
import { isNumericType, isTextField } from '../search/field-types.js';
import type { KeyFormat, ValuesSpec } from './types.js';
import { encodeIp } from '../mapping/term-encoding.js';

/** A doc values column as segment readers expose it. */
export type { Column } from '../search/doc-values-column.js';

/** The resolved values source of one aggregation on one shard. */
export interface ValuesSource {
  /** null when the field is unmapped. */
  field: SearchField | null;
  valueType: 'string' | 'long' | 'double';
  format: KeyFormat;
  /** `missing` converted to the value type. */
  missing?: string | number;
  column(seg: SegmentReader): Column | undefined;
  /** Script sources: the values of a doc, per segment (undefined for fields). */
  script?: (seg: SegmentReader) => (doc: number, score: number) => Array<string | number>;
}

/** A script compiled for a shard: its values per doc, already as keys of the wanted kind. */
export type ScriptValues = (seg: SegmentReader) => (doc: number, score: number) => Array<string | number>;

const INTEGRAL = new Set(['long', 'integer', 'short', 'byte', 'date', 'boolean']);
const NUMERIC_VALUE_TYPES = new Set(['long', 'double', 'number', 'numeric', 'date']);

export { columnOf } from '../search/doc-values-column.js';

/**
 * Resolve `spec.field` against the index mapping.
 * @param numeric whether the aggregation needs numbers (metrics, histograms, ranges)
 * @param aggType for error messages
 */
export function resolveValues(
  fields: IndexFields,
  spec: ValuesSpec,
  numeric: boolean,
  aggType: string,
  parseMissing: (f: SearchField, v: string | number | boolean) => number,
  script?: (numeric: boolean) => ScriptValues,
  meta?: (field: string) => ScriptValues | undefined,
): ValuesSource {
  if (spec.field === undefined && spec.script !== undefined && script) {
    // ES falls back to bytes for scripts without a value_type (ValuesSourceConfig.resolve)
    const num = numeric || NUMERIC_VALUE_TYPES.has(spec.valueType ?? '');
    const valueType = !num ? 'string' : spec.valueType === 'long' || spec.valueType === 'date' ? 'long' : 'double';
    const missing = spec.missing === undefined ? undefined : num ? Number(spec.missing) : String(spec.missing);
    return { field: null, valueType, format: { kind: 'raw' }, ...(missing !== undefined ? { missing } : {}), column: () => undefined, script: script(num) };
  }
  if (spec.field === undefined) throw new EsError('illegal_argument_exception', 400, `Required one of fields [field, script], but none were specified. `);
  const f = fields.get(spec.field) ?? null;
  if (!f && spec.field.startsWith('_') && meta) {
    const values = meta(spec.field);
    if (values === undefined || numeric) {
      throw new EsError('illegal_argument_exception', 400, `aggregation [${aggType}] on meta field [${spec.field}] is not supported yet`);
    }
    return { field: null, valueType: 'string', format: { kind: 'raw' }, column: () => undefined, script: values };
  }
  if (!f) {
    const valueType = numeric ? 'double' : 'string';
    const missing = spec.missing === undefined ? undefined : numeric ? Number(spec.missing) : String(spec.missing);
    return { field: null, valueType, format: { kind: 'raw' }, ...(missing !== undefined ? { missing } : {}), column: () => undefined };
  }
  if (isTextField(f)) {
    throw new EsError(
      'illegal_argument_exception',
      400,
      `Fielddata is disabled on text fields by default. Set fielddata=true on [${f.path}] in order to load fielddata in memory by uninverting the inverted index. Note that this can however use significant memory. Alternatively use a keyword field instead.`,
    );
  }
  const path = f.path;
  const column = (seg: SegmentReader): Column | undefined => columnOf(seg, path);
  const isNum = isNumericType(f.type) || f.type === 'date' || f.type === 'boolean';
  if (numeric && !isNum) throw new EsError('illegal_argument_exception', 400, `Expected numeric type on field [${path}], but got [${f.type}]`);
  if (!isNum && f.type !== 'keyword' && f.type !== 'string' && f.type !== 'ip') {
    throw new EsError('illegal_argument_exception', 400, `aggregation [${aggType}] on field [${path}] of type [${f.type}] is not supported yet`);
  }
  const format: KeyFormat =
    f.type === 'date' ? { kind: 'date', pattern: spec.format ?? f.format ?? 'strict_date_optional_time||epoch_millis' } : f.type === 'ip' ? { kind: 'ip' } : f.type === 'boolean' ? { kind: 'boolean' } : spec.format !== undefined && isNum ? { kind: 'decimal', pattern: spec.format } : { kind: 'raw' };
  const valueType = !isNum ? 'string' : INTEGRAL.has(f.type) ? 'long' : 'double';
  const missing = spec.missing === undefined ? undefined : valueType === 'string' ? keyOfText(f, String(spec.missing)) : parseMissing(f, spec.missing);
  return { field: f, valueType, format, ...(missing !== undefined ? { missing } : {}), column };
}

/** A string given in the request (missing, include/exclude) as the doc values key it names. */
export function keyOfText(f: SearchField | null, text: string): string {
  if (f?.type !== 'ip') return text;
  const enc = encodeIp(text);
  if (enc === undefined) throw new EsError('illegal_argument_exception', 400, `'${text}' is not an IP string literal.`);
  return enc;
}
