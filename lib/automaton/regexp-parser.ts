/**
 * Lucene 6.6 `RegExp` syntax, parsed to a tree. The grammar (Lucene's recursive descent):
 *
 *     union  := inter ('|' union)?              inter := concat ('&' inter)?      [INTERSECTION]
 *     concat := repeat concat?                  repeat := compl ('?' | '*' | '+' | '{n}' | '{n,}' | '{n,m}')*
 *     compl  := '~' compl [COMPLEMENT] | class  class  := '[' '^'? (char ('-' char)?)+ ']' | simple
 *     simple := '.' | '#' [EMPTY] | '@' [ANYSTRING] | '"' literal '"' | '(' ')' | '(' union ')'
 *             | '<' name '>' [AUTOMATON] | '<' n '-' m '>' [INTERVAL] | char
 *     char   := '\'? any code point
 *
 * An operator whose flag is off is an ordinary character, and so is any character where the
 * grammar expects one (a leading `*` or `|`, a `^` or `$`): there are no anchors, the whole
 * term must match. Errors are Lucene's `IllegalArgumentException` messages, positions in UTF-16
 * units as Java counts them.
 */
import { illegalArgument } from '../errors/errors.js';

/** Lucene `RegExp` syntax flags (ES `RegexpFlag`). */
export const RegexpSyntax = {
  INTERSECTION: 0x0001,
  COMPLEMENT: 0x0002,
  EMPTY: 0x0004,
  ANYSTRING: 0x0008,
  AUTOMATON: 0x0010,
  INTERVAL: 0x0020,
  ALL: 0xffff,
  NONE: 0,
} as const;

/** A parsed Lucene regular expression. */
export type RegexpNode =
  | { k: 'union' | 'concat'; parts: RegexpNode[] }
  | { k: 'inter'; a: RegexpNode; b: RegexpNode }
  | { k: 'compl' | 'opt' | 'star'; a: RegexpNode }
  | { k: 'repeat'; a: RegexpNode; min: number; max: number /** -1: unbounded */ }
  | { k: 'range'; from: number; to: number }
  | { k: 'any' | 'empty' | 'anystring' }
  | { k: 'string'; s: string }
  | { k: 'named'; name: string }
  | { k: 'interval'; min: number; max: number; digits: number };

/** Deepest group nesting accepted (JavaScript's stack is smaller than the JVM's). */
const MAX_DEPTH = 500;

/** Parse `src` with syntax `flags`; throws ES's `illegal_argument_exception` with Lucene's message. */
export function parseRegexp(src: string, flags: number): RegexpNode {
  if (src.length === 0) return { k: 'string', s: '' };
  const p = new Parser(src, flags);
  const e = p.union(0);
  if (p.pos < src.length) throw illegalArgument(`end-of-string expected at position ${p.pos}`);
  return e;
}

class Parser {
  pos = 0;
  constructor(
    readonly b: string,
    readonly flags: number,
  ) {}

  private check(flag: number): boolean {
    return (this.flags & flag) !== 0;
  }

  private more(): boolean {
    return this.pos < this.b.length;
  }

  private peek(chars: string): boolean {
    return this.more() && chars.includes(String.fromCodePoint(this.b.codePointAt(this.pos) as number));
  }

  private match(c: string): boolean {
    if (!this.more() || this.b.codePointAt(this.pos) !== c.codePointAt(0)) return false;
    this.pos += c.length;
    return true;
  }

  private next(): number {
    if (!this.more()) throw illegalArgument('unexpected end-of-string');
    const c = this.b.codePointAt(this.pos) as number;
    this.pos += c > 0xffff ? 2 : 1;
    return c;
  }

  union(depth: number): RegexpNode {
    if (depth > MAX_DEPTH) throw illegalArgument(`regular expression nested deeper than ${MAX_DEPTH} groups at position ${this.pos}`);
    const parts = [this.inter(depth)];
    while (this.match('|')) parts.push(this.inter(depth));
    return parts.length === 1 ? (parts[0] as RegexpNode) : { k: 'union', parts };
  }

  private inter(depth: number): RegexpNode {
    const e = this.concat(depth);
    if (this.check(RegexpSyntax.INTERSECTION) && this.match('&')) return { k: 'inter', a: e, b: this.inter(depth) };
    return e;
  }

  private concat(depth: number): RegexpNode {
    const parts = [this.repeat(depth)];
    while (this.more() && !this.peek(')|') && !(this.check(RegexpSyntax.INTERSECTION) && this.peek('&'))) parts.push(this.repeat(depth));
    return parts.length === 1 ? (parts[0] as RegexpNode) : { k: 'concat', parts };
  }

