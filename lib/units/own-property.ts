/**
 * Own-property access for maps parsed from user JSON. `JSON.parse` makes `__proto__` an own key;
 * reading `obj['__proto__']` or assigning to it instead reaches the prototype, and a deep merge or
 * a path walk through it then writes into Object.prototype for the whole process.
 */

/** `obj[key]` if it is an own property, else undefined. */
export function getOwn(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Set an own, enumerable property (also for the key `__proto__`). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}
