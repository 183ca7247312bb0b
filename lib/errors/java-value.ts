/**
 * A request value as ES 5.6 prints it inside an error reason. ES holds a parsed JSON body as
 * Java objects and builds its messages with `value.toString()`, so an object in place of a
 * string reads `{k=v, k2=v2}` and an array `[a, b]`. JavaScript's `String(value)` would print
 * `[object Object]` (or flatten a nested array), which is never what ES says: every reason that
 * names a user value which may be an object or array goes through {@link javaToString}.
 */
import { JsonDouble, JsonFloat, javaDoubleToString, javaNumberText } from '../units/java-number.js';

/**
 * Java's `toString()` of a value parsed from a JSON body: `LinkedHashMap` (`{k=v, k2=v2}`, key
 * order as sent), `ArrayList` (`[a, b]`), `null`, strings as they are, integers plain and
 * fractions as `Double.toString` (`1.5`, `1.0E-7`). A fraction that JSON wrote as `1.0` arrived
 * as the integer 1, so it prints `1` where Java prints `1.0`.
 */
export function javaToString(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? String(v) : javaDoubleToString(v);
  if (v instanceof JsonDouble || v instanceof JsonFloat) return javaNumberText(v);
  if (Array.isArray(v)) return '[' + v.map(javaToString).join(', ') + ']';
  if (typeof v === 'object') {
    return '{' + Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k}=${javaToString(x)}`).join(', ') + '}';
  }
  return String(v);
}
