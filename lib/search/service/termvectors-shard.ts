/**
 * `_termvectors` on the shard holding the document (ES 5.6 `TermVectorsService`): the document
 * is read realtime (or as the last refresh left it), or parsed from the artificial `doc`; each
 * selected field's values are analyzed as they were indexed (the shard's index analyzer, or
 * `per_field_analyzer`), giving the same terms, positions and offsets the term vectors hold;
 * term and field statistics come from the shard's searcher; `filter` keeps the best-scoring
 * terms per field (ES `TermVectorsFilter`, tf-idf).
 */
import type { TermVectorField, TermVectorTerm, TermVectorsFilterSpec, TermVectorsRequest, TermVectorsResult } from '../../messages/shard-termvectors.js';
import type { Analyzer } from '../../analysis/types.js';
import { isSimpleMatchPattern } from '../../units/simple-match.js';
import { analyzeValues, extractRawValues, indexAnalyzerFor, valueText } from '../highlight/field-values.js';
import { isTextField, type SearchField } from '../field-types.js';
import type { ReaderContext } from './reader-context.js';

/** What a field's stored term vectors keep (`term_vector` mapping option); undefined: none. */
function storedFlags(f: SearchField): { positions: boolean; offsets: boolean; payloads: boolean } | undefined {
  const tv = f.raw['term_vector'];
  if (typeof tv !== 'string' || tv === 'no') return undefined;
  return { positions: tv.includes('positions'), offsets: tv.includes('offsets'), payloads: tv.includes('payloads') };
}

/** `isValidField`: term vectors can be generated for indexed string fields only. */
function validField(f: SearchField): boolean {
  return f.indexed && (isTextField(f) || f.type === 'keyword' || f.type === 'string');
}

const fr = Math.fround;

/** `TermVectorsFilter.selectBestTerms` for one field: the best `maxNumTerms` by tf-idf, in term order. */
function filterTerms(terms: TermVectorTerm[], spec: TermVectorsFilterSpec, numDocs: number, docFreqOf: (t: string) => number): TermVectorTerm[] {
  const max = spec.maxNumTerms ?? 25;
  const kept: TermVectorTerm[] = [];
  for (const t of terms) {
    const len = t.term.length;
    const freq = t.termFreq;
    if ((spec.minWordLength ?? 0) > 0 && len < (spec.minWordLength ?? 0)) continue;
    if ((spec.maxWordLength ?? 0) > 0 && len > (spec.maxWordLength ?? 0)) continue;
    if ((spec.minTermFreq ?? 0) > 0 && freq < (spec.minTermFreq ?? 0)) continue;
    if (spec.maxTermFreq !== undefined && freq > spec.maxTermFreq) continue;
    const df = docFreqOf(t.term);
    if ((spec.minDocFreq ?? 0) > 0 && df < (spec.minDocFreq ?? 0)) continue;
    if (spec.maxDocFreq !== undefined && df > spec.maxDocFreq) continue;
    // ClassicSimilarity idf
    const idf = fr(Math.log(Math.max(numDocs, df, 1) / (df + 1)) + 1);
    kept.push({ ...t, score: fr(freq * idf) });
  }
  const best = kept.sort((a, b) => ((b.score as number) !== (a.score as number) ? (b.score as number) - (a.score as number) : a.term < b.term ? -1 : 1)).slice(0, Math.max(0, max));
  return best.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** Term vectors of one document on the context's shard. */
export async function termVectorsShard(rc: ReaderContext, r: TermVectorsRequest): Promise<TermVectorsResult> {
  let source: unknown;
  let version = 0;
  if (r.doc !== undefined) source = JSON.parse(r.doc);
  else {
    const engine = rc.svc.shard(rc.shard);
    const doc = r.realtime ? await engine.get(r.type, r.id as string) : await engine.getRefreshed(r.type, r.id as string);
    if (!doc) return { found: false, version: 0, fields: [] };
    version = doc.version;
    source = doc.source ? JSON.parse(doc.source.toString('utf8')) : undefined;
  }
  const fieldsView = rc.compile.fields;
  // the fields to report: those asked for (patterns expanded), else those with stored vectors
  let names: string[];
  if (r.fields) names = [...new Set(r.fields.flatMap((p) => (isSimpleMatchPattern(p) ? fieldsView.match(p) : [p])))];
  else names = fieldsView.match('*').filter((n) => {
    const f = fieldsView.get(n);
    return f !== undefined && (r.doc !== undefined ? validField(f) : storedFlags(f) !== undefined);
  });
  const out: TermVectorField[] = [];
  for (const name of names.sort()) {
    const f = fieldsView.get(name);
    if (!f || !validField(f)) continue;
    const values = extractRawValues(source, name).map(valueText);
    if (values.length === 0) continue;
    const perField = r.perFieldAnalyzer?.[name];
    const generated = r.doc !== undefined || perField !== undefined || storedFlags(f) === undefined;
    const flags = generated ? { positions: true, offsets: true, payloads: true } : (storedFlags(f) as { positions: boolean; offsets: boolean; payloads: boolean });
    let analyzer: Analyzer = indexAnalyzerFor(rc.compile, f);
    if (perField !== undefined) analyzer = rc.compile.analysis.analyzer(perField) ?? analyzer;
    const tokens = analyzeValues(values, analyzer);
    const byTerm = new Map<string, TermVectorTerm>();
    for (const t of tokens) {
      let e = byTerm.get(t.term);
      if (!e) byTerm.set(t.term, (e = { term: t.term, termFreq: 0, tokens: [] }));
      e.termFreq++;
      const tok: { position?: number; startOffset?: number; endOffset?: number } = {};
      if (flags.positions && r.positions) tok.position = t.position;
      if (flags.offsets && r.offsets) {
        tok.startOffset = t.startOffset;
        tok.endOffset = t.endOffset;
      }
      e.tokens?.push(tok);
    }
    const withTokens = (flags.positions && r.positions) || (flags.offsets && r.offsets);
    let terms = [...byTerm.values()].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    for (const t of terms) {
      if (!withTokens) delete t.tokens;
      if (r.termStatistics) {
        const s = rc.compile.stats.termStats(name, t.term);
        t.docFreq = s.docFreq;
        t.ttf = s.totalTermFreq;
      }
    }
    const c = rc.compile.stats.collectionStats(name);
    if (r.filter) terms = filterTerms(terms, r.filter, c.docCount, (t) => rc.compile.stats.termStats(name, t).docFreq);
    const field: TermVectorField = { name, terms };
    if (r.fieldStatistics && c.docCount > 0) field.fieldStatistics = { sumDocFreq: c.sumDocFreq, docCount: c.docCount, sumTtf: c.sumTotalTermFreq };
    out.push(field);
  }
  return { found: true, version, fields: out };
}
