/**
 * Tokenizer of Lucene 6.6's classic query syntax (the `TOKEN` section of `QueryParser.jj`),
 * with JavaCC's rules: longest match wins, ties go to the token declared first, and three
 * lexical states (DEFAULT, Boost after `^`, Range inside `[`/`{`).
 */
import { EsError } from '../../errors/errors.js';
import { addEscapes } from './errors.js';

/** Token kinds (indices into `TOKEN_IMAGE`). */
export const K = {
  EOF: 0,
  AND: 8,
  OR: 9,
  NOT: 10,
  PLUS: 11,
  MINUS: 12,
  BAREOPER: 13,
  LPAREN: 14,
  RPAREN: 15,
  COLON: 16,
  STAR: 17,
  CARAT: 18,
  QUOTED: 19,
  TERM: 20,
  FUZZY_SLOP: 21,
  PREFIXTERM: 22,
  WILDTERM: 23,
  REGEXPTERM: 24,
  RANGEIN_START: 25,
  RANGEEX_START: 26,
  NUMBER: 27,
  RANGE_TO: 28,
  RANGEIN_END: 29,
  RANGEEX_END: 30,
  RANGE_QUOTED: 31,
  RANGE_GOOP: 32,
} as const;

/** One token; `begin` is its 0-based offset (Lucene reports it as the "column"). */
export interface Token {
  kind: number;
  image: string;
  begin: number;
}

type LexState = 'DEFAULT' | 'Boost' | 'Range';

const WS = new Set([' ', '\t', '\n', '\r', '\u3000']);
const NOT_TERM_START = new Set([' ', '\t', '\n', '\r', '\u3000', '+', '-', '!', '(', ')', ':', '^', '[', ']', '"', '{', '}', '~', '*', '?', '\\', '/']);

/** Pulls tokens on demand, tracking the lexical state as JavaCC's token manager does. */
export class Lexer {
  private pos = 0;
  private state: LexState = 'DEFAULT';

  constructor(private readonly text: string) {}

  /** Next token; throws a `token_mgr_error` EsError when no token matches. */
  next(): Token {
    const s = this.text;
    if (this.state !== 'Boost') while (this.pos < s.length && WS.has(s[this.pos] as string)) this.pos++;
    const start = this.pos;
    if (start >= s.length) return { kind: K.EOF, image: '', begin: s.length };
    const m = this.state === 'DEFAULT' ? this.matchDefault(start) : this.state === 'Boost' ? this.matchBoost(start) : this.matchRange(start);
    if (!m) throw this.lexicalError(start);
    this.pos = start + m.len;
    if (m.kind === K.CARAT) this.state = 'Boost';
    else if (m.kind === K.NUMBER) this.state = 'DEFAULT';
    else if (m.kind === K.RANGEIN_START || m.kind === K.RANGEEX_START) this.state = 'Range';
    else if (m.kind === K.RANGEIN_END || m.kind === K.RANGEEX_END) this.state = 'DEFAULT';
    return { kind: m.kind, image: s.slice(start, start + m.len), begin: start };
  }

  /** Length of an escaped char (`\x`) or a term-start char at i, 0 if neither. */
  private termStartLen(i: number): number {
    const c = this.text[i];
    if (c === undefined) return 0;
    if (c === '\\') return i + 1 < this.text.length ? 2 : 0;
    return NOT_TERM_START.has(c) ? 0 : 1;
  }

  private termCharLen(i: number): number {
    const c = this.text[i];
    if (c === '-' || c === '+') return 1;
    return this.termStartLen(i);
  }

