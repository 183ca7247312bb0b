/**
 * The `percolator` field type (ES 5.6 `PercolatorFieldMapper`): a document's value is a query.
 * It is parsed when the document is indexed (a query that does not parse fails the document),
 * checked against what the percolator refuses (`verifyQuery`), and kept as JSON text in the
 * string doc values of `<field>.query_builder_field` (ES keeps the query builder's bytes in binary
 * doc values of that sub-field), where the `percolate` query reads it back
 * (lib/search/percolate-weight.ts). The query's extracted terms and the extraction result
 * (`<field>.extracted_terms`, `<field>.extraction_result`) are added by the shard side, which
 * knows the index's analyzers (lib/search/percolator-extract.ts, lib/indices/mapper-impl.ts).
 */
import { parseQuery } from '../dsl/parse-query.js';
import type { Query } from '../dsl/query-types.js';
import { EsError } from '../errors/errors.js';
import type { DocFields, FieldShape } from './field-accumulator.js';
import { toPlain, type JsonValue } from './json-tree.js';

/** The sub-field holding a percolator field's query as JSON text. */
export function percolatorQueryField(path: string): string {
  return `${path}.query_builder_field`;
}

/** The sub-field holding the terms extracted from a percolator field's query (`field\0term`). */
export function percolatorExtractedTermsField(path: string): string {
  return `${path}.extracted_terms`;
}

/** The sub-field holding `complete`, `partial` or `failed`: how far the extraction describes the query. */
export function percolatorExtractionResultField(path: string): string {
  return `${path}.extraction_result`;
}

const QUERY_SHAPE: FieldShape = { indexed: false, positions: false, offsets: false, norms: false, boost: 1, store: false, docValues: 'string' };

function illegal(reason: string): EsError {
  return new EsError('illegal_argument_exception', 400, reason);
}

/** ES `PercolatorFieldMapper.verifyQuery`: queries a percolator field refuses, through bool, constant_score, function_score and boosting. */
export function verifyPercolatorQuery(q: Query): void {
  switch (q.kind) {
    case 'range':
      for (const bound of [q.from, q.to]) {
        if (typeof bound === 'string' && bound.includes('now')) throw illegal('percolator queries containing time range queries based on the current time is unsupported');
      }
      return;
    case 'has_child':
      throw illegal('the [has_child] query is unsupported inside a percolator query');
    case 'has_parent':
      throw illegal('the [has_parent] query is unsupported inside a percolator query');
    case 'bool':
      for (const c of [...q.filter, ...q.must, ...q.mustNot, ...q.should]) verifyPercolatorQuery(c);
      return;
    case 'constant_score':
      verifyPercolatorQuery(q.filter);
      return;
    case 'function_score':
      verifyPercolatorQuery(q.query);
      return;
    case 'boosting':
      verifyPercolatorQuery(q.negative);
      verifyPercolatorQuery(q.positive);
      return;
    default:
      return;
  }
}

/**
 * Index one value of a percolator field. An array is read element by element, as ES's document
 * parser hands each element to the mapper: a second query fails the document.
 */
export function indexPercolator(path: string, value: JsonValue, doc: DocFields): { added: boolean } {
  for (const v of Array.isArray(value) ? value : [value]) {
    const acc = doc.acc(percolatorQueryField(path), QUERY_SHAPE);
    if (acc.docValues.length > 0) throw illegal('a document can only contain one percolator query');
    const json = toPlain(v);
    verifyPercolatorQuery(parseQuery(json));
    acc.addDocValue(JSON.stringify(json));
  }
  return { added: true };
}
