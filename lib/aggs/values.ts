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
import { decodeIp, encodeIp } from '../mapping/term-encoding.js';
import { boxDouble } from '../script/runtime/values.js';

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

/** A value script compiled for a shard: run on one value of a doc (`_value`), its results as keys. */
export type ValueScript = (seg: SegmentReader) => (doc: number, score: number, value: unknown) => Array<string | number>;

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
  valueScript?: (numeric: boolean) => ValueScript,
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
  const vs: ValuesSource = { field: f, valueType, format, ...(missing !== undefined ? { missing } : {}), column };
  return spec.script !== undefined && valueScript ? withValueScript(vs, f, valueScript(isNum)) : vs;
}

/**
 * A field's values through a value script (ES 5.6 `ValuesSource.WithScript`): each value, as the
 * script sees it (`_value`: a Long for integral, date and boolean fields, a Double for floating
 * ones, a String for keywords, the address for ips), is replaced by the script's results, sorted
 * per doc. Numeric sources become floating point (`WithScript.isFloatingPoint()`: a script may
 * turn longs into doubles), so terms over them are `dterms`. `missing` still applies after the
 * script, to docs without values.
 */
function withValueScript(vs: ValuesSource, f: SearchField, run: ValueScript): ValuesSource {
  const asScript: (v: string | number) => unknown =
    f.type === 'ip' ? (v) => decodeIp(v as string) : vs.valueType === 'double' ? (v) => boxDouble(v as number) : (v) => v;
  const numeric = vs.valueType !== 'string';
  return {
    ...vs,
    valueType: numeric ? 'double' : 'string',
    script(seg) {
      const col = vs.column(seg);
      const bound = run(seg);
      return (doc, score) => {
        const out: Array<string | number> = [];
        if (!col) return out;
        const to = col.start[doc + 1] as number;
        for (let i = col.start[doc] as number; i < to; i++) {
          const v = col.kind === 'numeric' ? (col.values[i] as number) : (col.terms[col.ords[i] as number] as string);
          for (const r of bound(doc, score, asScript(v))) out.push(r);
        }
        return numeric ? out.sort((a, b) => (a as number) - (b as number)) : out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      };
    },
  };
}

/** A string given in the request (missing, include/exclude) as the doc values key it names. */
export function keyOfText(f: SearchField | null, text: string): string {
  if (f?.type !== 'ip') return text;
  const enc = encodeIp(text);
  if (enc === undefined) throw new EsError('illegal_argument_exception', 400, `'${text}' is not an IP string literal.`);
  return enc;
}
