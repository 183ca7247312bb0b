/**
 * `inner_hits` of nested / has_child / has_parent (ES 5.6 `InnerHitBuilder`, an ObjectParser).
 * Only the paging and naming fields are interpreted here. Strata's fetch phase does not return
 * inner hits of queries yet, so a well-formed `inner_hits` is refused (`[inner_hits] is not
 * supported by Strata yet`) after its keys are checked.
 */
import { EsError, notBuiltYet } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import { booleanValue, intValue, textValue, type JsonObject } from './xcontent.js';

/** Parsed inner-hits options. */
export interface InnerHits {
  /** default: the nested path, child type or parent type */
  name?: string;
  /** default 0 */
  from: number;
  /** default 3 */
  size: number;
  ignoreUnmapped: boolean;
  /** The whole object as given (sort, _source, stored_fields, script_fields, highlight...). */
  raw: JsonObject;
}

const KNOWN = new Set([
  'name',
  'ignore_unmapped',
  'from',
  'size',
  'explain',
  'version',
  'track_scores',
  'stored_fields',
  'docvalue_fields',
  'script_fields',
  'sort',
  '_source',
  'highlight',
  'query',
  'inner_hits',
]);

/** Parse an `inner_hits` object. */
export function parseInnerHits(ctx: ParseContext, obj: JsonObject): InnerHits {
  const out: InnerHits = { from: 0, size: 3, ignoreUnmapped: false, raw: obj };
  for (const [key, v] of Object.entries(obj)) {
    if (!KNOWN.has(key)) {
      const reason = `[inner_hits] unknown field [${key}], parser not found`;
      throw ctx.error(reason, ctx.atName(obj, key), new EsError('illegal_argument_exception', 400, reason));
    }
    if (key === 'name') out.name = textValue(v);
    else if (key === 'from') out.from = intValue(v);
    else if (key === 'size') out.size = intValue(v);
    else if (key === 'ignore_unmapped') out.ignoreUnmapped = booleanValue(v);
  }
  // Parsed (so malformed input gets ES's error) but no fetch phase returns query inner hits yet:
  // refused rather than silently dropped from the response.
  throw notBuiltYet('inner_hits');
}
