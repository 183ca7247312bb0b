/**
 * `has_child`, `has_parent` and `parent_id` (ES 5.6 `HasChildQueryBuilder`,
 * `HasParentQueryBuilder`, `ParentIdQueryBuilder` `doToQuery`): mapping checks with ES's errors,
 * then the joins of parent-join.ts. The inner query of a join runs on its own (ES runs it in a
 * separate searcher), so boosts above the join apply to the join's score, not inside it.
 */
import type { Query } from '../dsl/query-types.js';
import { BooleanWeight } from './boolean-weight.js';
import { queryShardError, type CompileContext } from './compile-context.js';
import type { CompileScope } from './compile-query.js';
import { MatchNoneWeight } from './constant-weights.js';
import { typeWeight } from './meta-fields.js';
import { collectJoin, JoinWeight } from './parent-join.js';
import type { Weight } from './weight.js';

type HasChild = Extract<Query, { kind: 'has_child' }>;
type HasParent = Extract<Query, { kind: 'has_parent' }>;
type ParentId = Extract<Query, { kind: 'parent_id' }>;
type CompileInner = (q: Query, scope: CompileScope) => Promise<Weight>;

/** The types whose `_parent.type` is `parentType`. */
export function childTypesOf(ctx: CompileContext, parentType: string): string[] {
  return ctx.fields.types.filter((t) => ctx.fields.parentTypeOf(t) === parentType);
}

/** The inner query of a join, compiled at the root level with its own boosts only, filtered to `types`. */
async function innerOf(q: Query, types: readonly string[], scope: CompileScope, compile: CompileInner): Promise<Weight> {
  const { nestedPath: _n, ...root } = scope;
  const inner = await compile(q, { ...root, boost: 1, filter: false });
  return new BooleanWeight([{ occur: 'must', weight: inner }, { occur: 'filter', weight: typeWeight(types, 1) }], 0, false);
}

/** `has_child`: parents of `q.childType`'s parent type with matching children. */
export async function compileHasChild(ctx: CompileContext, q: HasChild, scope: CompileScope, compile: CompileInner): Promise<Weight> {
  if (!ctx.fields.types.includes(q.childType)) {
    if (q.ignoreUnmapped) return new MatchNoneWeight();
    throw queryShardError(ctx, `[has_child] no mapping found for type [${q.childType}]`);
  }
  const parentType = ctx.fields.parentTypeOf(q.childType);
  if (parentType === undefined) throw queryShardError(ctx, '[has_child] _parent field has no parent type configured');
  if (!ctx.fields.types.includes(parentType)) throw queryShardError(ctx, `[has_child] Type [${q.childType}] points to a non existent parent type [${parentType}]`);
  const inner = await innerOf(q.query, [q.childType], scope, compile);
  const collected = await collectJoin(scope.segments, inner, new Set([q.childType]), parentType, q.scoreMode);
  // "0 in pre 2.x p/c impl means unbounded"
  const max = q.maxChildren === 0 ? Number.MAX_SAFE_INTEGER : q.maxChildren;
  return new JoinWeight(`LateParsingQuery {parentType=${parentType}}`, collected, new Set([parentType]), parentType, q.scoreMode, Math.fround(scope.boost * q.boost), q.minChildren, max);
}

/** `has_parent`: children (of every child type of `q.parentType`) whose parent matches. */
export async function compileHasParent(ctx: CompileContext, q: HasParent, scope: CompileScope, compile: CompileInner): Promise<Weight> {
  if (!ctx.fields.types.includes(q.parentType)) {
    if (q.ignoreUnmapped) return new MatchNoneWeight();
    throw queryShardError(ctx, `[has_parent] query configured 'parent_type' [${q.parentType}] is not a valid type`);
  }
  const childTypes = childTypesOf(ctx, q.parentType);
  if (childTypes.length === 0) throw queryShardError(ctx, `[has_parent] no child types found for type [${q.parentType}]`);
  const mode = q.score ? 'max' : 'none';
  const inner = await innerOf(q.query, [q.parentType], scope, compile);
  const collected = await collectJoin(scope.segments, inner, new Set([q.parentType]), q.parentType, mode);
  return new JoinWeight(`LateParsingQuery {parentType=${q.parentType}}`, collected, new Set(childTypes), q.parentType, mode, Math.fround(scope.boost * q.boost));
}

/** `parent_id`: children of `q.type` whose parent is `q.id`. */
export function compileParentId(ctx: CompileContext, q: ParentId, scope: CompileScope): Weight {
  if (!ctx.fields.types.includes(q.type)) {
    if (q.ignoreUnmapped) return new MatchNoneWeight();
    throw queryShardError(ctx, `[parent_id] no mapping found for type [${q.type}]`);
  }
  const parentType = ctx.fields.parentTypeOf(q.type);
  if (parentType === undefined) throw queryShardError(ctx, '[parent_id] _parent field has no parent type configured');
  const collected = { scores: new Map([[q.id, 1]]), counts: new Map([[q.id, 1]]) };
  return new JoinWeight(`_parent#${parentType}:${q.id} #_type:${q.type}`, collected, new Set([q.type]), parentType, 'none', Math.fround(scope.boost * q.boost));
}
