/**
 * YAML output as ES 5.6 writes it with Jackson's YAMLGenerator (SnakeYAML emitter, block
 * style): a `---` document start, string values always double-quoted, keys plain when plain is
 * safe (else single-quoted), sequences inside mappings not indented (`key:\n- item`), empty
 * containers as `{}` / `[]`, doubles in Java's text (`50.0`).
 *
 * Written by hand rather than with js-yaml's `dump`: js-yaml quotes differently, folds long
 * strings and cannot render the Java number markers. Known gap: SnakeYAML folds double-quoted
 * strings longer than 80 columns; this writer never folds (a YAML reader sees the same value).
 */
import { JsonDouble, JsonFloat, RawJson, javaDoubleToString, javaFloatToString } from '../../lib/units/java-number.js';

/** Render `value` as a YAML document. */
export function writeYaml(value: unknown): string {
  const out: string[] = ['---'];
  const v = normalize(value);
  if (isContainer(v) && !isEmptyContainer(v)) {
    out.push('\n');
    writeBlock(v, 0, out);
  } else {
    out.push(' ', scalar(v), '\n');
  }
  return out.join('');
}

function normalize(v: unknown): unknown {
  if (v instanceof RawJson) return v.value();
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonDouble) && !(v instanceof JsonFloat)) {
    const o = v as { toJSON?: () => unknown };
    if (typeof o.toJSON === 'function') return o.toJSON();
  }
  return v;
}

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return v !== null && typeof v === 'object' && !(v instanceof JsonDouble) && !(v instanceof JsonFloat);
}

function entries(v: Record<string, unknown>): Array<[string, unknown]> {
  const res: Array<[string, unknown]> = [];
  for (const k of Object.keys(v)) {
    const val = v[k];
    if (val !== undefined && typeof val !== 'function') res.push([k, normalize(val)]);
  }
  return res;
}

function isEmptyContainer(v: Record<string, unknown> | unknown[]): boolean {
  return Array.isArray(v) ? v.length === 0 : entries(v).length === 0;
}

/** Write a non-empty container whose first line starts at the current position. */
function writeBlock(v: Record<string, unknown> | unknown[], level: number, out: string[], inlineFirst = false): void {
  const pad = '  '.repeat(level);
  if (Array.isArray(v)) {
    v.forEach((raw, i) => {
      const item = normalize(raw);
      if (!(i === 0 && inlineFirst)) out.push(pad);
      out.push('-');
      if (isContainer(item) && !isEmptyContainer(item)) {
        out.push(' ');
        writeBlock(item, level + 1, out, true);
      } else {
        out.push(' ', scalar(item), '\n');
      }
    });
    return;
  }
  entries(v).forEach(([k, item], i) => {
    if (!(i === 0 && inlineFirst)) out.push(pad);
    out.push(key(k), ':');
    if (isContainer(item) && !isEmptyContainer(item)) {
      out.push('\n');
      // SnakeYAML writes a sequence under a mapping key without extra indentation.
      writeBlock(item, Array.isArray(item) ? level : level + 1, out);
    } else {
      out.push(' ', scalar(item), '\n');
    }
  });
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.\-/]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n|~)$/i;

function key(k: string): string {
  if (PLAIN_KEY.test(k) && !RESERVED.test(k)) return k;
  if (/^[0-9][0-9_.\-]*$/.test(k) || RESERVED.test(k) || /^[A-Za-z0-9_.\-/ ]+$/.test(k)) {
    return /[ ]$/.test(k) || /^[ ]/.test(k) ? doubleQuoted(k) : `'${k.replace(/'/g, "''")}'`;
  }
  return doubleQuoted(k);
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return doubleQuoted(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v !== v ? '.NaN' : v > 0 ? '.inf' : '-.inf';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof JsonDouble) return javaDoubleToString(v.value);
  if (v instanceof JsonFloat) return javaFloatToString(v.value);
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object') return '{}';
  return doubleQuoted(String(v));
}

const ESCAPES: Record<number, string> = {
  0: '\\0',
  7: '\\a',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
  27: '\\e',
  34: '\\"',
  92: '\\\\',
  0x85: '\\N',
  0xa0: '\\_',
  0x2028: '\\L',
  0x2029: '\\P',
};

/** SnakeYAML's double-quoted style escaping. */
function doubleQuoted(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const esc = ESCAPES[c];
    if (esc !== undefined) out += esc;
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
    else if (c === 0xfeff) out += '\\uFEFF';
    else out += s.charAt(i);
  }
  return out + '"';
}
