/**
 * The shard side of indexing a `percolator` field (ES 5.6 `PercolatorFieldMapper#parse` after
 * the query parsed): the stored query is checked for unmapped fields (on the primary, where a
 * document can still be refused) and analysed into the hidden keyword fields the `percolate`
 * query selects its candidates by: `<field>.extracted_terms` (`field\0term`) and
 * `<field>.extraction_result` (`complete`, `partial` or `failed`).
 */
import { parseQuery } from '../dsl/parse-query.js';
import { EsError } from '../errors/errors.js';
import type { IndexableField, ParsedDocument } from '../mapping/parsed-document.js';
import { percolatorExtractedTermsField, percolatorExtractionResultField, percolatorQueryField } from '../mapping/percolator-value.js';
import type { CompileContext } from './compile-context.js';
import { checkPercolatorFields } from './percolator-fields.js';
import { extractPercolatorTerms } from './percolator-extract.js';

/** The percolator fields of an index (full paths). */
export function percolatorPaths(ctx: CompileContext): string[] {
  return ctx.fields.match('*').filter((p) => ctx.fields.get(p)?.type === 'percolator');
}

const keywordField = (name: string, terms: readonly string[]): IndexableField => ({
  name,
  tokens: terms.map((term, position) => ({ term, position, startOffset: 0, endOffset: 0, type: 'word' })),
  positions: false,
  offsets: false,
  norms: false,
});

/**
 * Add the extraction fields of every percolator query of `doc` (its root document) to it.
 * `check`: refuse a query naming an unmapped field, as ES's `mapper_parsing_exception`
 * ("failed to parse") caused by the `query_shard_exception`.
 */
export function addPercolatorExtractions(ctx: CompileContext, paths: readonly string[], doc: ParsedDocument, check: boolean): void {
  for (const path of paths) {
    const qf = percolatorQueryField(path);
    const json = doc.fields.find((f) => f.name === qf)?.docValues?.[0];
    if (typeof json !== 'string') continue;
    const q = parseQuery(JSON.parse(json) as unknown);
    if (check) {
      try {
        checkPercolatorFields(ctx, q);
      } catch (e) {
        if (e instanceof EsError) throw new EsError('mapper_parsing_exception', 400, 'failed to parse', { causedBy: e });
        throw e;
      }
    }
    const x = extractPercolatorTerms(ctx, q);
    if (x.terms.length > 0) doc.fields.push(keywordField(percolatorExtractedTermsField(path), x.terms));
    doc.fields.push(keywordField(percolatorExtractionResultField(path), [x.result]));
  }
}
