/**
 * Block joins over nested documents (Lucene 6.6 `ToParentBlockJoinQuery`, ES 5.6's `nested`
 * query). A document and its nested objects are one block of consecutive doc numbers in one
 * segment: each nested object's doc comes after its own nested children, and the root comes last
 * (storage/segment-builder.ts). A "level" is the set of docs of one nested path, or the root docs
 * (path undefined); a child doc's parent is the next doc of the parent level.
 */
import type { JoinScoreMode } from '../dsl/queries/join-score-mode.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import type { Weight } from './weight.js';

interface NestedReader {
  nestedPath(doc: number): string | undefined;
}

/** The segment's nested-path lookup, when its reader knows nested documents. */
export function nestedReaderOf(seg: SegmentReader): NestedReader | undefined {
  const r = seg as SegmentReader & Partial<NestedReader>;
  return typeof r.nestedPath === 'function' ? (r as NestedReader) : undefined;
}

/**
 * The docs of one level of a segment as a bitset (1 = in the level): the root docs when `path`
 * is undefined, else the nested docs of exactly that path. Memoised per (segment, path) in the
 * `memo` a caller owns (one per request: no cache outlives it).
 */
export function levelBits(seg: SegmentReader, path: string | undefined, memo?: Map<SegmentReader, Map<string, Uint8Array>>): Uint8Array {
  const key = path === undefined ? '' : `.${path}`;
  let perSeg = memo?.get(seg);
  const hit = perSeg?.get(key);
  if (hit) return hit;
  const bits = new Uint8Array(seg.maxDoc);
  const r = nestedReaderOf(seg);
  for (let d = 0; d < seg.maxDoc; d++) if ((r ? r.nestedPath(d) : undefined) === path) bits[d] = 1;
  if (memo) {
    if (!perSeg) memo.set(seg, (perSeg = new Map()));
    perSeg.set(key, bits);
  }
  return bits;
}

/** The first doc >= from in the level, or NO_MORE_DOCS. */
export function nextInLevel(bits: Uint8Array, from: number): number {
  for (let d = from; d < bits.length; d++) if (bits[d] === 1) return d;
  return NO_MORE_DOCS;
}

/** The last doc <= from in the level, or -1. */
export function prevInLevel(bits: Uint8Array, from: number): number {
  for (let d = Math.min(from, bits.length - 1); d >= 0; d--) if (bits[d] === 1) return d;
  return -1;
}

/**
 * Matches parent-level docs that have at least one child (a doc of `childBits` in the parent's
 * block) matched by the child scorer; the score combines the children's scores by `mode`.
 */
class BlockJoinScorer implements Scorer {
  private doc = -1;
  private current = 0;
  private count = 0;
  constructor(
    private readonly child: Scorer,
    private readonly childBits: Uint8Array,
    private readonly parentBits: Uint8Array,
    private readonly mode: JoinScoreMode,
  ) {}
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    return this.advance(this.doc + 1);
  }
  /** The child scorer's first doc >= target that is a doc of the child level. */
  private childAtOrAfter(target: number): number {
    let c = this.child.docID();
    if (c < target) c = this.child.advance(target);
    while (c !== NO_MORE_DOCS && this.childBits[c] !== 1) c = this.child.nextDoc();
    return c;
  }
  advance(target: number): number {
    if (target >= this.parentBits.length) return (this.doc = NO_MORE_DOCS);
    // children of a parent >= target come after the last parent before target
    const first = target === 0 ? 0 : prevInLevel(this.parentBits, target - 1) + 1;
    let c = this.childAtOrAfter(first);
    if (c === NO_MORE_DOCS) return (this.doc = NO_MORE_DOCS);
    const parent = nextInLevel(this.parentBits, c + 1);
    if (parent === NO_MORE_DOCS) return (this.doc = NO_MORE_DOCS);
    // Lucene accumulates in a double and rounds to float once (BlockJoinScorer.setScoreAndFreq)
    const none = this.mode === 'none';
    let score = none ? 0 : this.child.score();
    let n = 1;
    for (c = this.childAtOrAfter(c + 1); c < parent; c = this.childAtOrAfter(c + 1)) {
      n++;
      if (none) continue;
      const s = this.child.score();
      if (this.mode === 'min') score = Math.min(score, s);
      else if (this.mode === 'max') score = Math.max(score, s);
      else score += s;
    }
    if (this.mode === 'avg') score /= n;
    this.current = Math.fround(score);
    this.count = n;
    return (this.doc = parent);
  }
  score(): number {
    return this.current;
  }
  freq(): number {
    return this.count;
  }
  cost(): number {
    return this.child.cost();
  }
}

/**
 * `nested` as ES 5.6 compiles it: `ESToParentBlockJoinQuery(childQuery filtered to the nested
 * path, parent filter = the enclosing nested level or the root docs, score mode)`.
 */
export class NestedWeight implements Weight {
  readonly description: string;
  private readonly memo = new Map<SegmentReader, Map<string, Uint8Array>>();
  constructor(
    readonly child: Weight,
    /** Nested path of the child docs. */
    readonly path: string,
    /** Nested path of the parent docs (undefined: the root docs). */
    readonly parentPath: string | undefined,
    readonly mode: JoinScoreMode,
  ) {
    this.description = `ToParentBlockJoinQuery (+${child.description} #_type:__${path})`;
  }
  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    if (!nestedReaderOf(seg)) return null;
    const child = await this.child.scorer(seg);
    if (!child) return null;
    return new BlockJoinScorer(child, levelBits(seg, this.path, this.memo), levelBits(seg, this.parentPath, this.memo), this.mode);
  }
  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const s = await this.scorer(seg);
    if (!s || s.advance(doc) !== doc) return explNoMatch('Not a match');
    const childBits = levelBits(seg, this.path, this.memo);
    const start = prevInLevel(levelBits(seg, this.parentPath, this.memo), doc - 1) + 1;
    let best: Explanation | undefined;
    let matches = 0;
    for (let c = start; c < doc; c++) {
      if (childBits[c] !== 1) continue;
      const e = await this.child.explain(seg, c);
      if (!e.match) continue;
      matches++;
      if (!best || e.value > best.value) best = e;
    }
    return explMatch(s.score(), `Score based on ${matches} child docs in range from ${start} to ${doc - 1}, best match:`, best ? [best] : []);
  }
}
