/**
 * A segment's doc-values column of one field, as sorts, aggregations and scripts read it:
 * per-doc value ranges (`start`) over numbers, or over ordinals into sorted terms.
 */
import type { SegmentReader } from '../shard/segment-reader.js';

export type Column = { kind: 'numeric'; start: Int32Array; values: Float64Array } | { kind: 'string'; terms: string[]; start: Int32Array; ords: Int32Array };

/** The column of `field` in `seg` (Strata's segment readers expose the raw columns). */
export function columnOf(seg: SegmentReader, field: string): Column | undefined {
  const s = seg as SegmentReader & { docValuesColumn?: (f: string) => Column | undefined };
  return typeof s.docValuesColumn === 'function' ? s.docValuesColumn(field) : undefined;
}
