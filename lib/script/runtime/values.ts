/**
 * How Java values live in JavaScript while a script runs.
 *
 * - `int`/`long`/`short`/`byte`: JS numbers holding an integer. `long` is exact up to 2^53;
 *   arithmetic that leaves that range is redone in BigInt and wrapped to 64 bits, so overflow
 *   matches Java while a result fits a double exactly (documented limit: longs beyond 2^53
 *   lose low bits, as a JS number must).
 * - `double`/`float`: JS numbers. A JS number cannot say whether `2` is an `Integer` or a
 *   `Double`, which matters for `def` arithmetic (`def x = 4.0; x / 3`). So when a statically
 *   double value that happens to be integral enters a dynamic (`def`) slot it is boxed as
 *   {@link JDouble}; non-integral numbers are doubles by their value. Boxes are unwrapped at
 *   every numeric use and when results leave the script ({@link toHost}).
 * - `boolean`, `String`: JS booleans and strings. `char` values are one-character strings.
 * - `List`: JS arrays. `Map`: JS `Map` (insertion ordered, any key). Documents and params
 *   become these once ({@link toScript}) and come back as JSON ({@link toHost}).
 */
import { classCast, JavaError, javaErrorToEs, npe } from '../errors.js';
import { type EsError, illegalArgument } from '../../errors/errors.js';
import { javaDoubleToString, JsonDouble } from '../../units/java-number.js';
import { dict } from '../../dict.js';

/** A Java `Double` whose value is integral (see the module comment). */
export class JDouble {
  constructor(readonly v: number) {}
}

/** A compiled Java regex (`Pattern`). */
export class JPattern {
  constructor(readonly source: string, readonly re: RegExp) {}
}

/** A statically double value entering a `def` slot: box it when integral. */
export function boxDouble(v: number): number | JDouble {
  return Number.isInteger(v) ? new JDouble(v) : v;
}

/** Whether a def value is a Java floating-point number. */
export function isDouble(v: unknown): boolean {
  return v instanceof JDouble || (typeof v === 'number' && !Number.isInteger(v));
}

/** Whether a def value is a Java number (Integer, Long, Double...). */
export function isNumber(v: unknown): v is number | JDouble {
  return typeof v === 'number' || v instanceof JDouble;
}

/** The numeric value of a def (unboxing `Number`s); ClassCastException otherwise, NPE on null. */
export function toNum(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v instanceof JDouble) return v.v;
  if (v === null || v === undefined) throw npe();
  throw classCast(`Cannot cast ${javaClassOf(v)} to java.lang.Number`);
}

/** A def to a Java `boolean`. */
export function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null || v === undefined) throw npe();
  throw classCast(`Cannot cast ${javaClassOf(v)} to java.lang.Boolean`);
}

/**
 * A script's answer where a number is needed (sort, `script_score`, a value script, a
 * significance heuristic): ES 5.6's Painless `runAsDouble` casts it to `Number` outside the
 * script, so a list or string is Java's own `ClassCastException` and null a
 * `NullPointerException`, not a script error.
 */
export function runAsDouble(v: unknown): number {
  if (v === null || v === undefined) throw javaErrorToEs(npe());
  try {
    return toNum(v);
  } catch (e) {
    if (e instanceof JavaError) throw javaErrorToEs(classCast(`${javaClassOf(v)} cannot be cast to java.lang.Number`));
    throw e;
  }
}

/** The Java class name of a runtime value (for messages and `instanceof`). */
export function javaClassOf(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'java.lang.String';
  if (typeof v === 'boolean') return 'java.lang.Boolean';
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return 'java.lang.Double';
    return v >= -2147483648 && v <= 2147483647 ? 'java.lang.Integer' : 'java.lang.Long';
  }
  if (v instanceof JDouble) return 'java.lang.Double';
  if (Array.isArray(v)) return 'java.util.ArrayList';
  if (v instanceof Map) return 'java.util.HashMap';
  if (v instanceof Set) return 'java.util.HashSet';
  if (v instanceof JPattern) return 'java.util.regex.Pattern';
  if (typeof v === 'function') return 'java.lang.invoke.LambdaForm';
  const named = (v as { javaClass?: string }).javaClass;
  return named ?? 'java.lang.Object';
}

/**
 * Host data (parsed JSON) to script values: objects become `Map`s, arrays stay arrays (copied),
 * so a script can never reach a JS prototype.
 */
