/**
 * Recursive-descent parser of Lucene's classic query syntax, mirroring the productions of
 * Lucene 6.6 `QueryParser.jj` (TopLevelQuery, Query, Clause, Term) and ES 5.6's
 * `MapperQueryParser` additions (`_exists_:field`, `>=x`/`<x` ranges, blank → no docs).
 *
 * Syntax errors reproduce JavaCC's messages, including its list of expected tokens: the parser
 * records which choice points were evaluated at the failing token (JavaCC's `jj_la1`) and the
 * lookahead that failed there (re-scanned entries are appended only when they duplicate an
 * existing entry — a quirk of the JavaCC 5 generated code Lucene ships).
 */
import { EsError } from '../../errors/errors.js';
import type { LuceneClause, LuceneNode, Modifier, Conjunction } from './ast.js';
import { cannotParse, javaccParseMessage } from './errors.js';
import { K, Lexer, type Token } from './lexer.js';

const QUERY_LOOP = [K.AND, K.OR, K.NOT, K.PLUS, K.MINUS, K.BAREOPER, K.LPAREN, K.STAR, K.QUOTED, K.TERM, K.PREFIXTERM, K.WILDTERM, K.REGEXPTERM, K.RANGEIN_START, K.RANGEEX_START, K.NUMBER];
const CLAUSE_START = [K.BAREOPER, K.STAR, K.QUOTED, K.TERM, K.PREFIXTERM, K.WILDTERM, K.REGEXPTERM, K.RANGEIN_START, K.RANGEEX_START, K.NUMBER, K.LPAREN];
const BARE_TERMS = [K.TERM, K.STAR, K.PREFIXTERM, K.WILDTERM, K.REGEXPTERM, K.NUMBER, K.BAREOPER];
const GOOP = [K.RANGE_GOOP, K.RANGE_QUOTED, K.RANGE_TO];

class ParseError extends Error {
  constructor(readonly inner: EsError) {
    super(inner.message);
  }
}

class Parser {
  private readonly lexer: Lexer;
  private readonly buf: Token[] = [];
  /** Choice points evaluated at the current token (JavaCC jj_la1 entries of this generation). */
  private la1 = new Set<number>();
  /** First tokens of lookaheads that failed at the current token. */
  private rescan: number[] = [];

  constructor(private readonly text: string) {
    this.lexer = new Lexer(text);
  }

  private peek(n = 0): Token {
    while (this.buf.length <= n) {
      try {
        this.buf.push(this.lexer.next());
      } catch (e) {
        throw new ParseError(e as EsError);
      }
    }
    return this.buf[n] as Token;
  }

  private consume(): Token {
    const t = this.peek();
    this.buf.shift();
    this.la1 = new Set();
    this.rescan = [];
    return t;
  }

  private expect(kind: number): Token {
    if (this.peek().kind === kind) return this.consume();
    throw this.fail(kind);
  }

  private fail(kind = -1): ParseError {
    const set = new Set(this.la1);
    if (kind >= 0) set.add(kind);
    const expected = [...set].sort((a, b) => a - b);
    for (const r of this.rescan) if (set.has(r)) expected.push(r);
    const t = this.peek();
    return new ParseError(new EsError('parse_exception', 400, javaccParseMessage(t.kind, t.image, t.begin, expected)));
  }

  private grammarError(message: string): ParseError {
    return new ParseError(new EsError('parse_exception', 400, message));
  }

  topLevel(): LuceneNode {
    const q = this.query(undefined);
    this.expect(K.EOF);
    return q;
  }

  private query(field: string | undefined): LuceneNode {
    const clauses: LuceneClause[] = [];
    let mod = this.modifiers();
    let node = this.clause(field);
    clauses.push({ conj: 'none', mod, node });
    const firstBare = mod === 'none';
    for (;;) {
      if (!QUERY_LOOP.includes(this.peek().kind as never)) {
        for (const k of QUERY_LOOP) this.la1.add(k);
        break;
      }
      const conj = this.conjunction();
      mod = this.modifiers();
      node = this.clause(field);
      clauses.push({ conj, mod, node });
    }
    if (clauses.length === 1 && firstBare) return node;
    return { type: 'boolean', clauses };
  }

