/**
 * A compact parser for the Lucene classic query syntax used by `q=`, `query_string` and
 * (with `simple` set) `simple_query_string`. It exists because lib/dsl does not yet provide one;
 * it covers terms, `field:`, quoted phrases with `~slop`, `^boost`, `~fuzzy`, `*`/`?` wildcards,
 * `[a TO b]`/`{a TO b}` ranges, `+`/`-`/`!`, `AND`/`OR`/`NOT`/`&&`/`||`, groups and `_exists_:`.
 */
import { EsError } from '../errors/errors.js';

export type Modifier = 'must' | 'should' | 'must_not' | 'default';

export type SyntaxNode =
  | { kind: 'term'; field?: string; text: string; boost?: number; fuzzy?: number; wildcard: boolean }
  | { kind: 'phrase'; field?: string; text: string; boost?: number; slop?: number }
  | { kind: 'range'; field?: string; from: string | null; to: string | null; incLo: boolean; incHi: boolean; boost?: number }
  | { kind: 'group'; field?: string; clauses: SyntaxClause[]; boost?: number }
  | { kind: 'match_all' };

export interface SyntaxClause {
  mod: Modifier;
  node: SyntaxNode;
  /** conjunction to the previous clause */
  conj?: 'and' | 'or';
}

function parseError(query: string, why: string): EsError {
  return new EsError('parse_exception', 400, `Cannot parse '${query}': ${why}`);
}

const SPECIAL = new Set(['(', ')', '"', '[', ']', '{', '}', '^', '~', ':', '+', '-', '!', '\\']);

/** Parse `query`; `simple` selects simple_query_string rules (`|` or, `+` and, no fields). */
export function parseQuerySyntax(query: string, simple = false): SyntaxClause[] {
  let i = 0;
  const n = query.length;
  const ws = (): void => {
    while (i < n && /\s/.test(query[i] as string)) i++;
  };
  const readWord = (): string => {
    let s = '';
    while (i < n) {
      const c = query[i] as string;
      if (c === '\\' && i + 1 < n) {
        s += query[i + 1];
        i += 2;
        continue;
      }
      if (/\s/.test(c) || (SPECIAL.has(c) && !(c === '-' || c === '+' || c === '!') ) || (simple && c === '|')) break;
      if ((c === '-' || c === '+' || c === '!') && s === '') break;
      s += c;
      i++;
    }
    return s;
  };
  const readNumberSuffix = (): number | undefined => {
    let s = '';
    while (i < n && /[0-9.]/.test(query[i] as string)) s += query[i++];
    return s === '' ? undefined : Number(s);
  };
  const parseClauses = (closing: string | null): SyntaxClause[] => {
    const out: SyntaxClause[] = [];
    let conj: 'and' | 'or' | undefined;
    for (;;) {
      ws();
      if (i >= n) {
        if (closing && !simple) throw parseError(query, `Encountered "<EOF>" at line 1, column ${n}.`);
        break;
      }
      const c = query[i] as string;
      if (closing && c === closing) {
        i++;
        break;
      }
      if (!simple && (query.startsWith('AND ', i) || query.startsWith('&&', i))) {
        i += query[i] === '&' ? 2 : 3;
        conj = 'and';
        continue;
      }
      if (!simple && (query.startsWith('OR ', i) || query.startsWith('||', i))) {
        i += query[i] === '|' ? 2 : 2;
        conj = 'or';
        continue;
      }
      if (simple && c === '|') {
        i++;
        conj = 'or';
        continue;
      }
      let mod: Modifier = 'default';
      if (c === '+') {
        mod = 'must';
        i++;
      } else if (c === '-' || c === '!') {
        mod = 'must_not';
        i++;
      } else if (!simple && query.startsWith('NOT ', i)) {
        mod = 'must_not';
        i += 4;
      }
      ws();
      const node = parseNode();
      if (node) out.push({ mod, node, ...(conj ? { conj } : {}) });
      conj = undefined;
    }
    return out;
  };
  const parseNode = (): SyntaxNode | null => {
    let field: string | undefined;
    const start = i;
    if (!simple) {
      const m = /^((?:[^\s:\\()"[\]{}^~+\-!]|\\.)+):(?!\/)/.exec(query.slice(i));
      if (m) {
        field = (m[1] as string).replace(/\\(.)/g, '$1');
        i += m[0].length;
      }
    }
    const c = query[i];
    let node: SyntaxNode | null;
    if (c === '(') {
      i++;
      node = { kind: 'group', clauses: parseClauses(')'), ...(field ? { field } : {}) };
    } else if (c === '"') {
      const end = query.indexOf('"', i + 1);
      if (end < 0 && !simple) throw parseError(query, `Lexical error at line 1, column ${n + 1}.  Encountered: <EOF> after : "${query.slice(i)}"`);
      const text = query.slice(i + 1, end < 0 ? n : end);
      i = end < 0 ? n : end + 1;
      node = { kind: 'phrase', text, ...(field ? { field } : {}) };
      if (query[i] === '~') {
        i++;
        const s = readNumberSuffix();
        if (s !== undefined) node.slop = s;
      }
    } else if (!simple && (c === '[' || c === '{')) {
      const close = query.slice(i).search(/[\]}]/);
      if (close < 0) throw parseError(query, 'unterminated range');
      const body = query.slice(i + 1, i + close);
      const incLo = c === '[';
      const incHi = query[i + close] === ']';
      i += close + 1;
      const parts = body.split(/\s+TO\s+/);
      const norm = (s: string | undefined): string | null => (s === undefined || s.trim() === '*' ? null : s.trim().replace(/^"|"$/g, ''));
      node = { kind: 'range', from: norm(parts[0]), to: norm(parts[1]), incLo, incHi, ...(field ? { field } : {}) };
    } else {
      const w = readWord();
      if (w === '') {
        if (i === start) i++;
        return null;
      }
      if (w === '*' && field === '*') node = { kind: 'match_all' };
      else node = { kind: 'term', text: w, wildcard: /[*?]/.test(w), ...(field ? { field } : {}) };
      if (query[i] === '~' && node.kind === 'term') {
        i++;
        const s = readNumberSuffix();
        node.fuzzy = s === undefined ? -1 : s;
      }
    }
    if (query[i] === '^' && node) {
      i++;
      const b = readNumberSuffix();
      if (b !== undefined && node.kind !== 'match_all') node.boost = b;
    }
    return node;
  };
  return parseClauses(null);
}
