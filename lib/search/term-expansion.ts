/**
 * Multi-term queries over a segment's sorted term dictionary: ranges (binary search), prefixes,
 * wildcard/regexp (an automaton run over each term, see lib/automaton) and fuzzy (Damerau-Levenshtein within n edits).
 * Matching terms' postings are unioned into one sorted doc list, as Lucene's constant-score
 * rewrite does.
 */
import type { TermMatcher } from '../automaton/index.js';
import type { Postings, SegmentReader, TermList } from '../shard/segment-reader.js';
import { unionDocLists } from './scorer.js';

/** Terms of a field within a range (null bound = open). */
export function termsInRange(terms: TermList, from: string | null, to: string | null, includeLower: boolean, includeUpper: boolean): string[] {
  const [start, end] = rangeBounds(terms, from, to, includeLower, includeUpper);
  return start < end ? terms.slice(start, end) : [];
}

/** The index range `[start, end)` of the terms within a range (null bound = open); `end` may be ≤ `start`. */
export function rangeBounds(terms: TermList, from: string | null, to: string | null, includeLower: boolean, includeUpper: boolean): [number, number] {
  let start = from === null ? 0 : terms.lowerBound(from);
  if (from !== null && !includeLower && start < terms.length && terms.at(start) === from) start++;
  let end = to === null ? terms.length : terms.lowerBound(to);
  if (to !== null && includeUpper && end < terms.length && terms.at(end) === to) end++;
  return [start, end];
}

/** Terms of a field starting with `prefix`. */
export function termsWithPrefix(terms: TermList, prefix: string): string[] {
  const out: string[] = [];
  for (let i = terms.lowerBound(prefix); i < terms.length; i++) {
    const t = terms.at(i);
    if (!t.startsWith(prefix)) break;
    out.push(t);
  }
  return out;
}

/**
 * Terms a compiled wildcard/regexp automaton accepts. Like Lucene's `AutomatonTermsEnum` it
 * seeks to the automaton's literal prefix; each term then costs one step per code point.
 */
export function termsMatching(terms: TermList, m: TermMatcher): string[] {
  const out: string[] = [];
  const prefix = m.prefix;
  for (let i = terms.lowerBound(prefix); i < terms.length; i++) {
    const t = terms.at(i);
    if (prefix !== '' && !t.startsWith(prefix)) break;
    if (m.test(t)) out.push(t);
  }
  return out;
}

/** Fetch postings of many terms of a field (one round trip when the reader supports it). */
export async function postingsOf(seg: SegmentReader, field: string, terms: readonly string[]): Promise<Postings[]> {
  if (terms.length === 0) return [];
  const many = (seg as SegmentReader & { postingsMany?: (f: string, t: readonly string[]) => Promise<Array<Postings | null>> }).postingsMany;
  const list = typeof many === 'function' ? await many.call(seg, field, terms) : await Promise.all(terms.map((t) => seg.postings(field, t)));
  return list.filter((p): p is Postings => p !== null);
}

/** The union of the docs of `terms` in a segment. */
export async function docsOfTerms(seg: SegmentReader, field: string, terms: readonly string[]): Promise<Int32Array> {
  const ps = await postingsOf(seg, field, terms);
  return unionDocLists(
    ps.map((p) => p.docs),
    seg.maxDoc,
  );
}

/** Damerau-Levenshtein (optimal string alignment) distance, bounded: returns max+1 when over. */
export function editDistance(a: readonly number[], b: readonly number[], max: number, transpositions: boolean): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  let prev2 = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] as number;
}

/** A fuzzy expansion: the term and its edit distance. */
export interface FuzzyMatch {
  term: string;
  edits: number;
}

/** Terms within `maxEdits` of `text` sharing its first `prefixLength` code points. */
export function fuzzyTerms(terms: TermList, text: string, maxEdits: number, prefixLength: number, transpositions: boolean): FuzzyMatch[] {
  const cps = [...text].map((c) => c.codePointAt(0) as number);
  const prefix = String.fromCodePoint(...cps.slice(0, prefixLength));
  const rest = cps.slice(prefixLength);
  const out: FuzzyMatch[] = [];
  for (let i = terms.lowerBound(prefix); i < terms.length; i++) {
    const t = terms.at(i);
    if (!t.startsWith(prefix)) break;
    const tc = [...t.slice(prefix.length)].map((c) => c.codePointAt(0) as number);
    const d = editDistance(rest, tc, maxEdits, transpositions);
    if (d <= maxEdits) out.push({ term: t, edits: d });
  }
  return out;
}
