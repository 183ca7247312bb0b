/** `_validate/query` on a shard: compile the query (with its type filter) and describe it. */
import type { ValidateRequest, ValidateResult } from '../../messages/shard-search.js';
import { compileQuery } from '../compile-query.js';
import { typeWeight } from '../meta-fields.js';
import { BooleanWeight } from '../boolean-weight.js';
import type { ReaderContext } from './reader-context.js';

/** The compiled query's Lucene text; compile errors are thrown. */
export async function validateShard(rc: ReaderContext, r: ValidateRequest): Promise<ValidateResult> {
  // ES validates with `preProcess(rewrite)`: the searcher rewrites the query only when asked.
  let w = await compileQuery({ ...rc.compile, noSearcherRewrite: !r.rewrite }, r.query, { boost: 1, filter: false, segments: rc.segments });
  const types = r.types.filter((x) => x !== '_all');
  if (types.length > 0) w = new BooleanWeight([{ occur: 'must', weight: w }, { occur: 'filter', weight: typeWeight(types, 1) }], 0, false);
  return { description: w.description };
}
