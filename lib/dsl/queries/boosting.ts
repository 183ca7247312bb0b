/** `boosting` (ES 5.6 `BoostingQueryBuilder.fromXContent`): `positive` demoted by `negative_boost` where `negative` matches. */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { floatValue, isObject, isValue, type JsonObject } from '../xcontent.js';

/** A parsed `boosting` query. */
export interface BoostingQuery extends QueryBase {
  kind: 'boosting';
  positive: Query;
  negative: Query;
  negativeBoost: number;
}

/** Parse a `boosting` body; `null` when positive or negative is an empty clause. */
export function parseBoosting(ctx: ParseContext, body: JsonObject): BoostingQuery | null {
  let positive: Query | null = null;
  let negative: Query | null = null;
  let positiveFound = false;
  let negativeFound = false;
  let negativeBoost = -1;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      if (key === 'positive') {
        positive = ctx.parseInnerQuery(v, ctx.atValue(body, key));
        positiveFound = true;
      } else if (key === 'negative') {
        negative = ctx.parseInnerQuery(v, ctx.atValue(body, key));
        negativeFound = true;
      } else {
        throw ctx.unsupported('boosting', body, key);
      }
    } else if (isValue(v)) {
      if (key === 'negative_boost') negativeBoost = floatValue(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('boosting', body, key);
    }
  }
  const end = ctx.atEnd(body);
  if (!positiveFound) throw ctx.error("[boosting] query requires 'positive' query to be set'", end);
  if (!negativeFound) throw ctx.error("[boosting] query requires 'negative' query to be set'", end);
  if (negativeBoost < 0) throw ctx.error("[boosting] query requires 'negative_boost' to be set to be a positive value'", end);
  if (!positive || !negative) return null;
  return withBase(base, { kind: 'boosting' as const, positive, negative, negativeBoost });
}