  private conjunction(): Conjunction {
    const k = this.peek().kind;
    if (k === K.AND) {
      this.consume();
      return 'and';
    }
    if (k === K.OR) {
      this.consume();
      return 'or';
    }
    this.la1.add(K.AND).add(K.OR);
    return 'none';
  }

  private modifiers(): Modifier {
    const k = this.peek().kind;
    if (k === K.PLUS) {
      this.consume();
      return 'req';
    }
    if (k === K.MINUS || k === K.NOT) {
      this.consume();
      return 'not';
    }
    this.la1.add(K.PLUS).add(K.MINUS).add(K.NOT);
    return 'none';
  }

  private clause(field: string | undefined): LuceneNode {
    const t0 = this.peek();
    if ((t0.kind === K.TERM || t0.kind === K.STAR) && this.peek(1).kind === K.COLON) {
      this.consume();
      this.consume();
      field = t0.kind === K.STAR ? '*' : this.unescape(t0.image);
    } else if (t0.kind !== K.TERM && t0.kind !== K.STAR) {
      this.rescan = [K.TERM, K.STAR];
    }
    const k = this.peek().kind;
    if (k === K.LPAREN) {
      this.consume();
      const q = this.query(field);
      this.expect(K.RPAREN);
      return this.optionalBoost(q);
    }
    if (CLAUSE_START.includes(k as never)) return this.term(field);
    for (const c of CLAUSE_START) this.la1.add(c);
    throw this.fail();
  }

  private optionalBoost(q: LuceneNode): LuceneNode {
    if (this.peek().kind === K.CARAT) {
      this.consume();
      return this.boosted(q, this.expect(K.NUMBER).image);
    }
    this.la1.add(K.CARAT);
    return q;
  }

  private boosted(q: LuceneNode, image: string): LuceneNode {
    return { type: 'boost', boost: Math.fround(Number(image)), node: q };
  }

  /** `[ ^N [~slop] | ~slop [^N] ]` after a bare or quoted term. */
  private termSuffix(): { boost?: string; slop?: string } {
    const out: { boost?: string; slop?: string } = {};
    const k = this.peek().kind;
    if (k === K.CARAT) {
      this.consume();
      out.boost = this.expect(K.NUMBER).image;
      if (this.peek().kind === K.FUZZY_SLOP) out.slop = this.consume().image;
      else this.la1.add(K.FUZZY_SLOP);
    } else if (k === K.FUZZY_SLOP) {
      out.slop = this.consume().image;
      if (this.peek().kind === K.CARAT) {
        this.consume();
        out.boost = this.expect(K.NUMBER).image;
      } else this.la1.add(K.CARAT);
    } else {
      this.la1.add(K.CARAT).add(K.FUZZY_SLOP);
    }
    return out;
  }

  private term(field: string | undefined): LuceneNode {
    const t = this.peek();
    if (BARE_TERMS.includes(t.kind as never)) {
      this.consume();
      const image = t.kind === K.BAREOPER ? t.image.slice(0, 1) : t.image;
      const { boost, slop } = this.termSuffix();
      const q = this.bareToken(field, t.kind, image, slop);
      return boost !== undefined ? this.boosted(q, boost) : q;
    }
    if (t.kind === K.RANGEIN_START || t.kind === K.RANGEEX_START) {
      this.consume();
      const startInc = t.kind === K.RANGEIN_START;
      const goop1 = this.goop();
      if (this.peek().kind === K.RANGE_TO) this.consume();
      else this.la1.add(K.RANGE_TO);
      const goop2 = this.goop();
      const end = this.peek().kind;
      if (end !== K.RANGEIN_END && end !== K.RANGEEX_END) {
        this.la1.add(K.RANGEIN_END).add(K.RANGEEX_END);
        throw this.fail();
      }
      this.consume();
      const bound = (g: Token): string | null =>
        g.kind === K.RANGE_QUOTED ? this.unescape(g.image.slice(1, -1)) : g.image === '*' ? null : this.unescape(g.image);
      const q: LuceneNode = {
        type: 'range',
        ...(field !== undefined ? { field } : {}),
        lower: bound(goop1),
        upper: bound(goop2),
        includeLower: startInc,
        includeUpper: end === K.RANGEIN_END,
      };
      return this.optionalBoost(q);
    }
    // QUOTED (the caller only gets here with a clause-start token)
    this.consume();
    const { boost, slop } = this.termSuffix();
    let phraseSlop: number | undefined;
    if (slop !== undefined) {
      const f = Number(slop.slice(1));
      if (slop.length > 1 && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(slop.slice(1)) && Number.isFinite(f)) phraseSlop = Math.trunc(f);
    }
    const q: LuceneNode = {
      type: 'phrase',
      ...(field !== undefined ? { field } : {}),
      text: this.unescape(t.image.slice(1, -1)),
      ...(phraseSlop !== undefined ? { slop: phraseSlop } : {}),
    };
    return boost !== undefined ? this.boosted(q, boost) : q;
  }

