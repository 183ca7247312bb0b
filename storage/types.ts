/**
 * Plain data shapes that storage codecs produce and the engine above consumes. They live here,
 * at the bottom, so that nothing in storage/ imports lib/shard.
 */

/** A stored document as get/mget/search fetch return it. */
export interface StoredDocument {
  type: string;
  id: string;
  version: number;
  routing?: string;
  parent?: string;
  /** `_source` bytes, absent when `_source` was disabled. */
  source?: Buffer;
  /** Stored field values by field name (only fields mapped with `store: true`). */
  stored: Record<string, unknown[]>;
}

/** Postings of one term in one segment. Doc numbers are segment-local and ascending. */
export interface Postings {
  docs: Int32Array;
  freqs: Int32Array;
  /**
   * Positions when the field indexes them: positions of `docs[i]` are
   * `positions.subarray(posStart[i], posStart[i + 1])`.
   */
  positions?: Int32Array;
  posStart?: Int32Array;
  /** Start/end offsets, parallel to `positions`, when the field indexes offsets. */
  startOffsets?: Int32Array;
  endOffsets?: Int32Array;
}
