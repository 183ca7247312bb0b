/**
 * JSON forms of the values that cross the shard boundary but are not JSON as they stand: numbers
 * JSON cannot write (NaN, the infinities, -0) and rendered hit parts that carry how a number is
 * printed (`JsonFloat` `1.0`, `JsonDouble`) or a stored `_source` copied byte for byte
 * (`RawJson`). Each has one explicit encoding here, so messages stay plain JSON data and a
 * class instance can never slip across unnoticed: {@link encodeRendered} refuses any other.
 */
import { JsonDouble, JsonFloat, RawJson } from '../units/java-number.js';
import { dict } from '../dict.js';

/** A JSON value. */
export type WireJson = null | boolean | number | string | WireJson[] | { [k: string]: WireJson };

/** A number on the wire: finite numbers as they are, the others by name. */
export type WireNumber = number | 'NaN' | 'Infinity' | '-Infinity' | '-0';

/** The wire form of any number. */
export function toWireNumber(n: number): WireNumber {
  if (Number.isFinite(n)) return Object.is(n, -0) ? '-0' : n;
  return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
}

/** The number of a {@link WireNumber}. */
export function fromWireNumber(w: WireNumber): number {
  return typeof w === 'number' ? w : w === '-0' ? -0 : Number(w);
}

/** A sort value on the wire: strings and null as they are, numbers as {@link WireNumber}s in `{n}`. */
export type WireSortValue = string | null | number | { n: Exclude<WireNumber, number> };

export function toWireSortValue(v: number | string | null): WireSortValue {
  if (typeof v !== 'number') return v;
  const w = toWireNumber(v);
  return typeof w === 'number' ? w : { n: w };
}

export function fromWireSortValue(w: WireSortValue): number | string | null {
  return w !== null && typeof w === 'object' ? fromWireNumber(w.n) : w;
}

/**
 * A rendered value (hit, `_explanation`, script field values) as JSON: `{"$raw": text}`,
 * `{"$float": n}`, `{"$double": n}` and `{"$num": "NaN"}` stand for the printing classes and
 * unwritable numbers; an object key starting with `$` gets one more `$` so data never reads as
 * a tag. `undefined` members are dropped, as every renderer drops them.
 */
export function encodeRendered(v: unknown): WireJson {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') {
    const w = toWireNumber(v);
    return typeof w === 'number' ? w : { $num: w };
  }
  if (typeof v !== 'object') throw new TypeError(`not a rendered value: ${typeof v}`);
  if (Array.isArray(v)) return v.map((x) => encodeRendered(x === undefined ? null : x));
  if (v instanceof RawJson) return { $raw: v.text };
  if (v instanceof JsonFloat) return { $float: encodeRendered(v.value) };
  if (v instanceof JsonDouble) return { $double: encodeRendered(v.value) };
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new TypeError(`not a rendered value: ${(v as object).constructor?.name ?? 'object'}`);
  const out: { [k: string]: WireJson } = {};
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (x === undefined) continue;
    const key = k.charCodeAt(0) === 36 /* $ */ ? `$${k}` : k;
    // a `__proto__` key is data: defined, not assigned (every hit renders here, so only that key pays for it)
    if (key === '__proto__') Object.defineProperty(out, key, { value: encodeRendered(x), enumerable: true, writable: true, configurable: true });
    else out[key] = encodeRendered(x);
  }
  return out;
}

/** The rendered value of {@link encodeRendered}'s JSON; objects come back without a prototype. */
export function decodeRendered(w: WireJson): unknown {
  if (w === null || typeof w !== 'object') return w;
  if (Array.isArray(w)) return w.map(decodeRendered);
  const keys = Object.keys(w);
  if (keys.length === 1) {
    const k = keys[0] as string;
    const x = w[k] as WireJson;
    if (k === '$raw') return new RawJson(x as string);
    if (k === '$float') return new JsonFloat(decodeRendered(x) as number);
    if (k === '$double') return new JsonDouble(decodeRendered(x) as number);
    if (k === '$num') return fromWireNumber(x as WireNumber);
  }
  const out = dict<unknown>();
  for (const k of keys) out[k.startsWith('$') ? k.slice(1) : k] = decodeRendered(w[k] as WireJson);
  return out;
}
