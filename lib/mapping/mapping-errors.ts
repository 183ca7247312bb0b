/**
 * Errors and value formatting of the mapping layer, worded as ES 5.6 words them. Java's
 * `toString` renderings (maps as `{a=b}`, lists as `[a, b]`, doubles as `1.0`) appear in ES
 * messages, so they are reproduced here.
 */
import { EsError, illegalArgument, mapperParsing } from '../errors/errors.js';
import { javaToString } from '../errors/java-value.js';

export { illegalArgument, mapperParsing };

/** `strict_dynamic_mapping_exception` (a MapperParsingException subclass in ES). */
export function strictDynamic(path: string, field: string): EsError {
  return new EsError('strict_dynamic_mapping_exception', 400, `mapping set to strict, dynamic introduction of [${field}] within [${path}] is not allowed`);
}

/** `invalid_type_name_exception`. */
export function invalidTypeName(reason: string): EsError {
  return new EsError('invalid_type_name_exception', 400, reason);
}

/** Java's `Double.toString`: `1.0`, `0.5`, `1.0E10`, `1.0E-5`. */
export function javaDouble(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(n);
    return s.includes('.') || s.includes('e') ? s : s + '.0';
  }
  const [mant, exp] = n.toExponential().split('e') as [string, string];
  return `${mant.includes('.') ? mant : mant + '.0'}E${Number(exp)}`;
}

/** Java's `Float.toString` of a float32 value: the shortest decimal that rounds back to it. */
export function javaFloat(n: number): string {
  return javaDouble(shortestFloat(n));
}

/** The shortest decimal number that rounds to the same float32 as `n`. */
export function shortestFloat(n: number): number {
  if (!Number.isFinite(n) || n === 0) return n;
  const f = Math.fround(n);
  for (let p = 1; p <= 9; p++) {
    const c = Number(f.toPrecision(p));
    if (Math.fround(c) === f) return c;
  }
  return f;
}

/** Java `toString` of a JSON-ish value as ES messages print them (`{a=1}`, `[x, y]`); one home in lib/errors. */
export { javaToString } from '../errors/java-value.js';

/** `Mapping definition for [f] has unsupported parameters:  [a : b] [c : d]` (ES's double space). */
export function unsupportedParameters(field: string, rest: Record<string, unknown>): EsError {
  const list = Object.entries(rest).map(([k, v]) => ` [${k} : ${javaToString(v)}]`).join('');
  return mapperParsing(`Mapping definition for [${field}] has unsupported parameters: ${list}`);
}

/**
 * A mapping boolean as ES 5.6 reads it (`XContentMapValues.lenientNodeBooleanValue`): `false`,
 * `"false"`, `"off"`, `"no"`, `"0"`, `0` are false, anything else true; anything but a real
 * boolean or `"true"`/`"false"` records the deprecation warning ES emits.
 */
export function lenientBoolean(v: unknown, property: string, warnings: string[]): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  warnings.push(`Expected a boolean [true/false] for property [${property}] but got [${javaToString(v)}]`);
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return !(v === 'off' || v === 'no' || v === '0' || v === '');
  return v !== null && v !== undefined;
}

/** An integer parameter (`ignore_above`, `position_increment_gap`) given as number or string. */
export function intParam(v: unknown, name: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new EsError('number_format_exception', 400, `For input string: "${javaToString(v)}"`);
  void name;
  return Math.trunc(n);
}

/** A floating parameter (`boost`, `scaling_factor`). */
export function floatParam(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (Number.isNaN(n)) throw new EsError('number_format_exception', 400, `For input string: "${javaToString(v)}"`);
  return n;
}
