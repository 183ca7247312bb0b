/**
 * Parsers of the join aggregations: `nested` (ES 5.6 `NestedAggregationBuilder.parse`),
 * `reverse_nested` (`ReverseNestedAggregationBuilder.parse`) and `children`
 * (`ChildrenAggregationBuilder.parse`). Each reads string fields only, with ES's errors; whether
 * the path or type exists is a shard's question (the mapping), answered when it builds them.
 */
import type { ParseContext } from '../parse-context.js';
import { tokenOf, type JsonObject } from '../xcontent.js';
import type { ChildrenSpec, NestedSpec, ReverseNestedSpec } from './spec.js';

/** Aggregation types parsed here. */
export const JOIN_TYPES = new Set<string>(['nested', 'reverse_nested', 'children']);

/** Parse one of {@link JOIN_TYPES}. */
export function parseJoinAgg(ctx: ParseContext, name: string, type: string, body: JsonObject): NestedSpec | ReverseNestedSpec | ChildrenSpec {
  // the one string field each accepts: `path`, or `type` for children
  const key = type === 'children' ? 'type' : 'path';
  let value: string | undefined;
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string') throw ctx.error(`Unexpected token ${tokenOf(v)} in [${name}].`, ctx.atValue(body, k));
    if (k !== key) throw ctx.error(`Unknown key for a VALUE_STRING in [${name}]: [${k}].`, ctx.atValue(body, k));
    value = v;
  }
  if (type === 'children') {
    if (value === undefined) throw ctx.error(`Missing [child_type] field for children aggregation [${name}]`, ctx.atEnd(body));
    return { type: 'children', name, subs: [], childType: value };
  }
  if (type === 'nested') {
    if (value === undefined) throw ctx.error(`Missing [path] field for nested aggregation [${name}]`, ctx.atEnd(body));
    return { type: 'nested', name, subs: [], path: value };
  }
  return { type: 'reverse_nested', name, subs: [], ...(value !== undefined ? { path: value } : {}) };
}
