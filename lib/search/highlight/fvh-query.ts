/**
 * The fast vector highlighter's view of a query (Lucene 6.6 `FieldQuery` with phrase
 * highlighting on): the query flattened into terms and phrases (a phrase slot with several
 * terms, as ES's `CustomFieldQuery` does for multi-phrase queries, becomes every combination,
 * up to 16), each added to a tree of terms keyed by field (or one tree for every field when
 * `require_field_match` is off). A path ending on a query gets its boost, slop and a running
 * number (which tag of a tag list marks it).
 */
import type { QueryPart } from './query-terms.js';

/** Lucene's `QueryPhraseMap`. */
export interface PhraseMap {
  terminal: boolean;
  slop: number;
  boost: number;
  num: number;
  sub: Map<string, PhraseMap>;
}

const newMap = (): PhraseMap => ({ terminal: false, slop: 0, boost: 0, num: 0, sub: new Map() });

/** A flattened query for one highlighted field. */
export interface FvhQuery {
  root(field: string): PhraseMap | undefined;
  /** The query terms that can start or continue a phrase, for this field. */
  termSet(field: string): Set<string>;
}

const MAX_COMBINATIONS = 16;

function combos(slots: ReadonlyArray<{ terms: readonly string[] }>): string[][] {
  let out: string[][] = [[]];
  for (const s of slots) {
    const next: string[][] = [];
    for (const prefix of out) for (const t of s.terms) if (next.length < MAX_COMBINATIONS) next.push([...prefix, t]);
    out = next;
  }
  return out;
}

/**
 * Build the field query of `parts` (`fieldMatch`: require_field_match). Multi-term queries are
 * rewritten into the terms they accept among `textTerms` (sorted), as Lucene rewrites them
 * into term queries against the index.
 */
export function fvhQuery(parts: readonly QueryPart[], fieldMatch: boolean, textTerms: readonly string[]): FvhQuery {
  const roots = new Map<string | null, PhraseMap>();
  const terms = new Map<string | null, Set<string>>();
  let num = 0;
  // LinkedHashSet of flattened queries: the same query twice is added once
  const seen = new Set<string>();
  const add = (field: string, path: readonly string[], slop: number, boost: number): void => {
    const key = JSON.stringify([field, path, slop, boost]);
    if (seen.has(key)) return;
    seen.add(key);
    const k = fieldMatch ? field : null;
    let root = roots.get(k);
    if (!root) roots.set(k, (root = newMap()));
    let set = terms.get(k);
    if (!set) terms.set(k, (set = new Set()));
    let m = root;
    for (const t of path) {
      set.add(t);
      let next = m.sub.get(t);
      if (!next) m.sub.set(t, (next = newMap()));
      m = next;
    }
    m.terminal = true;
    m.slop = slop;
    m.boost = boost;
    m.num = num++;
  };
  for (const p of parts) {
    if (p.kind === 'term') add(p.field, [p.term], 0, p.boost);
    else if (p.kind === 'phrase') for (const c of combos(p.slots)) add(p.field, c, p.slop, p.boost);
    // Lucene 6.6 FieldQuery.flatten knows no span query: ES's CustomFieldQuery hands it a bare
    // span_term as a term query, and every other span query (span_near, span_or, a boosted
    // span_term, ...) rewrites to itself and is discarded, so it highlights nothing
    else if (p.kind === 'span') {
      if (p.bareTerm) for (const t of p.terms) add(t.field, [t.term], 0, p.boost);
    }
    else for (const t of textTerms) if (p.matches(t)) add(p.field, [t], 0, p.boost);
  }
  const key = (f: string): string | null => (fieldMatch ? f : null);
  return {
    root: (f) => roots.get(key(f)),
    termSet: (f) => terms.get(key(f)) ?? new Set(),
  };
}

/** Lucene `QueryPhraseMap.isValidTermOrPhrase`: positions within the slop of each other. */
export function validTermOrPhrase(m: PhraseMap, positions: readonly number[]): boolean {
  if (!m.terminal) return false;
  if (positions.length === 1) return true;
  let pos = positions[0] as number;
  for (let i = 1; i < positions.length; i++) {
    const next = positions[i] as number;
    if (Math.abs(next - pos - 1) > m.slop) return false;
    pos = next;
  }
  return true;
}

/** Lucene `FieldQuery.searchPhrase`: the map a sequence of terms ends on, when terminal and valid. */
export function searchPhrase(root: PhraseMap | undefined, terms: ReadonlyArray<{ term: string; position: number }>): PhraseMap | undefined {
  let m = root;
  for (const t of terms) {
    m = m?.sub.get(t.term);
    if (!m) return undefined;
  }
  if (!m || !validTermOrPhrase(m, terms.map((t) => t.position))) return undefined;
  return m;
}
