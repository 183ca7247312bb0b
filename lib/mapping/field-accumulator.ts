/**
 * Collects every value of one field of one (root or nested) document into a single
 * {@link IndexableField}: analyzed values are concatenated the way Lucene inverts repeated field
 * instances — each value after the first starts `positionIncrementGap` positions and
 * `offsetGap` characters after the previous one (DefaultIndexingChain#invert).
 */
import type { Analyzer, Token } from '../analysis/types.js';
import type { IndexableField } from './parsed-document.js';
import { illegalArgument } from './mapping-errors.js';

/**
 * Lucene's `IndexWriter.MAX_POSITION` (Integer.MAX_VALUE - 128). The indexing buffer keeps
 * positions in Int32Arrays as Lucene does, so a larger one is refused here, before the document
 * reaches the engine, as Lucene's indexing chain refuses it (a wide `position_increment_gap`
 * between many values can get there).
 */
export const MAX_POSITION = 2147483519;

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

/**
 * One analyzed value as a field recorded it: `_all` reuses it instead of analyzing the same text
 * with the same analyzer a second time (ES 5.6 analyzes each `_all` entry on its own, so the
 * tokens are the field's, renumbered from `_all`'s own position and offset).
 */
export interface AnalyzedRun {
  analyzer: Analyzer;
  /** The array `analyze` returned; the value's tokens are its first `count` (the field may have taken the array and appended later values). */
  tokens: Token[];
  count: number;
  /** What the field added to each token's position and offsets. */
  positionBase: number;
  offsetBase: number;
}

/**
 * What an accumulator holds until a value of the kind comes: most fields of a document have no
 * stored values and text fields no doc values, and an array each per field per document was
 * garbage for every document (frozen: a push into it would throw, not share values).
 */
const NONE: readonly never[] = Object.freeze([]);

export class FieldAccumulator {
  tokens: Token[] = [];
  /** Replaced by an array of their own on the first value (see `NONE`). */
  docValues: ReadonlyArray<number | string> = NONE;
  stored: readonly unknown[] = NONE;
  /** Absolute position of the last token (Lucene's FieldInvertState starts at -1). */
  private lastPosition = -1;
  private offsetBase = 0;
  private instances = 0;

  constructor(
    readonly name: string,
    readonly shape: FieldShape,
  ) {}

  /** Add one analyzed value; returns its tokens for `_all` to reuse (undefined when the field is not indexed). */
  addAnalyzed(text: string, analyzer: Analyzer, gap = analyzer.positionIncrementGap): AnalyzedRun | undefined {
    if (!this.shape.indexed) return undefined;
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
    return { analyzer, tokens, count: tokens.length, positionBase: base, offsetBase };
  }

  /**
   * Add the value `run` holds, analyzed by another field with `run.analyzer` — the tokens
   * `addAnalyzed(text, run.analyzer)` would add, copied instead of analyzed again.
   */
  addRun(text: string, run: AnalyzedRun): void {
    if (!this.shape.indexed) return;
    const analyzer = run.analyzer;
    if (this.instances > 0) {
      this.lastPosition += analyzer.positionIncrementGap;
      this.offsetBase += analyzer.offsetGap;
    }
    this.instances++;
    const shift = this.lastPosition + 1 - run.positionBase;
    const offsetShift = this.offsetBase - run.offsetBase;
    let last = this.lastPosition;
    const out = this.tokens;
    for (let i = 0; i < run.count; i++) {
      const t = run.tokens[i]!;
      const pos = t.position + shift;
      const copy: Token = { term: t.term, position: pos, startOffset: t.startOffset + offsetShift, endOffset: t.endOffset + offsetShift, type: t.type };
      if (t.positionLength !== undefined) copy.positionLength = t.positionLength;
      if (t.keyword !== undefined) copy.keyword = t.keyword;
      out.push(copy);
      if (pos > last) last = pos;
    }
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
    if (!this.shape.docValues) return;
    if (this.docValues === NONE) this.docValues = [v];
    else (this.docValues as Array<number | string>).push(v);
  }

  addStored(v: unknown): void {
    if (!this.shape.store) return;
    if (this.stored === NONE) this.stored = [v];
    else (this.stored as unknown[]).push(v);
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
    if (other.docValues.length > 0) this.docValues = this.docValues.concat(other.docValues);
    if (other.stored.length > 0) this.stored = this.stored.concat(other.stored);
    this.instances += other.instances;
  }

  /** True when anything was recorded. */
  get isEmpty(): boolean {
    return this.tokens.length === 0 && this.docValues.length === 0 && this.stored.length === 0 && this.instances === 0;
  }

  toField(): IndexableField {
    const s = this.shape;
    const f: IndexableField = { name: this.name };
    if (s.indexed && this.lastPosition > MAX_POSITION) {
      // Lucene names the first position past the limit. (Past Integer.MAX_VALUE its int
      // arithmetic wraps and it says "position overflowed Integer.MAX_VALUE" instead: the same
      // exception, worded differently.)
      const first = this.tokens.find((t) => t.position > MAX_POSITION) as Token;
      throw illegalArgument(`position ${first.position} is too large for field '${this.name}': max allowed position is ${MAX_POSITION}`);
    }
    if (s.indexed) {
      f.tokens = this.tokens;
      f.positions = s.positions;
      f.offsets = s.offsets;
      f.norms = s.norms;
      if (s.boost !== 1) f.boost = s.boost;
    }
    if (s.docValues && this.docValues.length > 0) {
      f.docValues = this.docValues as Array<number | string>;
      f.docValuesType = s.docValues;
    }
    if (s.store && this.stored.length > 0) f.stored = this.stored as unknown[];
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
