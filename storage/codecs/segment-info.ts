/**
 * Segment info codec (format `strata-seginfo` v1): the small JSON record describing one
 * segment — its size, seq-no range, inverted fields with their index options and statistics,
 * and doc-values fields. Written once with the segment, never changed (deletes live in the
 * live-docs value).
 */

export const SEGMENT_INFO_FORMAT = { id: 'strata-seginfo', version: 1 } as const;

/** Index options and statistics of one inverted field of a segment. */
export interface FieldInfo {
  name: string;
  /** Whether term frequencies are indexed (false = Lucene IndexOptions.DOCS). */
  freqs: boolean;
  positions: boolean;
  offsets: boolean;
  /** Whether the segment holds a norms column for the field. */
  norms: boolean;
  docCount: number;
  sumDocFreq: number;
  /** -1 when frequencies are not indexed. */
  sumTotalTermFreq: number;
  termCount: number;
}

export interface SegmentInfo {
  id: number;
  /** Lucene-style name: `_` + base-36 generation. */
  name: string;
  maxDoc: number;
  minSeqNo: number;
  maxSeqNo: number;
  fields: FieldInfo[];
  docValues: Array<{ name: string; kind: 'numeric' | 'string' }>;
  /** Bytes written for this segment (sum of its values), for stats and the merge policy. */
  sizeInBytes: number;
  createdAt: number;
}

export function encodeSegmentInfo(s: SegmentInfo): Buffer {
  return Buffer.from(JSON.stringify(s), 'utf8');
}

export function decodeSegmentInfo(buf: Buffer): SegmentInfo {
  return JSON.parse(buf.toString('utf8')) as SegmentInfo;
}

/** Lucene segment names are `_` followed by the generation in base 36. */
export function segmentName(id: number): string {
  return `_${id.toString(36)}`;
}
