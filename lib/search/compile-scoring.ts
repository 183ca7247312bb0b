/**
 * `function_score` and `boosting`: weights that rescore another weight's matches.
 */
import type { BoostingQuery, FunctionScoreQuery } from '../dsl/query-types.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { CompileContext } from './compile-context.js';
import { compileQuery, type CompileScope } from './compile-query.js';
import { explMatch, explNoMatch, javaFloat, type Explanation } from './explanation.js';
import { compileFunction, type CompiledFunction, type DocFunction } from './score-functions.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import type { Weight } from './weight.js';
import { extractHighlightTerms, type HighlightTermSink } from './highlight/query-terms.js';

const fr = Math.fround;

interface BoundFn {
  filter: Scorer | null;
  fn: DocFunction;
  weight: number;
}

/** Combine query score and function factor (`CombineFunction`). */
function combine(mode: string, q: number, f: number, maxBoost: number): number {
  const c = Math.min(f, maxBoost);
  switch (mode) {
    case 'replace':
      return fr(c);
    case 'sum':
      return fr(q + c);
    case 'avg':
      return fr((q + c) / 2);
    case 'max':
      return fr(Math.max(q, c));
    case 'min':
      return fr(Math.min(q, c));
    default:
      return fr(q * c);
  }
}

class FunctionScorer implements Scorer {
  private doc = -1;
  private cur = 0;
  constructor(
    private readonly inner: Scorer,
    private readonly fns: BoundFn[],
    private readonly w: FunctionScoreWeight,
  ) {}
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    return this.advance(this.doc + 1);
  }
  advance(target: number): number {
    let d = this.inner.docID() >= target ? this.inner.docID() : this.inner.advance(target);
    for (; d !== NO_MORE_DOCS; d = this.inner.nextDoc()) {
      this.cur = this.compute(d);
      if (this.w.minScore === undefined || this.cur >= this.w.minScore) return (this.doc = d);
    }
    return (this.doc = NO_MORE_DOCS);
  }
  private compute(d: number): number {
    const sub = this.inner.score();
    if (this.fns.length === 0) return sub;
    const { factor, any } = this.w.factor(d, sub, this.fns);
    return combine(this.w.boostMode, sub, any ? factor : 1, this.w.maxBoost);
  }
  score(): number {
    return this.cur;
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    return this.inner.cost();
  }
}

export class FunctionScoreWeight implements Weight {
  readonly description: string;
  constructor(
    readonly inner: Weight,
    readonly functions: Array<{ filter: Weight | null; fn: CompiledFunction; weight: number }>,
    readonly scoreMode: string,
    readonly boostMode: string,
    readonly maxBoost: number,
    readonly minScore: number | undefined,
  ) {
    this.description = `function score (${inner.description}, functions: [...])`;
  }
  /** Highlighting: the wrapped query (ES's CustomQueryScorer unwraps function_score). */
  extractHighlightTerms(sink: HighlightTermSink): void {
    extractHighlightTerms(this.inner, sink);
  }

  /** Combine the functions whose filters match `d` (score_mode). */
  factor(d: number, sub: number, fns: BoundFn[]): { factor: number; any: boolean } {
    let factor = this.scoreMode === 'multiply' ? 1 : 0;
    let weightSum = 0;
    let any = false;
    let first = true;
    for (const f of fns) {
      if (f.filter) {
        let fd = f.filter.docID();
        if (fd < d) fd = f.filter.advance(d);
        if (fd !== d) continue;
      }
      const v = f.fn(d, sub);
      any = true;
      switch (this.scoreMode) {
        case 'sum':
          factor += v;
          break;
        case 'avg':
          factor += v;
          weightSum += f.weight;
          break;
        case 'first':
          if (first) factor = v;
          break;
        case 'max':
          factor = first ? v : Math.max(factor, v);
          break;
        case 'min':
          factor = first ? v : Math.min(factor, v);
          break;
        default:
          factor *= v;
      }
      first = false;
      if (this.scoreMode === 'first') break;
    }
    if (this.scoreMode === 'avg' && weightSum > 0) factor /= weightSum;
    return { factor, any };
  }

