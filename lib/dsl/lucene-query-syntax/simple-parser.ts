/**
 * Lucene 6.6 `SimpleQueryParser`, the syntax of `simple_query_string`: `+` (AND), `|` (OR),
 * `-` (NOT), `"phrase"`, `"phrase"~N` (slop), `term~N` (fuzzy), `pre*` (prefix), `( )`
 * precedence, `\` escapes, whitespace. It never fails: stray operators are ignored.
 *
 * Tree building depends on whether a leaf analyses to nothing (Lucene skips null branches and
 * keeps the pending operator), so the parser takes a {@link SimpleQueryFactory}: the compiler
 * supplies one that analyses leaves; {@link parseSimpleQuery} uses an AST factory assuming
 * every leaf produces a query.
 */
import { SIMPLE_FLAGS } from './simple-flags.js';

/** Occurrence of a clause in the simple syntax tree. */
export type SimpleOccur = 'must' | 'should' | 'must_not';

/** Builds the result tree; a leaf returning null is skipped, as in Lucene. */
export interface SimpleQueryFactory<T> {
  term(text: string): T | null;
  phrase(text: string, slop: number): T | null;
  prefix(text: string): T | null;
  fuzzy(text: string, edits: number): T | null;
  matchAll(): T;
  matchNone(): T;
  boolean(clauses: { occur: SimpleOccur; query: T }[]): T;
}

/** Syntax tree produced by {@link parseSimpleQuery}. */
export type SimpleNode =
  | { type: 'term'; text: string }
  | { type: 'phrase'; text: string; slop: number }
  | { type: 'prefix'; text: string }
  | { type: 'fuzzy'; text: string; edits: number }
  | { type: 'match_all' }
  | { type: 'match_none' }
  | { type: 'boolean'; clauses: { occur: SimpleOccur; node: SimpleNode }[] };

/** Options: flag bits (default ALL) and the operator between clauses without one. */
export interface SimpleParseOptions {
  flags?: number;
  defaultOperator?: 'or' | 'and';
}

interface State<T> {
  data: string;
  index: number;
  length: number;
  top: T | null;
  topClauses: { occur: SimpleOccur; query: T }[] | null;
  not: number;
  currentOperation: SimpleOccur | null;
  previousOperation: SimpleOccur | null;
}

