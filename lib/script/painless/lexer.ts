/**
 * Painless lexer (the token set of ES 5.6 `PainlessLexer.g4` that the supported subset uses).
 * A `/` starts a regex literal only where an operand is expected (after an operator, `(`, `,`,
 * `=`...), as Painless's lexer decides with its `slashIsRegex` predicate.
 */
import { JavaError } from '../errors.js';

/** Token classes. */
export type TokenKind = 'num' | 'str' | 'regex' | 'id' | 'punct' | 'eof';

/** A token with its source offset. */
export interface Token {
  kind: TokenKind;
  /** Identifier/punctuation text; string contents (unescaped); number text. */
  text: string;
  /** Offset in the source. */
  pos: number;
  /** Regex flags for `regex` tokens. */
  flags?: string;
}

/** Punctuation, longest first so the scanner takes the longest match. */
const PUNCT = [
  '>>>=', '===', '!==', '>>>', '<<=', '>>=', '==~', '?.',
  '==', '!=', '<=', '>=', '&&', '||', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=',
  '<<', '>>', '->', '::', '=~', '?:',
  '{', '}', '[', ']', '(', ')', '.', ',', ';', '+', '-', '*', '/', '%', '<', '>', '=', '!', '~',
  '&', '|', '^', '?', ':',
];

/** A lexer error (`unexpected character`), raised as Painless's IAE with the offset. */
function lexError(reason: string, pos: number): JavaError {
  return new JavaError('illegal_argument_exception', reason, pos);
}

const isIdStart = (c: string): boolean => /[A-Za-z_]/.test(c);
const isIdPart = (c: string): boolean => /[A-Za-z0-9_]/.test(c);

/** Whether a `/` after `prev` begins a regex (no operand precedes it). */
function slashIsRegex(prev: Token | undefined): boolean {
  if (!prev) return true;
  if (prev.kind === 'num' || prev.kind === 'str' || prev.kind === 'regex') return false;
  if (prev.kind === 'id') return ['return', 'new', 'instanceof'].includes(prev.text);
  return ![')', ']', '}', '++', '--'].includes(prev.text);
}

/** Tokenize Painless source. Throws a {@link JavaError} (IAE) on an unexpected character. */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    const start = i;
    if (isIdStart(c)) {
      while (i < n && isIdPart(src[i]!)) i++;
      out.push({ kind: 'id', text: src.slice(start, i), pos: start });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      if (c === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
        i += 2;
        while (i < n && /[0-9a-fA-F]/.test(src[i]!)) i++;
        if (src[i] === 'l' || src[i] === 'L') i++;
      } else {
        while (i < n && /[0-9]/.test(src[i]!)) i++;
        if (src[i] === '.' && /[0-9]/.test(src[i + 1] ?? '')) {
          i++;
          while (i < n && /[0-9]/.test(src[i]!)) i++;
        } else if (src[i] === '.' && !isIdStart(src[i + 1] ?? '') && src[i + 1] !== '.') {
          i++;
        }
        if (src[i] === 'e' || src[i] === 'E') {
          let j = i + 1;
          if (src[j] === '+' || src[j] === '-') j++;
          if (/[0-9]/.test(src[j] ?? '')) {
            i = j;
            while (i < n && /[0-9]/.test(src[i]!)) i++;
          }
        }
        if (/[lLfFdD]/.test(src[i] ?? '')) i++;
      }
      out.push({ kind: 'num', text: src.slice(start, i), pos: start });
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      let s = '';
      for (;;) {
        if (i >= n) throw lexError(`unexpected character [${src.slice(start)}].`, start);
        const ch = src[i]!;
        if (ch === c) {
          i++;
          break;
        }
        if (ch === '\\') {
          const e = src[i + 1];
          // Painless strings only escape the quote and the backslash
          if (e === c || e === '\\') {
            s += e;
            i += 2;
            continue;
          }
          throw lexError(`unexpected character [${src.slice(start, i + 2)}].`, start);
        }
        s += ch;
        i++;
      }
      out.push({ kind: 'str', text: s, pos: start });
      continue;
    }
    if (c === '/' && slashIsRegex(out[out.length - 1])) {
      i++;
      let s = '';
      for (;;) {
        if (i >= n || src[i] === '\n') throw lexError(`unexpected character [${src.slice(start, i)}].`, start);
        const ch = src[i]!;
        if (ch === '/') {
          i++;
          break;
        }
        if (ch === '\\' && i + 1 < n) {
          s += ch + src[i + 1];
          i += 2;
          continue;
        }
        s += ch;
        i++;
      }
      const fs = i;
      while (i < n && /[cilmsUux]/.test(src[i]!)) i++;
      out.push({ kind: 'regex', text: s, pos: start, flags: src.slice(fs, i) });
      continue;
    }
    const p = PUNCT.find((q) => src.startsWith(q, i));
    if (!p) throw lexError(`unexpected character [${c}].`, start);
    out.push({ kind: 'punct', text: p, pos: start });
    i += p.length;
  }
  out.push({ kind: 'eof', text: '<EOF>', pos: n });
  return out;
}
