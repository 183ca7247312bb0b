/**
 * `percolate` (ES 5.6 `PercolateQueryBuilder.fromXContent`): which stored queries of a
 * `percolator` field match one document, given inline (`document`) or as a stored document
 * (`index`/`type`/`id`, with `routing`, `preference`, `version`). The coordinator replaces a stored
 * document by its `_source` before the shards see the query (lib/action/search/percolate-lookups.ts);
 * the shard runs each stored query against the document (lib/search/percolate-weight.ts).
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, illegalArgument, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isObject, isValue, longValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';

/** The stored document to percolate, before the coordinator fetched it. */
export interface PercolateIndexedDocument {
  index: string;
  type: string;
  id: string;
  routing?: string;
  preference?: string;
  version?: number;
}

/** A parsed `percolate` query: exactly one of `document` and `indexed` is set. */
export interface PercolateQuery extends QueryBase {
  kind: 'percolate';
  /** The `percolator` field holding the queries. */
  field: string;
  /** The mapping type the document is parsed as. */
  documentType: string;
  /** The document to percolate, as JSON. */
  document?: JsonObject;
  indexed?: PercolateIndexedDocument;
}

/** Parse a `percolate` body. */
export function parsePercolate(ctx: ParseContext, body: JsonObject): PercolateQuery {
  let field: string | undefined;
  let documentType: string | undefined;
  let document: JsonObject | undefined;
  const idx: Partial<PercolateIndexedDocument> = {};
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isObject(v)) {
      if (key !== 'document') throw ctx.error(`[percolate] query does not support [${tokenOf(v)}]`, ctx.atValue(body, key));
      document = v;
    } else if (isValue(v)) {
      if (key === 'field') field = textValue(v);
      else if (key === 'document_type') documentType = textValue(v);
      else if (key === 'index') idx.index = textValue(v);
      else if (key === 'type') idx.type = textValue(v);
      else if (key === 'id') idx.id = textValue(v);
      else if (key === 'routing') idx.routing = textValue(v);
      else if (key === 'preference') idx.preference = textValue(v);
      else if (key === 'version') idx.version = longValue(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('percolate', body, key);
    } else {
      throw ctx.error(`[percolate] query does not support [${tokenOf(v)}]`, ctx.atValue(body, key));
    }
  }
  if (documentType === undefined) throw illegalArgument('[percolate] query is missing required [document_type] parameter');
  // the builder's constructors check their arguments in this order
  if (document !== undefined) {
    if (field === undefined) throw illegalArgument('[field] is a required argument');
    return withBase(base, { kind: 'percolate' as const, field, documentType, document });
  }
  if (idx.id === undefined) throw illegalArgument('[percolate] query, nothing to percolate');
  if (field === undefined) throw illegalArgument('[field] is a required argument');
  if (idx.index === undefined) throw illegalArgument('[index] is a required argument');
  if (idx.type === undefined) throw illegalArgument('[type] is a required argument');
  const indexed: PercolateIndexedDocument = { index: idx.index, type: idx.type, id: idx.id };
  if (idx.routing !== undefined) indexed.routing = idx.routing;
  if (idx.preference !== undefined) indexed.preference = idx.preference;
  if (idx.version !== undefined) indexed.version = idx.version;
  return withBase(base, { kind: 'percolate' as const, field, documentType, indexed });
}
