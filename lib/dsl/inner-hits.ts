/**
 * `inner_hits` of nested / has_child / has_parent (ES 5.6 `InnerHitBuilder`, an ObjectParser),
 * parsed into plain data the shard's fetch phase renders (lib/search/inner-hits.ts). ES 5.0
 * removed the top-level `inner_hits` of a search body, so these come only inside queries.
 */
import { EsError, notBuiltYet } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import { parseScriptFields, type ScriptField } from './search-source.js';
import { parseSort } from './sort.js';
import { toSortSpec, type SortSpec } from './sort-spec.js';
import { parseFetchSource, sourceOption } from './source-filter.js';
import { booleanValue, intValue, isObject, textValue, tokenOf, type JsonObject } from './xcontent.js';

/** Parsed inner-hits options. */
export interface InnerHits {
  /** default: the nested path, child type or parent type */
  name?: string;
  /** default 0 */
  from: number;
  /** default 3 */
  size: number;
  ignoreUnmapped: boolean;
  explain: boolean;
  version: boolean;
  trackScores: boolean;
  /** Field sorts (absent: by score). */
  sort?: SortSpec[];
  /** `_source` as the fetch phase takes it (false, true, or includes/excludes). */
  source?: unknown;
  scriptFields?: ScriptField[];
  docvalueFields: string[];
}

/** Keys ES 5.6 accepts that Strata's inner hits cannot render yet (refused, never ignored). */
const NOT_BUILT = new Set(['stored_fields', 'highlight', 'query', 'inner_hits']);

/** Parse an `inner_hits` object. */
export function parseInnerHits(ctx: ParseContext, obj: JsonObject): InnerHits {
  const out: InnerHits = { from: 0, size: 3, ignoreUnmapped: false, explain: false, version: false, trackScores: false, docvalueFields: [] };
  for (const [key, v] of Object.entries(obj)) {
    switch (key) {
      case 'name':
        out.name = textValue(v);
        break;
      case 'from':
        out.from = intValue(v);
        break;
      case 'size':
        out.size = intValue(v);
        break;
      case 'ignore_unmapped':
        out.ignoreUnmapped = booleanValue(v);
        break;
      case 'explain':
        out.explain = booleanValue(v);
        break;
      case 'version':
        out.version = booleanValue(v);
        break;
      case 'track_scores':
        out.trackScores = booleanValue(v);
        break;
      case 'sort':
        out.sort = parseSort(ctx, v).map(toSortSpec);
        break;
      case '_source':
        out.source = sourceOption(parseFetchSource(ctx, obj, key));
        break;
      case 'script_fields':
        if (!isObject(v)) throw ctx.error(`Expected [START_OBJECT] in [${key}] but found [${tokenOf(v)}]`, ctx.atValue(obj, key));
        out.scriptFields = parseScriptFields(ctx, v);
        break;
      case 'docvalue_fields':
        out.docvalueFields = (Array.isArray(v) ? v : [v]).map((x) => textValue(x));
        break;
      default: {
        if (NOT_BUILT.has(key)) throw notBuiltYet(`inner_hits.${key}`);
        const reason = `[inner_hits] unknown field [${key}], parser not found`;
        throw ctx.error(reason, ctx.atName(obj, key), new EsError('illegal_argument_exception', 400, reason));
      }
    }
  }
  return out;
}
