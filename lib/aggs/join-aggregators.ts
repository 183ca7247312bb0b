/**
 * The join aggregations on a shard: `nested` and `reverse_nested` (ES 5.6 `NestedAggregator`,
 * `ReverseNestedAggregator`) over the nested block layout (docs/storage.md: a doc's nested docs
 * come right before it in its segment), and `children` (`ParentToChildrenAggregator`) over the
 * `_parent` join values. Which level a nested aggregation starts from is ES's `NestedScope`:
 * the path of the closest enclosing `nested` (or `reverse_nested`), else the root docs.
 */
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { levelBits, nextInLevel, prevInLevel } from '../search/block-join.js';
import { isRootOfType, joinValue } from '../search/parent-join.js';
import { NO_MORE_DOCS } from '../search/scorer.js';
import type { AggSpec, ChildrenSpec, InternalAgg, NestedSpec, ReverseNestedSpec } from './types.js';
import { BucketAggregator, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';
import type { Pacer } from '../search/pacer.js';

/** ES's `NestedScope` while aggregators are built: the current nested level, and whether a `nested` encloses. */
export interface NestedScope {
  /** Nested path of the docs collected at this depth (undefined: root docs). */
  level: string | undefined;
  /** A `nested` aggregation is among the ancestors (reverse_nested needs one). */
  inNested: boolean;
}

export const ROOT_SCOPE: NestedScope = { level: undefined, inNested: false };

/** Whether `path` maps to an object, and if so whether it is nested (`getObjectMapper(path)`). */
function objectPath(ctx: ShardAggContext, type: string, path: string): 'unmapped' | 'nested' {
  if (!ctx.fields.isObject(path)) return 'unmapped';
  if (ctx.fields.nestedPathOf(path) !== path) throw new EsError('aggregation_execution_exception', 500, `[${type}] nested path [${path}] is not nested`);
  return 'nested';
}

/**
 * The scope the sub-aggregations of `s` are built in, checking `s` as ES's `doBuild` does.
 * @throws search_parse_exception for a reverse_nested outside a nested; aggregation_execution_exception for an object path that is not nested
 */
export function scopeBelow(s: AggSpec, ctx: ShardAggContext, scope: NestedScope): NestedScope {
  if (s.type === 'nested') {
    // an unmapped path is a real, empty result; its subs stay at the current level
    return objectPath(ctx, 'nested', s.path) === 'nested' ? { level: s.path, inNested: true } : { ...scope, inNested: true };
  }
  if (s.type === 'reverse_nested') {
    if (!scope.inNested) throw new EsError('search_parse_exception', 400, `Reverse nested aggregation [${s.name}] can only be used inside a [nested] aggregation`);
    if (s.path === undefined) return { level: undefined, inNested: true };
    return objectPath(ctx, 'reverse_nested', s.path) === 'nested' ? { level: s.path, inNested: true } : scope;
  }
  return scope;
}

/** `nested`: each collected doc's nested docs of `path` (those in its block), into the same bucket. */
export class NestedAggregator extends BucketAggregator {
  declare readonly spec: NestedSpec;
  private readonly mapped: boolean;
  private readonly memo = new Map<SegmentReader, Map<string, Uint8Array>>();
  /** @param parentLevel the level the collected docs are at (ES's parent filter) */
  constructor(spec: NestedSpec, ctx: ShardAggContext, subs: Aggregator[], private readonly parentLevel: string | undefined) {
    super(spec, ctx, subs);
    this.mapped = objectPath(ctx, 'nested', spec.path) === 'nested';
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    if (!this.mapped) return () => {};
    const parents = levelBits(seg, this.parentLevel, this.memo);
    const children = levelBits(seg, this.spec.path, this.memo);
    return (doc, owner, score) => {
      // a doc's nested docs lie between the previous doc of its level and itself
      for (let c = prevInLevel(parents, doc - 1) + 1; c < doc; c++) if (children[c] === 1) this.collectBucket(c, owner, score);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'single', spec: this.spec, docCount: this.counts[owner] ?? 0, subs: this.subResults(owner) };
  }
}

/** `reverse_nested`: each collected nested doc's enclosing doc at `path` (or its root), once per bucket. */
export class ReverseNestedAggregator extends BucketAggregator {
  declare readonly spec: ReverseNestedSpec;
  private readonly mapped: boolean;
  private readonly memo = new Map<SegmentReader, Map<string, Uint8Array>>();
  constructor(spec: ReverseNestedSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    this.mapped = spec.path === undefined || objectPath(ctx, 'reverse_nested', spec.path) === 'nested';
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    if (!this.mapped) return () => {};
    const parents = levelBits(seg, this.spec.path, this.memo);
    // nested docs of one parent arrive together: a bucket counts its parent once (ES keeps the
    // last parent collected per bucket the same way)
    const last = new Map<number, number>();
    return (doc, owner, score) => {
      const p = nextInLevel(parents, doc + 1);
      if (p === NO_MORE_DOCS || last.get(owner) === p) return;
      last.set(owner, p);
      this.collectBucket(p, owner, score);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'single', spec: this.spec, docCount: this.counts[owner] ?? 0, subs: this.subResults(owner) };
  }
}

interface TypedReader {
  typeDocs(type: string): Int32Array;
}

/**
 * `children`: collection records which buckets each parent doc (of the child type's `_parent`
 * type) fell in, by join value; once collection is over, every live child doc of the shard whose
 * parent was recorded is collected into those buckets (ES's `doPostCollection`).
 */
export class ChildrenAggregator extends BucketAggregator {
  declare readonly spec: ChildrenSpec;
  private readonly parentType: string | undefined;
  private readonly parentTypes: ReadonlySet<string>;
  private readonly owners = new Map<string, number[]>();
  private segments: readonly SegmentReader[] = [];
  private done = false;
  constructor(spec: ChildrenSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    const mapped = ctx.fields.types.includes(spec.childType);
    const parent = mapped ? ctx.fields.parentTypeOf(spec.childType) : undefined;
    if (mapped && parent === undefined) throw new EsError('illegal_argument_exception', 400, '[children] no [_parent] field not configured that points to a parent type');
    // a parent type without a mapping of its own: unmapped, as ES
    this.parentType = parent !== undefined && ctx.fields.types.includes(parent) ? parent : undefined;
    this.parentTypes = new Set(this.parentType === undefined ? [] : [this.parentType]);
  }
  override async prepare(segments: readonly SegmentReader[]): Promise<void> {
    await super.prepare(segments);
    this.segments = segments;
  }
  leaf(seg: SegmentReader): LeafCollector {
    const parentType = this.parentType;
    if (parentType === undefined) return () => {};
    return (doc, owner) => {
      if (!isRootOfType(seg, doc, this.parentTypes)) return;
      const v = joinValue(seg, parentType, doc);
      if (v === undefined) return;
      const list = this.owners.get(v);
      if (!list) this.owners.set(v, [owner]);
      else if (!list.includes(owner)) list.push(owner);
    };
  }
  /** Collect the children of the recorded parents (paced), then the sub-aggregators' own post-collection. */
  override async postCollection(pacer: Pacer): Promise<void> {
    await this.collectChildren(pacer);
    await super.postCollection(pacer);
  }
  /**
   * Every live child doc of the shard whose parent was recorded, segment by segment in doc order,
   * into its parent's buckets. A child type can hold most of a shard, and each child may run
   * sub-aggregation scripts, so the loop yields as the query phase's collection does.
   */
  private async collectChildren(pacer: Pacer): Promise<void> {
    if (this.done) return;
    this.done = true;
    const parentType = this.parentType;
    if (parentType === undefined || this.owners.size === 0) return;
    const paced = pacer.loop();
    let left = paced.budget;
    for (let si = 0; si < this.segments.length; si++) {
      const seg = this.segments[si] as SegmentReader;
      const r = seg as SegmentReader & Partial<TypedReader>;
      if (!r.typeDocs) continue;
      this.bindSubs(seg, si);
      for (const d of r.typeDocs(this.spec.childType)) {
        // past the deadline: the children collected so far stand (the shard reports timed_out)
        if (--left === 0 && (left = await paced.pause()) < 0) return;
        if (!seg.isLive(d)) continue;
        const v = joinValue(seg, parentType, d);
        const owners = v === undefined ? undefined : this.owners.get(v);
        if (owners) for (const o of owners) this.collectBucket(d, o, 0);
      }
    }
  }
  build(owner: number): InternalAgg {
    if (!this.done) throw new EsError('illegal_state_exception', 500, `[children] aggregation [${this.spec.name}] built before its post-collection`);
    return { kind: 'single', spec: this.spec, docCount: this.counts[owner] ?? 0, subs: this.subResults(owner) };
  }
}
