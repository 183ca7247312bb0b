/**
 * `common` terms query (ES 5.6 `CommonTermsQueryBuilder.fromXContent`): one field, short or
 * long form; `minimum_should_match` may be a value or `{low_freq, high_freq}`.
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, isDeprecatedSetting, parseOperator, readBaseField, withBase, type Operator, type QueryBase } from '../query-base.js';
import { booleanValue, floatValue, isObject, isValue, objectText, textValue, tokenOf, type JsonObject } from '../xcontent.js';

/** A parsed `common` query. */
export interface CommonTermsQuery extends QueryBase {
  kind: 'common';
  field: string;
  query: string | number | boolean;
  analyzer?: string;
  /** default 0.01 */
  cutoffFrequency: number;
  /** default `or` */
  highFreqOperator: Operator;
  /** default `or` */
  lowFreqOperator: Operator;
  lowFreqMinimumShouldMatch?: string;
  highFreqMinimumShouldMatch?: string;
  /** default true */
  disableCoord: boolean;
}

const SIMPLIFIED =
  "[common] query parsed in simplified form, with direct field name, but included more options than just the field name, possibly use its 'options' form, with 'query' element?";

/** Parse a `common` body. */
export function parseCommon(ctx: ParseContext, body: JsonObject): CommonTermsQuery {
  const keys = Object.keys(body).filter((k) => !isDeprecatedSetting(k));
  const field = keys[0];
  if (field === undefined) throw ctx.error('[common] query malformed, no field', ctx.atEnd(body));
  const fieldBody = body[field];
  let text: string | number | boolean | null = null;
  const base = baseFields();
  const q: Omit<CommonTermsQuery, 'kind' | 'field' | 'query' | 'boost' | 'queryName'> = {
    cutoffFrequency: Math.fround(0.01),
    highFreqOperator: 'or',
    lowFreqOperator: 'or',
    disableCoord: true,
  };
  if (isObject(fieldBody)) {
    for (const [key, v] of Object.entries(fieldBody)) {
      if (isObject(v)) {
        if (key !== 'minimum_should_match') throw ctx.unsupported('common', fieldBody, key);
        for (const [inner, iv] of Object.entries(v)) {
          if (!isValue(iv)) throw ctx.error(`[common] unexpected token type [${tokenOf(iv)}] after [${inner}]`, ctx.atValue(v, inner));
          if (inner === 'low_freq') q.lowFreqMinimumShouldMatch = textValue(iv);
          else if (inner === 'high_freq') q.highFreqMinimumShouldMatch = textValue(iv);
          else throw ctx.error(`[common] query does not support [${inner}] for [${key}]`, ctx.atValue(v, inner));
        }
        continue;
      }
      if (!isValue(v)) throw ctx.unknownToken('common', fieldBody, key);
      switch (key) {
        case 'query':
          text = objectText(v);
          break;
        case 'analyzer':
          q.analyzer = textValue(v);
          break;
        case 'disable_coord':
          q.disableCoord = booleanValue(v);
          break;
        case 'high_freq_operator':
          q.highFreqOperator = parseOperator(textValue(v));
          break;
        case 'low_freq_operator':
          q.lowFreqOperator = parseOperator(textValue(v));
          break;
        case 'minimum_should_match':
          q.lowFreqMinimumShouldMatch = textValue(v);
          break;
        case 'cutoff_frequency':
          q.cutoffFrequency = floatValue(v);
          break;
        default:
          if (!readBaseField(base, key, v)) throw ctx.unsupported('common', fieldBody, key);
      }
    }
    const second = keys[1];
    if (second !== undefined) {
      throw ctx.error('[common] malformed query, expected [END_OBJECT] but found [FIELD_NAME]', ctx.atName(body, second));
    }
  } else {
    text = fieldBody === null || !isValue(fieldBody) ? null : objectText(fieldBody);
    const second = keys[1];
    if (second !== undefined) throw ctx.error(SIMPLIFIED, ctx.atName(body, second));
  }
  if (text === null) throw ctx.error('No text specified for text query', ctx.atEnd(body));
  return withBase(base, { kind: 'common' as const, field, query: text, ...q });
}
