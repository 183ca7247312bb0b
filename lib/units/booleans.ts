/**
 * ES 5.6 lenient booleans (`Booleans.parseBoolean(String, boolean)` as used by
 * `RestRequest#paramAsBoolean`): only `false`, `0`, `off` and `no` are false; every other
 * present value, the empty string included (`?pretty`), is true. 6.0 made this strict.
 */
export function parseBooleanLenient(value: string | null | undefined, defaultValue: boolean): boolean {
  if (value === undefined || value === null) return defaultValue;
  return !isFalseText(value);
}

/** Whether `value` is one of ES 5's false spellings. */
export function isFalseText(value: string): boolean {
  return value === 'false' || value === '0' || value === 'off' || value === 'no';
}

/**
 * A boolean from a JSON body value, as ES 5 `XContentParser#booleanValue` reads it leniently:
 * booleans as is, numbers false only when 0, strings by {@link parseBooleanLenient}.
 */
export function nodeBooleanValue(value: unknown, defaultValue: boolean): boolean {
  if (value === undefined || value === null) return defaultValue;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return !isFalseText(String(value));
}