  private matchDefault(i: number): { kind: number; len: number } | undefined {
    const s = this.text;
    const cands: { kind: number; len: number }[] = [];
    const add = (kind: number, len: number): void => {
      if (len > 0) cands.push({ kind, len });
    };
    if (s.startsWith('AND', i) || s.startsWith('&&', i)) add(K.AND, s.startsWith('AND', i) ? 3 : 2);
    if (s.startsWith('OR', i) || s.startsWith('||', i)) add(K.OR, 2);
    if (s.startsWith('NOT', i)) add(K.NOT, 3);
    else if (s[i] === '!') add(K.NOT, 1);
    const c = s[i] as string;
    if (c === '+') add(K.PLUS, 1);
    if (c === '-') add(K.MINUS, 1);
    if ((c === '+' || c === '-' || c === '!') && WS.has(s[i + 1] ?? '')) add(K.BAREOPER, 2);
    if (c === '(') add(K.LPAREN, 1);
    if (c === ')') add(K.RPAREN, 1);
    if (c === ':') add(K.COLON, 1);
    if (c === '*') add(K.STAR, 1);
    if (c === '^') add(K.CARAT, 1);
    if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? (j + 1 < s.length ? 2 : s.length) : 1;
      if (j < s.length && s[j] === '"') add(K.QUOTED, j + 1 - i);
    }
    // TERM: termStart termChar*
    const ts = this.termStartLen(i);
    let termLen = 0;
    if (ts > 0) {
      let j = i + ts;
      for (let l = this.termCharLen(j); l > 0; l = this.termCharLen(j)) j += l;
      termLen = j - i;
      add(K.TERM, termLen);
    }
    // FUZZY_SLOP: "~" ( digits+ ("." digits+)? termChar* | termChar* )
    if (c === '~') {
      let j = i + 1;
      for (let l = this.termCharLen(j); l > 0; l = this.termCharLen(j)) j += l;
      let best = j - i;
      // the digits-with-fraction branch can additionally take a "." the termChar branch cannot
      const d = /^(\d+)(\.\d+)?/.exec(s.slice(i + 1));
      if (d) {
        let k = i + 1 + d[0].length;
        for (let l = this.termCharLen(k); l > 0; l = this.termCharLen(k)) k += l;
        best = Math.max(best, k - i);
      }
      add(K.FUZZY_SLOP, best);
    }
    // PREFIXTERM: "*" | termStart termChar* "*"
    if (c === '*') add(K.PREFIXTERM, 1);
    if (termLen > 0 && s[i + termLen] === '*') add(K.PREFIXTERM, termLen + 1);
    // WILDTERM: (termStart | [*?]) (termChar | [*?])*
    {
      let j = i;
      const first = ts > 0 ? ts : c === '*' || c === '?' ? 1 : 0;
      if (first > 0) {
        j += first;
        for (;;) {
          const ch = s[j];
          if (ch === '*' || ch === '?') j++;
          else {
            const l = this.termCharLen(j);
            if (l === 0) break;
            j += l;
          }
        }
        add(K.WILDTERM, j - i);
      }
    }
    // REGEXPTERM: "/" (~["/"] | "\\/")* "/"
    if (c === '/') {
      let j = i + 1;
      while (j < s.length) {
        if (s[j] === '\\' && s[j + 1] === '/') j += 2;
        else if (s[j] === '/') break;
        else j++;
      }
      if (j < s.length) add(K.REGEXPTERM, j + 1 - i);
    }
    if (c === '[') add(K.RANGEIN_START, 1);
    if (c === '{') add(K.RANGEEX_START, 1);
    return pickLongest(cands);
  }

  private matchBoost(i: number): { kind: number; len: number } | undefined {
    const d = /^\d+(\.\d+)?/.exec(this.text.slice(i));
    return d ? { kind: K.NUMBER, len: d[0].length } : undefined;
  }

  private matchRange(i: number): { kind: number; len: number } | undefined {
    const s = this.text;
    const cands: { kind: number; len: number }[] = [];
    if (s.startsWith('TO', i)) cands.push({ kind: K.RANGE_TO, len: 2 });
    if (s[i] === ']') cands.push({ kind: K.RANGEIN_END, len: 1 });
    if (s[i] === '}') cands.push({ kind: K.RANGEEX_END, len: 1 });
    if (s[i] === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' && s[j + 1] === '"' ? 2 : 1;
      if (j < s.length && j > i + 1) cands.push({ kind: K.RANGE_QUOTED, len: j + 1 - i });
    }
    let j = i;
    while (j < s.length && s[j] !== ' ' && s[j] !== ']' && s[j] !== '}') j++;
    if (j > i) cands.push({ kind: K.RANGE_GOOP, len: j - i });
    return pickLongest(cands);
  }

  /** JavaCC `TokenMgrError` for the text at `start`. */
  private lexicalError(start: number): EsError {
    const s = this.text;
    // An unterminated quote or trailing escape consumes to the end; a lone bad char does not.
    const c = s[start] as string;
    let msg: string;
    if (c === '"' || c === '\\') {
      msg = `Lexical error at line 1, column ${s.length + 1}.  Encountered: <EOF> after : "${addEscapes(s.slice(start))}"`;
    } else if (start + 1 >= s.length) {
      msg = `Lexical error at line 1, column ${start + 2}.  Encountered: <EOF> after : ""`;
    } else {
      msg = `Lexical error at line 1, column ${start + 1}.  Encountered: "${addEscapes(c)}" (${c.charCodeAt(0)}), after : ""`;
    }
    return new EsError('token_mgr_error', 400, msg);
  }
}

function pickLongest(cands: { kind: number; len: number }[]): { kind: number; len: number } | undefined {
  let best: { kind: number; len: number } | undefined;
  for (const c of cands) if (!best || c.len > best.len) best = c; // first declared wins ties
  return best;
}
