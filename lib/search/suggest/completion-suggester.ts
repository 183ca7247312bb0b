/**
 * The `completion` suggester on one shard (ES 5.6 `CompletionSuggester` over Lucene's
 * `PrefixCompletionQuery`, `FuzzyCompletionQuery` and `RegexCompletionQuery`). Each input of a
 * completion field is indexed as a term in its analyzed form (lib/mapping/completion-value.ts),
 * so the prefix (analyzed with the search analyzer), the fuzzy prefix or the regex selects the
 * matching terms of the dictionary and through them the candidate documents; their `_source`
 * gives back the inputs as written, weights and contexts. A document answers once, with its best
 * suggestion: weight × context boost (× the length of the exactly matched prefix when fuzzy).
 */
import type { CompletionFuzzy, SuggestSpec } from '../../dsl/suggest.js';
import type { ShardSuggestOption, ShardSuggestion } from '../../messages/shard-suggest.js';
import type { SegmentReader, TermList } from '../../shard/segment-reader.js';
import type { Analyzer } from '../../analysis/types.js';
import { analyzedForm, completionEntries, type CompletionMapping } from '../../mapping/completion-value.js';
import { compileRegexpAsync, TermMatcher } from '../../automaton/index.js';
import { resolveRegexpFlags } from '../../dsl/queries/multi-term.js';
import { docsOfTerms, termsMatching, termsWithPrefix } from '../term-expansion.js';
import { loadStoredDocs } from '../stored-doc-cache.js';
import { contextBoost, docContexts, queryContexts, valuesAt, type InternalQueryContext } from './completion-contexts.js';

/** A completion field on a shard: its mapping and analyzers. */
export interface CompletionField {
  index: string;
  mapping: CompletionMapping;
  indexAnalyzer: Analyzer;
  searchAnalyzer: Analyzer;
}

/** How many leading characters of `term` a fuzzy query form `q` matches within `edits` (−1: none). */
function fuzzyPrefixMatch(q: readonly number[], term: readonly number[], edits: number, transpositions: boolean): number {
  // optimal string alignment of q against every prefix of term: the last row's minimum
  const n = q.length;
  const m = term.length;
  let prev2 = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = q[i - 1] === term[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (transpositions && i > 1 && j > 1 && q[i - 1] === term[j - 2] && q[i - 2] === term[j - 1]) v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  let best = Infinity;
  for (let j = 0; j <= m; j++) best = Math.min(best, prev[j] as number);
  if (best > edits) return -1;
  let common = 0;
  while (common < n && common < m && q[common] === term[common]) common++;
  return common;
}

function fuzzyEdits(f: CompletionFuzzy, len: number): number {
  if (f.fuzziness >= 0) return f.fuzziness;
  return len < 3 ? 0 : len < 6 ? 1 : 2;
}

/** The predicate on analyzed forms, and the boost a match carries (1 unless fuzzy). */
async function matcherOf(spec: SuggestSpec, field: CompletionField): Promise<{ seek: (terms: TermList) => string[]; boost: (form: string) => number | undefined }> {
  const c = spec.completion ?? {};
  if (spec.regex) {
    const m = new TermMatcher(await compileRegexpAsync(`(${spec.text}).*`, resolveRegexpFlags(c.regexFlags ?? 'ALL'), c.maxDeterminizedStates));
    return { seek: (terms) => termsMatching(terms, m), boost: (form) => (m.test(form) ? 1 : undefined) };
  }
  const q = analyzedForm(spec.text, field.searchAnalyzer, field.mapping, false);
  const fuzzy = c.fuzzy;
  const qc = [...q].map((x) => x.codePointAt(0) as number);
  if (!fuzzy || qc.length < fuzzy.minLength) {
    return { seek: (terms) => termsWithPrefix(terms, q), boost: (form) => (form.startsWith(q) ? 1 : undefined) };
  }
  const edits = fuzzyEdits(fuzzy, qc.length);
  const exact = String.fromCodePoint(...qc.slice(0, fuzzy.prefixLength));
  const test = (form: string): number | undefined => {
    if (!form.startsWith(exact)) return undefined;
    const common = fuzzyPrefixMatch(qc, [...form].map((x) => x.codePointAt(0) as number), edits, fuzzy.transpositions);
    return common < 0 ? undefined : Math.max(common, 1);
  };
  return { seek: (terms) => termsWithPrefix(terms, exact).filter((t) => test(t) !== undefined), boost: test };
}

interface Best {
  option: ShardSuggestOption;
  doc: number;
}

/** Run a `completion` suggestion on a shard. */
export async function completionSuggest(segments: readonly SegmentReader[], spec: SuggestSpec, field: CompletionField): Promise<ShardSuggestion> {
  const m = field.mapping;
  const given = spec.completion?.contexts;
  const qctx: InternalQueryContext[] | undefined = given && given.length > 0 ? queryContexts(m, spec.field, given) : undefined;
  const matcher = await matcherOf(spec, field);
  const shardSize = spec.shardSize ?? spec.size;
  const best: Best[] = [];
  let docBase = 0;
  for (const seg of segments) {
    const terms = matcher.seek(seg.terms(spec.field));
    const docs = terms.length === 0 ? new Int32Array(0) : await docsOfTerms(seg, spec.field, terms);
    const live = [...docs].filter((d) => seg.isLive(d));
    const stored = live.length === 0 ? [] : await loadStoredDocs(seg, live);
    stored.forEach((sd, i) => {
      if (!sd.source) return;
      const text = sd.source.toString('utf8');
      const source: unknown = JSON.parse(text);
      let top: ShardSuggestOption | undefined;
      for (const value of valuesAt(source, spec.field)) {
        for (const e of completionEntries(value, m, spec.field)) {
          const form = analyzedForm(e.input, field.indexAnalyzer, m);
          const b = form === '' ? undefined : matcher.boost(form);
          if (b === undefined) continue;
          const ctx = docContexts(m, e.contexts, source);
          const cb = contextBoost(qctx, ctx);
          if (cb === undefined) continue;
          const score = Math.fround(e.weight * cb * b);
          if (top && top.score >= score) continue;
          const contexts = [...ctx].map(([name, values]) => ({ name, values: qctx ? values.filter((v) => qctx.some((q) => q.mapping === name && (q.prefix ? v.startsWith(q.value) : v === q.value))) : values }));
          top = {
            text: e.input,
            score,
            index: field.index,
            type: sd.type,
            id: sd.id,
            source: text,
            ...(contexts.length > 0 ? { contexts: contexts.filter((x) => x.values.length > 0) } : {}),
          };
        }
      }
      if (top) best.push({ option: top, doc: docBase + (live[i] as number) });
    });
    docBase += seg.maxDoc;
  }
  best.sort((a, b) => b.option.score - a.option.score || a.doc - b.doc);
  return {
    name: spec.name,
    kind: 'completion',
    size: spec.size,
    entries: [{ text: spec.text, offset: 0, length: spec.text.length, options: best.slice(0, shardSize).map((b) => b.option) }],
  };
}
