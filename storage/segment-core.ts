/**
 * The in-memory, immutable part of a sealed segment: what queries read synchronously
 * (term dictionaries, norms, doc values, doc ids, where the stored chunks start) plus its info.
 * Postings and stored documents stay in LevelDB and are read on demand.
 */
import type { DocIds } from './codecs/doc-ids.js';
import type { DocValuesColumn } from './codecs/doc-values.js';
import type { FieldInfo, SegmentInfo } from './codecs/segment-info.js';
import type { TermDict } from './codecs/term-dict.js';

export interface FieldCore {
  info: FieldInfo;
  dict: TermDict;
  /** One Lucene norm byte per doc, when the field keeps norms. */
  norms?: Uint8Array;
}

export interface SegmentCore {
  info: SegmentInfo;
  fields: Map<string, FieldCore>;
  docValues: Map<string, DocValuesColumn>;
  docIds: DocIds;
  /**
   * The first doc of each stored chunk (storage/codecs/stored-chunk.ts); undefined for a segment
   * written before chunks, whose stored documents have a key each.
   */
  storedChunks?: Int32Array;
}
