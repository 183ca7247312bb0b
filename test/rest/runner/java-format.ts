/**
 * Java's `toString()` of parsed JSON values, as ES's runner sees them (`LinkedHashMap`,
 * `ArrayList`, boxed numbers). Needed because `catch: /regex/` is matched against
 * `error.toString()` (ES 5.6 `DoSection`), and `is_true`/`is_false` look at `toString()`.
 */

/** Renders a parsed JSON value the way Java's collections print it: `{a=1, b=[x, y]}`. */
export function javaToString(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(javaToString).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${javaToString(v)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}