export function toScript(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map(toScript);
  if (typeof v === 'object') {
    if (v instanceof Map || v instanceof JDouble) return v;
    const m = new Map<unknown, unknown>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, toScript(x));
    return m;
  }
  return v;
}

/** The error XContentBuilder (ES 6+) gives a value that contains itself; ES 5.6 overflowed its stack. */
function selfReferencing(isMap: boolean): EsError {
  return illegalArgument(isMap ? 'Object has already been built and is self-referencing itself' : 'Iterable object is self-referencing itself');
}

/**
 * Script values back to JSON-able host data (maps to objects, boxes unwrapped, sets to arrays).
 * With `markDoubles`, Java doubles become {@link JsonDouble}s so responses print them as ES
 * does (`42.0`); stored `_source` keeps plain numbers.
 */
export function toHost(v: unknown, markDoubles = false, open: Set<object> = new Set()): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof JDouble) return markDoubles ? new JsonDouble(v.v) : v.v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
    return markDoubles && !Number.isInteger(v) ? new JsonDouble(v) : v;
  }
  if (Array.isArray(v) || v instanceof Set || v instanceof Map) {
    // `ctx._source.x = ctx._source` makes a value that contains itself: refuse it as
    // XContentBuilder does rather than recursing forever.
    if (open.has(v)) throw selfReferencing(v instanceof Map);
    open.add(v);
    try {
      if (!(v instanceof Map)) return [...v].map((x) => toHost(x, markDoubles, open));
      const o = dict<unknown>(); // a `__proto__` key is data, as in a Java map
      for (const [k, x] of v) o[String(toHost(k))] = toHost(x, markDoubles, open);
      return o;
    } finally {
      open.delete(v);
    }
  }
  if (v instanceof JPattern) return v.source;
  if (typeof v === 'object' || typeof v === 'function') return String(v);
  return v;
}

/**
 * A script value as JSON text the way Jackson writes the Java objects (`10.0` for a `Double`,
 * `1.0E-5`), for a `_source` a script produced.
 */
export function toJsonText(v: unknown, open: Set<object> = new Set()): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v) || v instanceof Set || v instanceof Map) {
    if (open.has(v)) throw selfReferencing(v instanceof Map);
    open.add(v);
    try {
      if (!(v instanceof Map)) return '[' + [...v].map((x) => toJsonText(x, open)).join(',') + ']';
      return '{' + [...v].map(([k, x]) => `${JSON.stringify(String(toHost(k)))}:${toJsonText(x, open)}`).join(',') + '}';
    } finally {
      open.delete(v);
    }
  }
  if (v instanceof JDouble) return javaDoubleToString(v.v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return JSON.stringify(javaDoubleToString(v));
    return Number.isInteger(v) ? String(v) : javaDoubleToString(v);
  }
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  return JSON.stringify(toHost(v));
}

/** Java's `String.valueOf` of a script value (string concatenation, `toString()`). */
export function javaString(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : javaDouble(v);
  if (v instanceof JDouble) return javaDouble(v.v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[' + v.map(javaString).join(', ') + ']';
  if (v instanceof Map) return '{' + [...v].map(([k, x]) => `${javaString(k)}=${javaString(x)}`).join(', ') + '}';
  if (v instanceof Set) return '[' + [...v].map(javaString).join(', ') + ']';
  if (v instanceof JPattern) return v.source;
  return String(v);
}

/** `Double.toString` (shared with the rest of the node). */
export const javaDouble = javaDoubleToString;

/** Java `==` / `Objects.equals` over script values (numbers compare by value, as def `==` does). */
export function javaEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (isNumber(a) && isNumber(b)) return toNum(a) === toNum(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => javaEquals(x, b[i]));
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !javaEquals(v, b.get(k))) return false;
    return true;
  }
  return false;
}

/** Java's `hashCode`-free key normalisation for `Map` keys: boxes unwrap so `m[1.0]` and `m[1]` differ only as Java does not care here. */
export function mapKey(k: unknown): unknown {
  return k instanceof JDouble ? k.v : k;
}

/** A bounds error as `ArrayList.get` raises it. */
export function indexOutOfBounds(index: number, size: number): JavaError {
  return new JavaError('index_out_of_bounds_exception', `Index: ${index}, Size: ${size}`);
}
