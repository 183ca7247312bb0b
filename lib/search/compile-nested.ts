/**
 * The `nested` query (ES 5.6 `NestedQueryBuilder.doToQuery`): the path must be a nested object;
 * the inner query is compiled one nested level down (its own nested queries join to this level)
 * and joined to the enclosing level, the root docs at the top.
 */
import type { NestedQuery } from '../dsl/query-types.js';
import { EsError } from '../errors/errors.js';
import { NestedWeight } from './block-join.js';
import { MatchNoneWeight } from './constant-weights.js';
import type { CompileContext } from './compile-context.js';
import type { IndexFields } from './field-types.js';
import type { Weight } from './weight.js';
import type { CompileScope } from './compile-query.js';

/** ES's check of a nested path (the `nested` query, nested sorts): throws `[<what>] ...` errors. */
export function checkNestedPath(fields: IndexFields, path: string, what = 'nested'): 'nested' | 'unmapped' {
  if (!fields.isObject(path)) return 'unmapped';
  if (fields.nestedPathOf(path) !== path) {
    throw new EsError('illegal_state_exception', 500, `[${what}] nested object under path [${path}] is not of nested type`);
  }
  return 'nested';
}

/** Compile a `nested` query. `compileInner` compiles the child query in the given scope. */
export async function compileNested(
  ctx: CompileContext,
  q: NestedQuery,
  scope: CompileScope,
  compileInner: (scope: CompileScope) => Promise<Weight>,
): Promise<Weight> {
  if (checkNestedPath(ctx.fields, q.path) === 'unmapped') {
    if (q.ignoreUnmapped) return new MatchNoneWeight();
    throw new EsError('illegal_state_exception', 500, `[nested] failed to find nested object under path [${q.path}]`);
  }
  const child = await compileInner({ ...scope, nestedPath: q.path });
  return new NestedWeight(child, q.path, scope.nestedPath, q.scoreMode);
}
