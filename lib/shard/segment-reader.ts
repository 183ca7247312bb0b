/**
 * Read access to one immutable segment, the contract between the engine (which builds and loads
 * segments from storage/) and query execution (lib/search), which runs a compiled query
 * segment by segment. Dictionaries, norms, doc values and live docs are held in memory and read
 * synchronously; postings blocks and stored documents come from LevelDB (through a cache) and are
 * read asynchronously, so a query first fetches the blocks it needs, then scores synchronously.
 *
 * The engine may add members; it must not change the meaning of these.
 */
import type { StoredDocument } from './types.js';
import type { TermList } from '../../storage/codecs/term-list.js';
export type { TermList };

import type { Postings } from '../../storage/types.js';
export type { Postings };
import type { ShardQueryCache } from '../search/query-cache.js';
import type { SegmentLru } from '../search/segment-lru.js';

/** Per-field statistics over the segment's documents (live or not, as Lucene counts them). */
export interface FieldStats {
  /** Documents with at least one term in the field. */
  docCount: number;
  /** Sum over terms of document frequency. */
  sumDocFreq: number;
  /** Sum over terms of total term frequency (-1 when frequencies are not indexed). */
  sumTotalTermFreq: number;
}

/** Stored documents by doc number, per segment (`SegmentReader.segmentKey`). */
export type StoredDocCache = SegmentLru<number, StoredDocument>;

/** The caches a shard's segment readers fill: the node's, shared by all its shards. */
export interface ReaderCaches {
  /** Decoded postings blocks by segment: `field \0 term`. */
  readonly postings: SegmentLru<string, Postings>;
  readonly query?: ShardQueryCache;
  readonly storedDocs?: StoredDocCache;
}

export interface SegmentReader {
  readonly name: string;
  /** The node's query cache and this shard's figures in it (none for in-memory segments). */
  readonly queryCache?: ShardQueryCache;
  /** The node's stored documents read by fetch phases (none for in-memory segments). */
  readonly storedDocCache?: StoredDocCache;
  /**
   * The segment's identity, the same object for every reader of it (a delete makes a new
   * reader of the same segment): what depends on the segment alone, as its stored documents,
   * is cached under it (absent: the reader is its own key).
   */
  readonly segmentKey?: object;
  /** Number of document slots (deleted included). */
  readonly maxDoc: number;
  /** Live (not deleted) documents. */
  readonly numDocs: number;
  isLive(doc: number): boolean;

  /** Fields with an inverted index in this segment. */
  fields(): string[];
  fieldStats(field: string): FieldStats | undefined;
  /** Document frequency of a term, 0 when absent. */
  docFreq(field: string, term: string): number;
  /** Total term frequency of a term, 0 when absent. */
  totalTermFreq(field: string, term: string): number;
  /**
   * The field's terms in ascending (UTF-16 code unit) order; use for prefix/range/wildcard/fuzzy.
   * Packed, not an array: `at(i)` makes a string, `lowerBound`/`indexOf` seek without making any.
   */
  terms(field: string): TermList;
  /** Postings of a term, or null when the term is absent. */
  postings(field: string, term: string): Promise<Postings | null>;

  /** Lucene 6 one-byte encoded norm of a document's field (0 when the doc has no norm). */
  norm(field: string, doc: number): number;

  /** Numeric doc values of a document (sorted ascending), empty when none. */
  numericValues(field: string, doc: number): readonly number[];
  /** String doc values of a document (sorted ascending, deduplicated), empty when none. */
  stringValues(field: string, doc: number): readonly string[];
  /** Whether the field has doc values in this segment. */
  hasDocValues(field: string): boolean;

  /** The stored document (source, stored fields, metadata) of a doc number. */
  document(doc: number): Promise<StoredDocument>;
}

/** A point-in-time view of a shard: the segments visible after the last refresh. */
export interface Searcher {
  readonly segments: readonly SegmentReader[];
  /** Release the view so merged-away segments can be dropped. */
  release(): void;
}

/**
 * What Strata's segment readers offer beyond the contract (additive; query execution may use
 * these for speed or for nested documents). Nested documents get their own doc numbers just
 * before their root document, as Lucene block-joins index them, and share its type and id.
 */
export interface StrataSegmentReader extends SegmentReader {
  /** Deleted document slots. */
  readonly deletedDocs: number;
  /** Bytes this segment takes in the store. */
  readonly sizeInBytes: number;
  /** Index options and statistics of an inverted field. */
  fieldInfo(field: string): { freqs: boolean; positions: boolean; offsets: boolean; norms: boolean } | undefined;
  /** Postings of several terms of a field in one LevelDB round trip (null = absent term). */
  postingsMany(field: string, terms: readonly string[]): Promise<Array<Postings | null>>;
  /** Whether the field keeps norms in this segment. */
  hasNorms(field: string): boolean;
  /** The field's norm bytes, one per doc (0 = no norm), when it keeps norms: for scorers' inner loops. */
  normBytes(field: string): Uint8Array | undefined;
  /**
   * The raw doc values column: numeric `{kind: 'numeric', start, values}` (values of doc d are
   * `values[start[d] .. start[d+1])`) or string `{kind: 'string', terms, start, ords}` with
   * `terms` sorted, so ordinals compare as the strings do.
   */
  docValuesColumn(field: string):
    | { kind: 'numeric'; start: Int32Array; values: Float64Array }
    | { kind: 'string'; terms: string[]; start: Int32Array; ords: Int32Array }
    | undefined;
  /** `_type` of a doc (nested docs: their root's), without reading the stored document. */
  docType(doc: number): string;
  /**
   * The root docs (nested docs excluded) of one `_type`, ascending, deleted ones included.
   * Built once per segment: a segment's types never change, and `/{index}/{type}/_search`
   * filters on them in every query.
   */
  typeDocs(type: string): Int32Array;
  /** `_id` of a doc (nested docs: their root's). */
  docId(doc: number): string;
  /** Version the doc was indexed with. */
  docVersion(doc: number): number;
  docSeqNo(doc: number): number;
  /** Nested path of a nested doc (e.g. `comments`), undefined for root documents. */
  nestedPath(doc: number): string | undefined;
  /** Offset of a nested doc within its parent's array. */
  nestedOffset(doc: number): number;
  /** The root document of a nested doc (itself for a root doc). */
  rootDoc(doc: number): number;
  /** Stored documents of several docs in one LevelDB round trip. */
  documents(docs: readonly number[]): Promise<StoredDocument[]>;
  /**
   * Stored documents of ascending root docs, read as one ordered range of the keyspace (from
   * the first doc's key to the last's, skipping the others) rather than one lookup per doc: a
   * by-scroll scan reads a segment front to back. Uncached (a scan reads each document once).
   */
  documentsInRange(docs: readonly number[]): Promise<StoredDocument[]>;
}

/** A Searcher whose segments are StrataSegmentReaders. */
export interface StrataSearcher extends Searcher {
  readonly segments: readonly StrataSegmentReader[];
}