  private repeat(depth: number): RegexpNode {
    let e = this.compl(depth);
    while (this.peek('?*+{')) {
      if (this.match('?')) e = { k: 'opt', a: e };
      else if (this.match('*')) e = { k: 'star', a: e };
      else if (this.match('+')) e = { k: 'repeat', a: e, min: 1, max: -1 };
      else if (this.match('{')) {
        const n = this.integer();
        let m = n;
        if (this.match(',')) m = this.peek('0123456789') ? this.integer() : -1;
        if (!this.match('}')) throw illegalArgument(`expected '}' at position ${this.pos}`);
        e = { k: 'repeat', a: e, min: n, max: m };
      }
    }
    return e;
  }

  private integer(): number {
    const start = this.pos;
    while (this.peek('0123456789')) this.next();
    if (start === this.pos) throw illegalArgument(`integer expected at position ${this.pos}`);
    return javaInt(this.b.slice(start, this.pos));
  }

  private compl(depth: number): RegexpNode {
    if (this.check(RegexpSyntax.COMPLEMENT) && this.match('~')) return { k: 'compl', a: this.compl(depth + 1) };
    return this.charClass(depth);
  }

  private charClass(depth: number): RegexpNode {
    if (!this.match('[')) return this.simple(depth);
    const negate = this.match('^');
    const parts = [this.classItem()];
    while (this.more() && !this.peek(']')) parts.push(this.classItem());
    let e: RegexpNode = parts.length === 1 ? (parts[0] as RegexpNode) : { k: 'union', parts };
    // Lucene: [^x] is "any single char" intersected with the complement of x
    if (negate) e = { k: 'inter', a: { k: 'any' }, b: { k: 'compl', a: e } };
    if (!this.match(']')) throw illegalArgument(`expected ']' at position ${this.pos}`);
    return e;
  }

  private classItem(): RegexpNode {
    const c = this.charExp();
    if (!this.match('-')) return { k: 'range', from: c, to: c };
    const to = this.charExp();
    if (c > to) throw illegalArgument(`invalid range: from (${c}) cannot be > to (${to})`);
    return { k: 'range', from: c, to };
  }

  private simple(depth: number): RegexpNode {
    if (this.match('.')) return { k: 'any' };
    if (this.check(RegexpSyntax.EMPTY) && this.match('#')) return { k: 'empty' };
    if (this.check(RegexpSyntax.ANYSTRING) && this.match('@')) return { k: 'anystring' };
    if (this.match('"')) {
      const start = this.pos;
      while (this.more() && !this.peek('"')) this.next();
      if (!this.match('"')) throw illegalArgument(`expected '"' at position ${this.pos}`);
      return { k: 'string', s: this.b.slice(start, this.pos - 1) };
    }
    if (this.match('(')) {
      if (this.match(')')) return { k: 'string', s: '' };
      const e = this.union(depth + 1);
      if (!this.match(')')) throw illegalArgument(`expected ')' at position ${this.pos}`);
      return e;
    }
    if ((this.check(RegexpSyntax.AUTOMATON) || this.check(RegexpSyntax.INTERVAL)) && this.match('<')) return this.angle();
    return { k: 'range', ...single(this.charExp()) };
  }

  /** `<name>` (a named automaton) or `<n-m>` (a decimal interval). */
  private angle(): RegexpNode {
    const start = this.pos;
    while (this.more() && !this.peek('>')) this.next();
    if (!this.match('>')) throw illegalArgument(`expected '>' at position ${this.pos}`);
    const s = this.b.slice(start, this.pos - 1);
    const i = s.indexOf('-');
    if (i === -1) {
      if (!this.check(RegexpSyntax.AUTOMATON)) throw illegalArgument(`interval syntax error at position ${this.pos - 1}`);
      return { k: 'named', name: s };
    }
    if (!this.check(RegexpSyntax.INTERVAL)) throw illegalArgument(`illegal identifier at position ${this.pos - 1}`);
    const syntaxError = illegalArgument(`interval syntax error at position ${this.pos - 1}`);
    if (i === 0 || i === s.length - 1 || i !== s.lastIndexOf('-')) throw syntaxError;
    const smin = s.slice(0, i);
    const smax = s.slice(i + 1);
    let min: number;
    let max: number;
    try {
      min = javaInt(smin);
      max = javaInt(smax);
    } catch {
      throw syntaxError;
    }
    const digits = smin.length === smax.length ? smin.length : 0;
    return min > max ? { k: 'interval', min: max, max: min, digits } : { k: 'interval', min, max, digits };
  }

  private charExp(): number {
    this.match('\\');
    return this.next();
  }
}

function single(c: number): { from: number; to: number } {
  return { from: c, to: c };
}

/** Java `Integer.parseInt` for a run of ASCII digits (or an optional sign, as Java allows). */
function javaInt(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw illegalArgument(`For input string: "${s}"`);
  const n = Number(s);
  if (n > 2147483647 || n < -2147483648) throw illegalArgument(`For input string: "${s}"`);
  return n;
}
