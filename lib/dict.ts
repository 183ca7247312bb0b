/**
 * Records keyed by user input (index, alias, template, script, pipeline and analysis names,
 * settings keys, mapping fields, `_source` keys) must never reach `Object.prototype`: in a plain
 * `{}` the names `constructor`, `toString` or `__proto__` name the prototype's members, and
 * writing `obj['__proto__'] = v` replaces the prototype (or, for nested writes, pollutes every
 * object in the process). These helpers are the one home for the null-prototype alternative:
 * a null-prototype object has no inherited members and treats `__proto__` as an ordinary key.
 */

/** An empty record with no prototype; `key in d`, `d[key]` and `d[key] = v` see own keys only. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A null-prototype copy of `src`'s own enumerable keys (or of `entries`). */
export function dictOf<T>(src: Readonly<Record<string, T>> | Iterable<readonly [string, T]> | undefined | null): Record<string, T> {
  const out = dict<T>();
  if (src === undefined || src === null) return out;
  if (isIterable(src)) {
    for (const [k, v] of src) out[k] = v;
    return out;
  }
  for (const k of Object.keys(src)) out[k] = src[k] as T;
  return out;
}

/** `obj[key]` when `key` is an own property of `obj`, else `undefined` (for fixed tables and parsed JSON). */
export function own<T>(obj: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return obj !== undefined && obj !== null && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * `obj[key] = value` with define semantics: on a plain object a `__proto__` key becomes an own
 * data property (as `JSON.parse` makes it) instead of replacing the prototype.
 */
export function putOwn(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A deep copy of JSON data in which every plain object has a null prototype. Arrays stay
 * arrays; class instances (number markers, Dates) are kept as they are.
 */
export function deepDict<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => deepDict(v)) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== null && proto !== Object.prototype) return value;
  const out = dict<unknown>();
  for (const k of Object.keys(value)) out[k] = deepDict((value as Record<string, unknown>)[k]);
  return out as T;
}

function isIterable<T>(v: unknown): v is Iterable<T> {
  return typeof (v as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}
