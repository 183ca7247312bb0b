/**
 * A tiny XContent writer: the value tree ES 5.6's `XContentBuilder` would emit, and its two
 * printed forms — compact JSON and Jackson's pretty print as ES configures it
 * (`JsonXContentGenerator.usePrettyPrint`: `DefaultPrettyPrinter` with a two-space, `\n`
 * indenter for objects AND arrays, `" : "` between name and value, `{ }`/`[ ]` when empty).
 *
 * JSON numbers cannot say whether ES wrote a Java `float`, `double` or `int`; ES prints a float
 * boost of 1 as `1.0`. So numbers are tagged with lib/units/java-number.ts's markers
 * ({@link jfloat}, {@link jdouble}); a bare JS number prints as a Java integer. {@link toPlain}
 * hands the tree to the REST writers (which know the markers) for a response body.
 */
import { JsonDouble, JsonFloat, javaDoubleToString, javaFloatToString } from '../../units/java-number.js';
import { quoteString } from '../../units/json-string.js';
import { dict } from '../../dict.js';


/** One node of the value tree. Objects are `Map`s (insertion order = ES's field order). */
export type XNode = string | boolean | null | number | JsonFloat | JsonDouble | XNode[] | XObject;

/** An object node. */
export type XObject = Map<string, XNode>;

/** Tag a number as a Java float. */
export function jfloat(v: number): JsonFloat {
  return new JsonFloat(v);
}

/** Tag a number as a Java double. */
export function jdouble(v: number): JsonDouble {
  return new JsonDouble(v);
}

/** A new object node from ordered entries; entries whose value is `undefined` are skipped. */
export function obj(...entries: Array<[string, XNode | undefined]>): XObject {
  const m: XObject = new Map();
  for (const [k, v] of entries) if (v !== undefined) m.set(k, v);
  return m;
}

/**
 * A parsed JSON value as `builder.map(...)`/`copyCurrentStructure` writes it: Jackson parsed
 * integral numbers as Integer/Long and others as Double (a `1.0` in the request is lost by
 * `JSON.parse` and prints as `1`).
 */
export function fromJson(v: unknown): XNode {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? v : jdouble(v);
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object') {
    const m: XObject = new Map();
    for (const [k, e] of Object.entries(v as Record<string, unknown>)) m.set(k, fromJson(e));
    return m;
  }
  return String(v);
}

function scalar(n: XNode): string | undefined {
  if (n === null) return 'null';
  if (typeof n === 'string') return quoteString(n);
  if (typeof n === 'boolean') return n ? 'true' : 'false';
  // a JS number is a Java int/long; a fraction can only come from a lossy source: print as double
  if (typeof n === 'number') return Number.isInteger(n) ? String(n) : javaDoubleToString(n);
  if (n instanceof JsonFloat) return javaFloatToString(n.value);
  if (n instanceof JsonDouble) return javaDoubleToString(n.value);
  return undefined;
}

/** Compact JSON (`Strings.toString(x)` / `XContentBuilder.string()` without pretty print). */
export function toCompact(n: XNode): string {
  const s = scalar(n);
  if (s !== undefined) return s;
  if (Array.isArray(n)) return `[${n.map(toCompact).join(',')}]`;
  const parts: string[] = [];
  for (const [k, v] of n as XObject) parts.push(`${quoteString(k)}:${toCompact(v)}`);
  return `{${parts.join(',')}}`;
}

/** Jackson pretty print as ES sets it up (no trailing line feed, as `Strings.toString(x, true, …)`). */
export function toPretty(n: XNode, indent = ''): string {
  const s = scalar(n);
  if (s !== undefined) return s;
  const inner = `${indent}  `;
  if (Array.isArray(n)) {
    if (n.length === 0) return '[ ]';
    return `[\n${n.map((e) => inner + toPretty(e, inner)).join(',\n')}\n${indent}]`;
  }
  const o = n as XObject;
  if (o.size === 0) return '{ }';
  const parts: string[] = [];
  for (const [k, v] of o) parts.push(`${inner}${quoteString(k)} : ${toPretty(v, inner)}`);
  return `{\n${parts.join(',\n')}\n${indent}}`;
}

/**
 * The tree as a response-body value for the REST writers: objects become null-prototype records
 * (their keys are user input), float/double markers stay (the writers print them the Java way).
 */
export function toPlain(n: XNode): unknown {
  if (Array.isArray(n)) return n.map(toPlain);
  if (n instanceof Map) {
    const o: Record<string, unknown> = dict();
    for (const [k, v] of n) o[k] = toPlain(v);
    return o;
  }
  return n;
}
