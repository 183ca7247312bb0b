/**
 * Range queries. Few matching terms: union of their postings (a term-range scan). Many terms on a
 * field with numeric doc values: verify each candidate doc's values instead, as ES 5.6's
 * `IndexOrDocValuesQuery` does for numeric ranges, so a wide range costs nothing when another
 * clause leads the conjunction.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { DocSetWeight } from './constant-weights.js';
import { docsOfTerms, rangeBounds } from './term-expansion.js';
import { AllDocsScorer, DocListScorer, NO_MORE_DOCS, type Scorer } from './scorer.js';
import { columnOf, type Column } from './doc-values-column.js';
import { cachedDocSet } from './query-cache.js';

/** Numeric bounds of a range on doc values (inclusive flags). */
export interface NumericBounds {
  lo: number;
  hi: number;
  incLo: boolean;
  incHi: boolean;
}

/** Terms in range above which doc values verification is used. */
const DOC_VALUES_THRESHOLD = 128;

type NumericColumn = Extract<Column, { kind: 'numeric' }>;

function numericColumn(seg: SegmentReader, field: string): NumericColumn | undefined {
  const c = columnOf(seg, field);
  return c?.kind === 'numeric' ? c : undefined;
}

/** Every doc is a candidate; the numeric doc values confirm it (also as a two-phase check). */
class DocValuesRangeScorer extends AllDocsScorer {
  constructor(
    private readonly col: NumericColumn,
    private readonly b: NumericBounds,
    maxDoc: number,
    value: number,
  ) {
    super(maxDoc, value);
  }
  override advance(target: number): number {
    for (let d = target; d < this.maxDoc; d++) if (this.matches(d)) return (this.doc = d);
    return (this.doc = NO_MORE_DOCS);
  }
  matches(d: number): boolean {
    const { start, values } = this.col;
    const { lo, hi, incLo, incHi } = this.b;
    const e = start[d + 1] as number;
    for (let i = start[d] as number; i < e; i++) {
      const v = values[i] as number;
      if ((incLo ? v >= lo : v > lo) && (incHi ? v <= hi : v < hi)) return true;
    }
    return false;
  }
}

/** A range over a field's terms (encoded bounds), with optional numeric bounds for doc values. */
export class RangeWeight extends DocSetWeight {
  constructor(
    description: string,
    boost: number,
    private readonly field: string,
    private readonly from: string | null,
    private readonly to: string | null,
    private readonly incLo: boolean,
    private readonly incHi: boolean,
    private readonly numeric: NumericBounds | undefined,
  ) {
    super(description, boost, (seg) => docsOfTerms(seg, field, this.termSlice(seg)));
  }

  private bounds(seg: SegmentReader): [number, number] {
    const [start, end] = rangeBounds(seg.terms(this.field), this.from, this.to, this.incLo, this.incHi);
    return [start, Math.max(start, end)];
  }

  private termSlice(seg: SegmentReader): string[] {
    const [s, e] = this.bounds(seg);
    return seg.terms(this.field).slice(s, e);
  }

  override async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const [s, e] = this.bounds(seg);
    if (e <= s) return null;
    if (this.numeric && e - s > DOC_VALUES_THRESHOLD) {
      const col = numericColumn(seg, this.field);
      if (col) return new DocValuesRangeScorer(col, this.numeric, seg.maxDoc, Math.fround(this.boost));
    }
    const docs = await cachedDocSet(seg, this.description, () => docsOfTerms(seg, this.field, seg.terms(this.field).slice(s, e)));
    return docs && docs.length > 0 ? new DocListScorer(docs, Math.fround(this.boost)) : null;
  }
}
