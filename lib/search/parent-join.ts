/**
 * `_parent` joins (ES 5.6 `HasChildQueryBuilder.LateParsingQuery` over Lucene 6.6 `JoinUtil`'s
 * global-ordinal joins). A parent and its children live on one shard (children are routed by
 * their parent's id); both carry the join value as doc values: `_parent#<parent type>` holds a
 * parent's own id and a child's parent id. The "from" side (the inner query on children for
 * `has_child`, on parents for `has_parent`) is collected over the whole shard first: join value →
 * aggregated score and count; the "to" side then matches the docs whose join value was collected.
 */
import type { JoinScoreMode } from '../dsl/queries/join-score-mode.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import { NO_MORE_DOCS, ScoredListScorer, type Scorer } from './scorer.js';
import type { Weight } from './weight.js';

interface JoinReader {
  docType(doc: number): string;
  nestedPath(doc: number): string | undefined;
}

/** The join value of a root doc: `_parent#<parentType>` doc values. */
export function joinValue(seg: SegmentReader, parentType: string, doc: number): string | undefined {
  return seg.stringValues(`_parent#${parentType}`, doc)[0];
}

/** Whether `doc` is a live root doc of one of `types`. */
export function isRootOfType(seg: SegmentReader, doc: number, types: ReadonlySet<string>): boolean {
  const r = seg as SegmentReader & Partial<JoinReader>;
  if (!seg.isLive(doc)) return false;
  if (r.nestedPath && r.nestedPath(doc) !== undefined) return false;
  return r.docType ? types.has(r.docType(doc)) : false;
}

/** Aggregated scores and counts per join value (Lucene's `GlobalOrdinalsWithScoreCollector`). */
export interface JoinCollection {
  scores: Map<string, number>;
  counts: Map<string, number>;
}

/** Run `from` over every segment: its matches of `fromTypes` grouped by join value. */
export async function collectJoin(segments: readonly SegmentReader[], from: Weight, fromTypes: ReadonlySet<string>, parentType: string, mode: JoinScoreMode): Promise<JoinCollection> {
  const scores = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const seg of segments) {
    const s = await from.scorer(seg);
    if (!s) continue;
    for (let d = s.nextDoc(); d !== NO_MORE_DOCS; d = s.nextDoc()) {
      if (!isRootOfType(seg, d, fromTypes)) continue;
      const v = joinValue(seg, parentType, d);
      if (v === undefined) continue;
      const score = mode === 'none' ? 1 : s.score();
      const n = counts.get(v) ?? 0;
      counts.set(v, n + 1);
      const prev = scores.get(v);
      // the collectors keep float arrays: every step rounds to float
      if (prev === undefined) scores.set(v, score);
      else if (mode === 'min') scores.set(v, Math.min(prev, score));
      else if (mode === 'max') scores.set(v, Math.max(prev, score));
      else if (mode === 'sum' || mode === 'avg') scores.set(v, Math.fround(prev + score));
    }
  }
  return { scores, counts };
}

/**
 * The "to" side of a join: live root docs of `toTypes` whose join value was collected with a
 * count in [min, max], scoring `boost` × the aggregated score (1 for mode none).
 */
export class JoinWeight implements Weight {
  constructor(
    readonly description: string,
    private readonly collected: JoinCollection,
    private readonly toTypes: ReadonlySet<string>,
    private readonly parentType: string,
    private readonly mode: JoinScoreMode,
    private readonly boost: number,
    private readonly min = 0,
    private readonly max = Number.MAX_SAFE_INTEGER,
  ) {}

  /** The score of a "to" doc, or undefined when it does not match. */
  private scoreOf(seg: SegmentReader, doc: number): number | undefined {
    if (!isRootOfType(seg, doc, this.toTypes)) return undefined;
    const v = joinValue(seg, this.parentType, doc);
    if (v === undefined) return undefined;
    const n = this.collected.counts.get(v);
    if (n === undefined || n < this.min || n > this.max) return undefined;
    if (this.mode === 'none') return Math.fround(this.boost);
    let s = this.collected.scores.get(v) as number;
    if (this.mode === 'avg') s = Math.fround(s / n);
    return Math.fround(this.boost * s);
  }

  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    if (this.collected.counts.size === 0) return null;
    const r = seg as SegmentReader & { typeDocs?(type: string): Int32Array };
    const docs: number[] = [];
    const scores: number[] = [];
    const candidates = r.typeDocs ? [...this.toTypes].flatMap((t) => [...r.typeDocs!(t)]).sort((a, b) => a - b) : [...Array(seg.maxDoc).keys()];
    for (const d of candidates) {
      const s = this.scoreOf(seg, d);
      if (s === undefined) continue;
      docs.push(d);
      scores.push(s);
    }
    if (docs.length === 0) return null;
    return new ScoredListScorer(Int32Array.from(docs), Float32Array.from(scores));
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const s = this.scoreOf(seg, doc);
    if (s === undefined) return explNoMatch('Not a match');
    return explMatch(s, `A match, join value ${joinValue(seg, this.parentType, doc) ?? ''}`);
  }
}

