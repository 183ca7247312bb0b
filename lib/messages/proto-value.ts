/**
 * The schema's generic `Value` tree (schema.ts) and the JavaScript values it carries: parsed DSL
 * subtrees and other open-ended data that have no fixed shape. Exact both ways: numbers are
 * doubles (so NaN, the infinities and -0 survive), bigints int64, bytes bytes; objects keep their
 * key order and any key (a `__proto__` key stays data). What a Value cannot carry exactly is
 * refused with the path to it: a class instance (reader, error, `Map`, `Date`), a function, a
 * symbol, an array hole or `undefined` element, a bigint beyond int64. An `undefined` object
 * member is left out, as JSON leaves it out.
 */
/** Thrown when a message does not fit its schema; the message names the path and why. */
export class WireCodecError extends TypeError {}

/** Throw a {@link WireCodecError} for `path`. */
export function wireFail(path: string, why: string): never {
  throw new WireCodecError(`shard message does not fit its schema at ${path}: ${why}`);
}

/** A short description of a value for error messages. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') {
    const proto = Object.getPrototypeOf(v) as unknown;
    return proto === Object.prototype || proto === null ? 'an object' : `an instance of ${(v as object).constructor?.name ?? 'a class'}`;
  }
  return `a ${typeof v}`;
}

/** True for an object literal or a null-prototype object. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The plain wire object of the `Value` message for `v`. */
export function toValue(v: unknown, path: string): Record<string, unknown> {
  switch (typeof v) {
    case 'boolean':
      return { boolValue: v };
    case 'number':
      return { number: v };
    case 'string':
      return { stringValue: v };
    case 'bigint':
      if (v < INT64_MIN || v > INT64_MAX) wireFail(path, `the bigint ${v} is beyond int64`);
      // as the two 32-bit halves protobufjs writes (its LongBits), so no Long library is needed
      return { intValue: { low: Number(BigInt.asIntN(32, v)), high: Number(BigInt.asIntN(32, v >> 32n)) } };
    case 'object':
      break;
    default:
      return wireFail(path, describe(v));
  }
  if (v === null) return { nullValue: true };
  if (v instanceof Uint8Array) return { bytes: v };
  if (Array.isArray(v)) {
    const items: Array<Record<string, unknown>> = [];
    for (let i = 0; i < v.length; i++) {
      if (!(i in v) || v[i] === undefined) wireFail(`${path}[${i}]`, 'an undefined element');
      items.push(toValue(v[i], `${path}[${i}]`));
    }
    return { list: { items } };
  }
  if (!isPlainObject(v)) return wireFail(path, describe(v));
  if (Object.getOwnPropertySymbols(v).length > 0) wireFail(path, 'symbol keys');
  const entries: Array<Record<string, unknown>> = [];
  for (const key of Object.keys(v)) {
    const x = v[key];
    if (x !== undefined) entries.push({ key, value: toValue(x, `${path}.${key}`) });
  }
  return { map: { entries } };
}

/** The JavaScript value of a decoded `Value` message. */
export function fromValue(m: Record<string, unknown>): unknown {
  if (Object.hasOwn(m, 'nullValue')) return null;
  if (Object.hasOwn(m, 'boolValue')) return m['boolValue'];
  if (Object.hasOwn(m, 'number')) return m['number'];
  if (Object.hasOwn(m, 'stringValue')) return m['stringValue'];
  if (Object.hasOwn(m, 'intValue')) {
    // a Long (or {low, high} halves): rebuilt from the halves, exact over all of int64
    const l = m['intValue'] as { low: number; high: number } | number;
    if (typeof l === 'number') return BigInt(l);
    return (BigInt(l.high) << 32n) | BigInt(l.low >>> 0);
  }
  if (Object.hasOwn(m, 'bytes')) return m['bytes'];
  if (Object.hasOwn(m, 'list')) return ((m['list'] as { items?: Array<Record<string, unknown>> }).items ?? []).map(fromValue);
  if (Object.hasOwn(m, 'map')) {
    const out: Record<string, unknown> = {};
    for (const e of (m['map'] as { entries?: Array<{ key: string; value?: Record<string, unknown> }> }).entries ?? []) {
      // defined, not assigned: a `__proto__` key is data, as JSON.parse makes it
      Object.defineProperty(out, e.key, { value: e.value ? fromValue(e.value) : null, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return wireFail('$', 'a Value with no value set');
}