  private async bind(seg: SegmentReader): Promise<BoundFn[]> {
    return Promise.all(
      this.functions.map(async (f) => ({ filter: f.filter ? await f.filter.scorer(seg) : null, fn: f.fn.bind(seg), weight: f.weight, hasFilter: f.filter !== null })),
    ).then((list) => list.filter((b, i) => !(this.functions[i]?.filter && b.filter === null)));
  }

  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const s = await this.inner.scorer(seg);
    if (!s) return null;
    return new FunctionScorer(s, await this.bind(seg), this);
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const sub = await this.inner.explain(seg, doc);
    if (!sub.match) return sub;
    const s = await this.scorer(seg);
    if (!s || s.advance(doc) !== doc) return explNoMatch(`function score, score is less than min_score ${this.minScore}`, [sub]);
    const value = s.score();
    if (this.functions.length === 0) return sub;
    const fns = await this.bind(seg);
    const { factor } = this.factor(doc, sub.value, fns);
    const funcExpl = explMatch(Math.min(factor, this.maxBoost), `min of:`, [
      explMatch(factor, `function score, score mode [${this.scoreMode}]`),
      explMatch(this.maxBoost, 'maxBoost'),
    ]);
    return explMatch(value, `function score, product of:`, [sub, funcExpl]);
  }
}

export async function compileFunctionScore(ctx: CompileContext, q: FunctionScoreQuery, scope: CompileScope): Promise<Weight> {
  const inner = await compileQuery(ctx, q.query, { ...scope, boost: fr(scope.boost * q.boost) });
  const functions = await Promise.all(
    q.functions.map(async (ff) => ({
      filter: ff.filter.kind === 'match_all' ? null : await compileQuery(ctx, ff.filter, { ...scope, boost: 1, filter: true }),
      fn: compileFunction(ctx, ff.function, ctx.shardId ?? 0),
      weight: ff.function.type === 'weight' ? ff.function.weight : (ff.function.weight ?? 1),
    })),
  );
  return new FunctionScoreWeight(inner, functions, q.scoreMode, q.boostMode, q.maxBoost, q.minScore);
}

class BoostingScorer implements Scorer {
  constructor(
    private readonly pos: Scorer,
    private readonly neg: Scorer | null,
    private readonly negBoost: number,
  ) {}
  docID(): number {
    return this.pos.docID();
  }
  nextDoc(): number {
    return this.pos.nextDoc();
  }
  advance(t: number): number {
    return this.pos.advance(t);
  }
  score(): number {
    const d = this.pos.docID();
    const s = this.pos.score();
    if (this.neg) {
      let nd = this.neg.docID();
      if (nd < d) nd = this.neg.advance(d);
      if (nd === d) return fr(s * this.negBoost);
    }
    return s;
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    return this.pos.cost();
  }
}

class BoostingWeight implements Weight {
  readonly description: string;
  constructor(
    readonly pos: Weight,
    readonly neg: Weight,
    readonly negBoost: number,
  ) {
    this.description = `${pos.description}/${neg.description}`;
  }
  extractHighlightTerms(sink: HighlightTermSink): void {
    extractHighlightTerms(this.pos, sink);
  }
  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const p = await this.pos.scorer(seg);
    if (!p) return null;
    return new BoostingScorer(p, await this.neg.scorer(seg), fr(this.negBoost));
  }
  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const p = await this.pos.explain(seg, doc);
    if (!p.match) return p;
    const n = await this.neg.explain(seg, doc);
    if (!n.match) return p;
    return explMatch(fr(p.value * this.negBoost), 'product of:', [p, explMatch(this.negBoost, `negativeBoost`)]);
  }
}

export async function compileBoosting(ctx: CompileContext, q: BoostingQuery, scope: CompileScope): Promise<Weight> {
  const boost = fr(scope.boost * q.boost);
  const pos = await compileQuery(ctx, q.positive, { ...scope, boost });
  const neg = await compileQuery(ctx, q.negative, { ...scope, boost: 1, filter: true });
  return new BoostingWeight(pos, neg, q.negativeBoost);
}

export { javaFloat };
