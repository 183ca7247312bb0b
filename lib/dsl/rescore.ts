/**
 * `rescore` of a search body (ES 5.6 `RescoreBuilder.parseFromXContent` and
 * `QueryRescorerBuilder`): one rescorer or a list, each `{window_size, query: {rescore_query,
 * query_weight, rescore_query_weight, score_mode}}`.
 */
import { EsError } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import type { Query } from './query-types.js';
import { floatValue, intValue, isObject, isValue, textValue, tokenOf, type JsonObject } from './xcontent.js';

/** How the first-pass and rescore scores combine (ES `QueryRescoreMode`). */
export type RescoreMode = 'total' | 'multiply' | 'avg' | 'max' | 'min';

/** One query rescorer. */
export interface RescoreSpec {
  /** Hits of each shard rescored (ES default 10). */
  windowSize: number;
  /** `window_size` was given (ES keeps it nullable and prints it only then). */
  windowSizeSet?: boolean;
  query: Query;
  queryWeight: number;
  rescoreQueryWeight: number;
  scoreMode: RescoreMode;
}

const MODES = new Set<string>(['total', 'multiply', 'avg', 'max', 'min']);

function parseQueryRescorer(ctx: ParseContext, obj: JsonObject): Omit<RescoreSpec, 'windowSize'> {
  let query: Query | null | undefined;
  let queryWeight = 1;
  let rescoreQueryWeight = 1;
  let scoreMode: RescoreMode = 'total';
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'rescore_query' && isObject(v)) query = ctx.parseInnerQuery(v, ctx.atValue(obj, k));
    else if (k === 'query_weight' && isValue(v)) queryWeight = floatValue(v);
    else if (k === 'rescore_query_weight' && isValue(v)) rescoreQueryWeight = floatValue(v);
    else if (k === 'score_mode' && isValue(v)) {
      const m = textValue(v).toLowerCase();
      if (!MODES.has(m)) throw new EsError('illegal_argument_exception', 400, `illegal score_mode [${textValue(v)}]`);
      scoreMode = m as RescoreMode;
    } else {
      const reason = `[query] unknown field [${k}], parser not found`;
      throw ctx.error(reason, ctx.atName(obj, k), new EsError('illegal_argument_exception', 400, reason));
    }
  }
  if (!query) throw ctx.error('[query] failed to parse field [rescore_query]', ctx.atStart(obj));
  return { query, queryWeight, rescoreQueryWeight, scoreMode };
}

function parseOne(ctx: ParseContext, obj: JsonObject): RescoreSpec {
  let windowSize: number | undefined;
  let rescorer: Omit<RescoreSpec, 'windowSize'> | undefined;
  for (const [k, v] of Object.entries(obj)) {
    if (isValue(v)) {
      if (k === 'window_size') windowSize = intValue(v);
      else throw ctx.error(`rescore doesn't support [${k}]`, ctx.atName(obj, k));
    } else if (isObject(v)) {
      if (k === 'query') rescorer = parseQueryRescorer(ctx, v);
      else throw ctx.error(`rescore doesn't support rescorer with name [${k}]`, ctx.atName(obj, k));
    } else throw ctx.error(`unexpected token [${tokenOf(v)}] after [${k}]`, ctx.atValue(obj, k));
  }
  if (!rescorer) throw ctx.error('missing rescore type', ctx.atStart(obj));
  if (windowSize !== undefined && windowSize < 0) throw new EsError('illegal_argument_exception', 400, 'rescore window_size must be positive');
  return { windowSize: windowSize ?? 10, ...(windowSize !== undefined ? { windowSizeSet: true } : {}), ...rescorer };
}

/** Parse `rescore` (an object or an array of objects). */
export function parseRescore(ctx: ParseContext, v: unknown): RescoreSpec[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((x, i) => {
    if (!isObject(x)) throw ctx.error(`Expected [START_OBJECT] in [rescore] but found [${tokenOf(x)}]`, Array.isArray(v) ? ctx.atItem(v, i) : { kind: 'unknown' });
    return parseOne(ctx, x);
  });
}
