/**
 * What the mapping layer hands the shard engine for one document: everything already analyzed
 * and encoded, so the engine never looks at mappings or JSON again. This is the seam between
 * `lib/mapping` (which knows ES field types) and `lib/shard` (which knows segments).
 */
import type { Token } from '../analysis/types.js';

/** One indexed field of a document (a full dotted path; multi-fields are separate entries). */
export interface IndexableField {
  /** Full path, e.g. `title`, `title.keyword`, `user.name`, `_all`, `_field_names`. */
  name: string;
  /**
   * Terms for the inverted index, in stream order. Text fields carry analyzed tokens with
   * positions/offsets; keyword, numeric, date, boolean, ip fields carry one token per value whose
   * `term` is the value's canonical encoding (see `lib/mapping/term-encoding.ts`).
   * Absent when the field is not indexed (`index: false`).
   */
  tokens?: Token[];
  /** Whether to keep positions in postings (text fields with index_options positions/offsets). */
  positions?: boolean;
  /** Whether to keep offsets in postings (index_options offsets). */
  offsets?: boolean;
  /** Whether the field length is kept as a norm (text fields; `norms: false` turns it off). */
  norms?: boolean;
  /** Field boost folded into the norm, as Lucene 6 does for index-time boosts (1 when absent). */
  boost?: number;
  /**
   * Doc values for sorting and aggregations, one entry per value: numbers for numeric, date
   * (epoch millis), boolean (0/1) fields; strings for keyword and ip fields. Absent when the
   * field has no doc values.
   */
  docValues?: Array<number | string>;
  /** Whether `docValues` are numeric (sorted-numeric) or strings (sorted-set). */
  docValuesType?: 'numeric' | 'string';
  /** Stored values when the mapping says `store: true`, rendered by `stored_fields`. */
  stored?: unknown[];
  /** Term vectors requested by the mapping (`term_vector`); kept per document when set. */
  termVector?: 'yes' | 'with_positions' | 'with_offsets' | 'with_positions_offsets' | 'with_positions_payloads' | 'with_positions_offsets_payloads';
}

/** A nested object indexed as its own hidden document, as Lucene block-joins do. */
export interface NestedDocument {
  /** Nested path, e.g. `comments` or `comments.replies`. */
  path: string;
  /** Offset of this object within its parent's array (rendered as `_nested.offset`). */
  offset: number;
  /**
   * For a nested document inside another nested document: the index (in `ParsedDocument.nested`)
   * of the enclosing nested document. Absent when the enclosing object is the root document.
   */
  parentIndex?: number;
  fields: IndexableField[];
}

/** A document ready for the engine. */
export interface ParsedDocument {
  type: string;
  id: string;
  routing?: string;
  parent?: string;
  /** The `_source` bytes to store (after `_source` includes/excludes); absent when `_source` is disabled. */
  source?: Buffer;
  /**
   * The source bytes this document was parsed from (after ingest pipelines, before `_source`
   * filtering; the same Buffer as `source` when `_source` is neither filtered nor disabled).
   * The op log records these, not the analyzed fields, and replay re-parses them, as ES's
   * translog does with the request source.
   */
  parsedSource: Buffer;
  fields: IndexableField[];
  nested?: NestedDocument[];
}
