/**
 * JSON output as ES 5.6's Jackson generator writes it. Compact by default; `pretty` uses
 * Jackson's `DefaultPrettyPrinter` as ES configures it (2-space indent, line feeds in objects
 * and arrays, `"key" : value`, empty containers as `{ }` and `[ ]`, a final line feed).
 * Values: plain JSON data plus the markers from lib/units (`JsonDouble`, `JsonFloat` rendered
 * with Java's number text, `RawJson` copied verbatim in compact mode). `undefined` members are
 * skipped like JSON.stringify does; objects with `toJSON` (Dates) are converted first. Only own
 * enumerable keys are written (null-prototype records included), never inherited ones.
 */
import { JsonDouble, JsonFloat, RawJson, javaDoubleToString, javaFloatToString } from '../../lib/units/java-number.js';
import { quoteString } from '../../lib/units/json-string.js';

/** Serialize `value`; `pretty` adds indentation and the trailing line feed ES adds. */
export function writeJson(value: unknown, pretty: boolean): string {
  if (pretty) {
    const parts: string[] = [];
    writePretty(value, 0, parts);
    parts.push('\n');
    return parts.join('');
  }
  // Plain data (most bodies: a bulk response's items, stats) is what JSON.stringify writes, as
  // Jackson would, unless a string needed a control-character escape (hex case differs).
  if (isPlain(value)) {
    const fast = JSON.stringify(value);
    if (fast !== undefined && !fast.includes('\\u00')) return fast;
  }
  const parts: string[] = [];
  writeCompact(value, parts);
  return parts.join('');
}

/**
 * Whether JSON.stringify writes `value` as {@link writeCompact} does: no markers (`RawJson`,
 * `JsonDouble`, `JsonFloat`), no `toJSON`, bigint or symbol anywhere in it.
 */
function isPlain(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'function':
      return true;
    case 'bigint':
    case 'symbol':
      return false;
  }
  if (value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlain(value[i])) return false;
    return true;
  }
  if (value instanceof RawJson || value instanceof JsonDouble || value instanceof JsonFloat) return false;
  const obj = value as Record<string, unknown>;
  if (typeof obj.toJSON === 'function') return false;
  for (const key of Object.keys(obj)) if (!isPlain(obj[key])) return false;
  return true;
}

export { quoteString };

function numberText(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

function writeCompact(value: unknown, out: string[]): void {
  switch (typeof value) {
    case 'string':
      out.push(quoteString(value));
      return;
    case 'number':
      out.push(numberText(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'bigint':
      out.push(value.toString());
      return;
    case 'undefined':
    case 'function':
    case 'symbol':
      out.push('null');
      return;
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      writeCompact(value[i], out);
    }
    out.push(']');
    return;
  }
  if (value instanceof RawJson) {
    out.push(value.text);
    return;
  }
  if (value instanceof JsonDouble) {
    out.push(Number.isFinite(value.value) ? javaDoubleToString(value.value) : 'null');
    return;
  }
  if (value instanceof JsonFloat) {
    out.push(Number.isFinite(value.value) ? javaFloatToString(value.value) : 'null');
    return;
  }
  const obj = value as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof obj.toJSON === 'function') {
    writeCompact(obj.toJSON(), out);
    return;
  }
  out.push('{');
  let first = true;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (v === undefined || typeof v === 'function') continue;
    if (!first) out.push(',');
    first = false;
    out.push(quoteString(key), ':');
    writeCompact(v, out);
  }
  out.push('}');
}

function indent(level: number): string {
  return '\n' + '  '.repeat(level);
}

function writePretty(value: unknown, level: number, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    writeCompact(value, out);
    return;
  }
  if (value instanceof RawJson) {
    writePretty(value.value(), level, out);
    return;
  }
  if (value instanceof JsonDouble || value instanceof JsonFloat) {
    writeCompact(value, out);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[ ]');
      return;
    }
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      out.push(indent(level + 1));
      writePretty(value[i], level + 1, out);
    }
    out.push(indent(level), ']');
    return;
  }
  const obj = value as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof obj.toJSON === 'function') {
    writePretty(obj.toJSON(), level, out);
    return;
  }
  let count = 0;
  out.push('{');
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (v === undefined || typeof v === 'function') continue;
    if (count > 0) out.push(',');
    count++;
    out.push(indent(level + 1), quoteString(key), ' : ');
    writePretty(v, level + 1, out);
  }
  if (count === 0) out.push(' }');
  else out.push(indent(level), '}');
}
