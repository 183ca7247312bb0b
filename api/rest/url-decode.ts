/**
 * URL decoding exactly as ES 5.6 `RestUtils`: `+` is a space (in paths too), `%%` is `%`,
 * malformed escapes throw `illegal_argument_exception`, and the query string is split on `&`
 * and `;` with the last value of a repeated name winning. Decoding is UTF-8 over the bytes.
 */
import { illegalArgument } from '../../lib/errors/errors.js';

/** `RestUtils.decodeComponent`: returns `s` untouched when it holds no `%` or `+`. */
export function decodeComponent(s: string): string {
  if (!needsDecoding(s)) return s;
  const size = s.length;
  const buf = Buffer.allocUnsafe(size * 3);
  let pos = 0;
  for (let i = 0; i < size; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2b /* + */) {
      buf[pos++] = 0x20;
    } else if (c === 0x25 /* % */) {
      if (i === size - 1) throw illegalArgument(`unterminated escape sequence at end of string: ${s}`);
      const c1 = s.charAt(++i);
      if (c1 === '%') {
        buf[pos++] = 0x25;
        continue;
      }
      if (i === size - 1) throw illegalArgument(`partial escape sequence at end of string: ${s}`);
      const hi = hexNibble(c1);
      const lo = hexNibble(s.charAt(++i));
      if (hi < 0 || lo < 0) {
        throw illegalArgument(`invalid escape sequence \`%${s.charAt(i - 1)}${s.charAt(i)}' at index ${i - 2} of: ${s}`);
      }
      buf[pos++] = hi * 16 + lo;
    } else if (c < 0x80) {
      buf[pos++] = c;
    } else {
      // Java casts the char to a byte here; raw non-ASCII in a URL is already UTF-8 decoded by
      // Node, so re-encode it to keep it intact.
      pos += buf.write(s[i] ?? '', pos, 'utf8');
    }
  }
  return buf.toString('utf8', 0, pos);
}

function needsDecoding(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25 || c === 0x2b) return true;
  }
  return false;
}

function hexNibble(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** `RestUtils.decodeQueryString`: parameters of `s` after `fromIndex` (stops at `#`). */
export function decodeQueryString(s: string, fromIndex: number, params: Map<string, string>): void {
  if (fromIndex < 0 || fromIndex >= s.length) return;
  const hash = s.indexOf('#');
  const end = hash >= 0 ? hash : s.length;
  let name: string | null = null;
  let pos = fromIndex;
  let i: number;
  for (i = fromIndex; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3d /* = */ && name === null) {
      if (pos !== i) name = decodeComponent(s.substring(pos, i));
      pos = i + 1;
    } else if (c === 0x26 /* & */ || c === 0x3b /* ; */) {
      if (name === null && pos !== i) {
        params.set(decodeComponent(s.substring(pos, i)), '');
      } else if (name !== null) {
        params.set(name, decodeComponent(s.substring(pos, i)));
        name = null;
      }
      pos = i + 1;
    }
  }
  if (pos !== i) {
    if (name === null) params.set(decodeComponent(s.substring(pos, i)), '');
    else params.set(name, decodeComponent(s.substring(pos, i)));
  } else if (name !== null) {
    params.set(name, '');
  }
}

/** Java `String.split(sep)` for a one-character separator: trailing empty strings removed. */
export function javaSplit(s: string, sep: string): string[] {
  if (s.length === 0) return [''];
  const parts = s.split(sep);
  let n = parts.length;
  while (n > 0 && parts[n - 1] === '') n--;
  return parts.slice(0, n);
}