/** Parse with a custom factory. Returns the factory's match_none for an empty tree. */
export function parseSimpleQueryWith<T>(text: string, opts: SimpleParseOptions, factory: SimpleQueryFactory<T>): T {
  const flags = opts.flags ?? SIMPLE_FLAGS.ALL;
  const defaultOperator: SimpleOccur = opts.defaultOperator === 'and' ? 'must' : 'should';
  const has = (bit: number): boolean => (flags & bit) !== 0;
  if (text.trim() === '*') return factory.matchAll();

  const isWs = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  const tokenFinished = (s: State<T>): boolean => {
    const c = s.data[s.index];
    return (
      (c === '"' && has(SIMPLE_FLAGS.PHRASE)) ||
      (c === '|' && has(SIMPLE_FLAGS.OR)) ||
      (c === '+' && has(SIMPLE_FLAGS.AND)) ||
      (c === '(' && has(SIMPLE_FLAGS.PRECEDENCE)) ||
      (c === ')' && has(SIMPLE_FLAGS.PRECEDENCE)) ||
      (isWs(c) && has(SIMPLE_FLAGS.WHITESPACE))
    );
  };

  const buildQueryTree = (s: State<T>, branch: T | null): void => {
    if (branch === null) return;
    if (s.not % 2 === 1) {
      branch = factory.boolean([
        { occur: 'must_not', query: branch },
        { occur: 'should', query: factory.matchAll() },
      ]);
    }
    if (s.top === null) {
      s.top = branch;
      s.topClauses = null;
    } else {
      if (s.currentOperation === null) s.currentOperation = defaultOperator;
      let clauses: { occur: SimpleOccur; query: T }[];
      if (s.previousOperation !== s.currentOperation || s.topClauses === null) {
        // operation change: the previous tree becomes one clause of a new parent
        clauses = [{ occur: s.currentOperation, query: s.top }];
      } else {
        clauses = s.topClauses.map((c) => ({ occur: s.currentOperation as SimpleOccur, query: c.query }));
      }
      clauses.push({ occur: s.currentOperation, query: branch });
      s.topClauses = clauses;
      s.top = factory.boolean(clauses);
      s.previousOperation = s.currentOperation;
    }
    s.currentOperation = null;
  };

  const parseFuzziness = (s: State<T>): number => {
    let slop = '';
    if (s.data[s.index] !== '~') return 0;
    while (s.index < s.length) {
      s.index++;
      if (s.index < s.length) {
        if (tokenFinished(s)) break;
        slop += s.data[s.index];
      }
    }
    let fuzziness = 0;
    if (slop === '') fuzziness = 2;
    else if (/^[+-]?\d+$/.test(slop) && Math.abs(Number(slop)) <= 2147483647) fuzziness = Number(slop);
    return fuzziness < 0 ? 0 : fuzziness;
  };

  const consumeSubQuery = (s: State<T>): void => {
    const start = ++s.index;
    let precedence = 1;
    let escaped = false;
    while (s.index < s.length) {
      if (!escaped) {
        const c = s.data[s.index];
        if (c === '\\' && has(SIMPLE_FLAGS.ESCAPE)) {
          escaped = true;
          s.index++;
          continue;
        } else if (c === '(') precedence++;
        else if (c === ')') {
          precedence--;
          if (precedence === 0) break;
        }
      }
      escaped = false;
      s.index++;
    }
    if (s.index === s.length) {
      s.index = start; // unmatched "(" is ignored
    } else if (s.index === start) {
      s.currentOperation = null;
      s.index++;
    } else {
      const sub: State<T> = { ...fresh(s.data, start, s.index) };
      parseSubQuery(sub);
      buildQueryTree(s, sub.top);
      s.index++;
    }
  };

  const consumePhrase = (s: State<T>): void => {
    const start = ++s.index;
    let copied = '';
    let escaped = false;
    let hasSlop = false;
    while (s.index < s.length) {
      if (!escaped) {
        const c = s.data[s.index];
        if (c === '\\' && has(SIMPLE_FLAGS.ESCAPE)) {
          escaped = true;
          s.index++;
          continue;
        } else if (c === '"') {
          if (s.length > s.index + 1 && s.data[s.index + 1] === '~' && has(SIMPLE_FLAGS.NEAR)) {
            s.index++;
            if (s.length > s.index + 1) hasSlop = true;
          }
          break;
        }
      }
      escaped = false;
      copied += s.data[s.index++];
    }
    if (s.index === s.length) {
      s.index = start; // unmatched quote is ignored
    } else if (s.index === start) {
      s.currentOperation = null;
      s.index++;
    } else {
      buildQueryTree(s, factory.phrase(copied, hasSlop ? parseFuzziness(s) : 0));
      s.index++;
    }
  };

  const consumeToken = (s: State<T>): void => {
    let copied = '';
    let escaped = false;
    let prefix = false;
    let fuzzy = false;
    while (s.index < s.length) {
      if (!escaped) {
        const c = s.data[s.index];
        if (c === '\\' && has(SIMPLE_FLAGS.ESCAPE)) {
          escaped = true;
          prefix = false;
          s.index++;
          continue;
        } else if (tokenFinished(s)) {
          break;
        } else if (copied.length > 0 && c === '~' && has(SIMPLE_FLAGS.FUZZY)) {
          fuzzy = true;
          break;
        }
        prefix = copied.length > 0 && c === '*' && has(SIMPLE_FLAGS.PREFIX);
      }
      escaped = false;
      copied += s.data[s.index++];
    }
    if (copied.length > 0) {
      let branch: T | null;
      if (fuzzy && has(SIMPLE_FLAGS.FUZZY)) {
        const edits = Math.min(parseFuzziness(s), 2);
        branch = edits === 0 ? factory.term(copied) : factory.fuzzy(copied, edits);
      } else if (prefix) {
        branch = factory.prefix(copied.slice(0, -1));
      } else {
        branch = factory.term(copied);
      }
      buildQueryTree(s, branch);
    }
  };

  const parseSubQuery = (s: State<T>): void => {
    while (s.index < s.length) {
      const c = s.data[s.index];
      if (c === '(' && has(SIMPLE_FLAGS.PRECEDENCE)) consumeSubQuery(s);
      else if (c === ')' && has(SIMPLE_FLAGS.PRECEDENCE)) s.index++;
      else if (c === '"' && has(SIMPLE_FLAGS.PHRASE)) consumePhrase(s);
      else if (c === '+' && has(SIMPLE_FLAGS.AND)) {
        if (s.currentOperation === null && s.top !== null) s.currentOperation = 'must';
        s.index++;
      } else if (c === '|' && has(SIMPLE_FLAGS.OR)) {
        if (s.currentOperation === null && s.top !== null) s.currentOperation = 'should';
        s.index++;
      } else if (c === '-' && has(SIMPLE_FLAGS.NOT)) {
        s.not++;
        s.index++;
        continue; // the NOT count survives until the next token
      } else if (isWs(c) && has(SIMPLE_FLAGS.WHITESPACE)) s.index++;
      else consumeToken(s);
      s.not = 0;
    }
  };

  function fresh(data: string, index: number, length: number): State<T> {
    return { data, index, length, top: null, topClauses: null, not: 0, currentOperation: null, previousOperation: null };
  }

  const state = fresh(text, 0, text.length);
  parseSubQuery(state);
  return state.top ?? factory.matchNone();
}

const AST_FACTORY: SimpleQueryFactory<SimpleNode> = {
  term: (text) => ({ type: 'term', text }),
  phrase: (text, slop) => ({ type: 'phrase', text, slop }),
  prefix: (text) => ({ type: 'prefix', text }),
  fuzzy: (text, edits) => ({ type: 'fuzzy', text, edits }),
  matchAll: () => ({ type: 'match_all' }),
  matchNone: () => ({ type: 'match_none' }),
  boolean: (clauses) => ({ type: 'boolean', clauses: clauses.map((c) => ({ occur: c.occur, node: c.query })) }),
};

/** Parse `simple_query_string` text into a syntax tree (every leaf assumed non-empty). */
export function parseSimpleQuery(text: string, opts: SimpleParseOptions = {}): SimpleNode {
  return parseSimpleQueryWith(text, opts, AST_FACTORY);
}