  private goop(): Token {
    const k = this.peek().kind;
    if (GOOP.includes(k as never)) return this.consume();
    for (const g of GOOP) this.la1.add(g);
    throw this.fail();
  }

  /** `QueryParserBase.handleBareTokenQuery` (+ ES's getFieldQuery extensions). */
  private bareToken(field: string | undefined, kind: number, image: string, slop: string | undefined): LuceneNode {
    const f = field !== undefined ? { field } : {};
    if (kind === K.STAR || kind === K.WILDTERM) return { type: 'wildcard', ...f, pattern: image };
    if (kind === K.PREFIXTERM) return { type: 'prefix', ...f, text: this.unescape(image.slice(0, -1)) };
    if (kind === K.REGEXPTERM) return { type: 'regexp', ...f, pattern: image.slice(1, -1) };
    const text = this.unescape(image);
    if (slop !== undefined) return { type: 'fuzzy', ...f, text, similarity: slop.slice(1) };
    return fieldQuery(field, text);
  }

  /** Lucene `discardEscapeChar`: drops `\`, decodes `\uXXXX`. */
  private unescape(input: string): string {
    let out = '';
    let escaped = false;
    let mult = 0;
    let cp = 0;
    for (const ch of input) {
      if (mult > 0) {
        const h = parseInt(ch, 16);
        if (!/^[0-9a-fA-F]$/.test(ch)) throw this.grammarError(`Non-hex character in Unicode escape sequence: ${ch}`);
        cp += h * mult;
        mult >>>= 4;
        if (mult === 0) {
          out += String.fromCharCode(cp);
          cp = 0;
        }
      } else if (escaped) {
        if (ch === 'u') mult = 16 * 16 * 16;
        else out += ch;
        escaped = false;
      } else if (ch === '\\') escaped = true;
      else out += ch;
    }
    if (mult > 0) throw this.grammarError('Truncated unicode escape sequence.');
    if (escaped) throw this.grammarError('Term can not end with escape character.');
    return out;
  }
}

/** ES `MapperQueryParser.getFieldQuery(field, text, quoted=false)`: `_exists_` and `>`/`<` shortcuts. */
function fieldQuery(field: string | undefined, text: string): LuceneNode {
  const f = field !== undefined ? { field } : {};
  if (field === '_exists_') return { type: 'exists', field: text };
  if (text.length > 1) {
    if (text[0] === '>') {
      if (text.length > 2 && text[1] === '=') return { type: 'range', ...f, lower: text.slice(2), upper: null, includeLower: true, includeUpper: true };
      return { type: 'range', ...f, lower: text.slice(1), upper: null, includeLower: false, includeUpper: true };
    }
    if (text[0] === '<') {
      if (text.length > 2 && text[1] === '=') return { type: 'range', ...f, lower: null, upper: text.slice(2), includeLower: true, includeUpper: true };
      return { type: 'range', ...f, lower: null, upper: text.slice(1), includeLower: true, includeUpper: false };
    }
  }
  return { type: 'term', ...f, text };
}

/**
 * Parse a `query_string` / `q=` text into its syntax tree.
 * A blank text yields `{type: 'match_none'}` (ES answers it with no documents).
 * @throws EsError `parse_exception` "Cannot parse '<text>': ..." caused by the JavaCC error
 *         (see errors.ts for the exact shape and `queryStringShardException` for ES's wrapper).
 */
export function parseLuceneQuery(text: string): LuceneNode {
  if (text.trim() === '') return { type: 'match_none' };
  try {
    return new Parser(text).topLevel();
  } catch (e) {
    if (e instanceof ParseError) throw cannotParse(text, e.inner);
    throw e;
  }
}
