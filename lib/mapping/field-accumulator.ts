/**
 * Collects every value of one field of one (root or nested) document into a single
 * {@link IndexableField}: analyzed values are concatenated the way Lucene inverts repeated field
 * instances — each value after the first starts `positionIncrementGap` positions and
 * `offsetGap` characters after the previous one (DefaultIndexingChain#invert).
 */
import type { Analyzer, Token } from '../analysis/types.js';
import type { IndexableField } from './parsed-document.js';

/** How a field is indexed. */
export interface FieldShape {
  indexed: boolean;
  positions: boolean;
  offsets: boolean;
  norms: boolean;
  boost: number;
  docValues?: 'numeric' | 'string';
  store: boolean;
  termVector?: IndexableField['termVector'];
}

export class FieldAccumulator {
  tokens: Token[] = [];
  readonly docValues: Array<number | string> = [];
  readonly stored: unknown[] = [];
  /** Absolute position of the last token (Lucene's FieldInvertState starts at -1). */
  private lastPosition = -1;
  private offsetBase = 0;
  private instances = 0;

  constructor(
    readonly name: string,
    readonly shape: FieldShape,
  ) {}

  /** Add one analyzed value. */
  addAnalyzed(text: string, analyzer: Analyzer, gap = analyzer.positionIncrementGap): void {
    if (!this.shape.indexed) return;
    if (this.instances > 0) {
      this.lastPosition += gap;
      this.offsetBase += analyzer.offsetGap;
    }
    this.instances++;
    const base = this.lastPosition + 1;
    let last = this.lastPosition;
    const tokens = analyzer.analyze(text);
    const offsetBase = this.offsetBase;
    // analyze() hands over fresh tokens (and their array): shift them in place instead of
    // copying each one, and take the array itself for the field's first value.
    const own = this.tokens.length === 0;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const pos = base + t.position;
      t.position = pos;
      t.startOffset += offsetBase;
      t.endOffset += offsetBase;
      if (!own) this.tokens.push(t);
      if (pos > last) last = pos;
    }
    if (own) this.tokens = tokens;
    this.lastPosition = last;
    this.offsetBase += text.length;
  }

  /** Add one untokenized term (keyword, numeric, date, boolean, ip values). */
  addTerm(term: string, original: string, type = 'word'): void {
    if (!this.shape.indexed) return;
    if (this.instances > 0) this.offsetBase += 1;
    this.instances++;
    this.lastPosition += 1;
    this.tokens.push({ term, position: this.lastPosition, startOffset: this.offsetBase, endOffset: this.offsetBase + original.length, type });
    this.offsetBase += original.length;
  }

  addDocValue(v: number | string): void {
    if (this.shape.docValues) this.docValues.push(v);
  }

  addStored(v: unknown): void {
    if (this.shape.store) this.stored.push(v);
  }

  /** Merge another accumulator's content (include_in_parent / include_in_root copies). */
  absorb(other: FieldAccumulator): void {
    const shift = this.tokens.length > 0 ? this.lastPosition + 100 + 1 : 0;
    // Loops, not spreads: spreading a long token or value list into a call overflows the stack.
    for (const t of other.tokens) this.tokens.push({ ...t, position: t.position + shift });
    if (other.tokens.length > 0) {
      let max = -Infinity;
      for (const t of this.tokens) if (t.position > max) max = t.position;
      this.lastPosition = max;
    }
    for (const v of other.docValues) this.docValues.push(v);
    for (const v of other.stored) this.stored.push(v);
    this.instances += other.instances;
  }

  /** True when anything was recorded. */
  get isEmpty(): boolean {
    return this.tokens.length === 0 && this.docValues.length === 0 && this.stored.length === 0 && this.instances === 0;
  }

  toField(): IndexableField {
    const s = this.shape;
    const f: IndexableField = { name: this.name };
    if (s.indexed) {
      f.tokens = this.tokens;
      f.positions = s.positions;
      f.offsets = s.offsets;
      f.norms = s.norms;
      if (s.boost !== 1) f.boost = s.boost;
    }
    if (s.docValues && this.docValues.length > 0) {
      f.docValues = this.docValues;
      f.docValuesType = s.docValues;
    }
    if (s.store && this.stored.length > 0) f.stored = this.stored;
    if (s.termVector) f.termVector = s.termVector;
    return f;
  }
}

/** The fields of one Lucene document being built. */
export class DocFields {
  readonly fields = new Map<string, FieldAccumulator>();
  /** Paths that received a value, for `_field_names`. */
  readonly fieldNames = new Set<string>();

  acc(name: string, shape: FieldShape): FieldAccumulator {
    let a = this.fields.get(name);
    if (!a) {
      a = new FieldAccumulator(name, shape);
      this.fields.set(name, a);
    }
    return a;
  }

  /** Record `path` and all its parent paths as having a value (FieldNamesFieldMapper). */
  markFieldName(path: string): void {
    let i = path.indexOf('.');
    while (i >= 0) {
      this.fieldNames.add(path.slice(0, i));
      i = path.indexOf('.', i + 1);
    }
    this.fieldNames.add(path);
  }

  /** Copy all fields of `other` (a nested document) into this one. */
  absorb(other: DocFields): void {
    for (const [name, a] of other.fields) {
      if (name === '_type' || name === '_uid') continue;
      this.acc(name, a.shape).absorb(a);
    }
    for (const n of other.fieldNames) this.fieldNames.add(n);
  }

  toFields(): IndexableField[] {
    const out: IndexableField[] = [];
    for (const a of this.fields.values()) if (!a.isEmpty) out.push(a.toField());
    return out;
  }
}
