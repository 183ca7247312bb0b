/**
 * `fuzzy` (ES 5.6 `FuzzyQueryBuilder.fromXContent`): short form `{"fuzzy": {"f": "ki"}}` or long
 * form with `value`, `fuzziness` (default AUTO), `prefix_length` (0), `max_expansions` (50),
 * `transpositions` (false), `rewrite`, `boost`, `_name`.
 */
import type { ParseContext } from '../parse-context.js';
import { AUTO, parseFuzziness, type Fuzziness } from '../fuzziness.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, intValue, isObject, isValue, objectText, textOrNull, type JsonObject } from '../xcontent.js';
import type { TermValue } from './term.js';

/** A parsed `fuzzy` query. */
export interface FuzzyQuery extends QueryBase {
  kind: 'fuzzy';
  field: string;
  value: TermValue;
  fuzziness: Fuzziness;
  prefixLength: number;
  maxExpansions: number;
  transpositions: boolean;
  rewrite?: string;
}

/** Parse a `fuzzy` body. */
export function parseFuzzy(ctx: ParseContext, body: JsonObject): FuzzyQuery {
  let field: string | undefined;
  let value: TermValue | null = null;
  let fuzziness: Fuzziness = AUTO;
  let prefixLength = 0;
  let maxExpansions = 50;
  let transpositions = false;
  let rewrite: string | null = null;
  const base = baseFields();
  for (const [name, v] of Object.entries(body)) {
    if (isDeprecatedSetting(name)) continue;
    if (isObject(v)) {
      if (field !== undefined) throw ctx.multipleFields('fuzzy', field, name, ctx.atValue(body, name));
      field = name;
      for (const [key, iv] of Object.entries(v)) {
        if (!isValue(iv) && iv !== null) throw ctx.error(`[fuzzy] unexpected token [${Array.isArray(iv) ? 'START_ARRAY' : 'START_OBJECT'}] after [${key}]`, ctx.atValue(v, key));
        switch (key) {
          case 'term':
          case 'value':
            value = iv === null ? null : objectText(iv);
            break;
          case 'fuzziness':
            fuzziness = parseFuzziness(iv);
            break;
          case 'prefix_length':
            prefixLength = intValue(iv);
            break;
          case 'max_expansions':
            maxExpansions = intValue(iv);
            break;
          case 'transpositions':
            transpositions = booleanValue(iv);
            break;
          case 'rewrite':
            rewrite = textOrNull(iv);
            break;
          default:
            if (iv === null || !readBaseField(base, key, iv)) {
              throw ctx.error(`[fuzzy] query does not support [${key}]`, ctx.atValue(v, key));
            }
        }
      }
    } else {
      if (field !== undefined) throw ctx.multipleFields('fuzzy', field, name, ctx.atValue(body, name));
      if (!isValue(v) && v !== null) throw ctx.unknownToken('fuzzy', body, name);
      field = name;
      value = v === null ? null : objectText(v);
    }
  }
  if (value === null) throw ctx.error('no value specified for fuzzy query', ctx.atEnd(body));
  if (field === undefined || field === '') throw illegalArgument('field name cannot be null or empty');
  return withBase(base, {
    kind: 'fuzzy' as const,
    field,
    value,
    fuzziness,
    prefixLength,
    maxExpansions,
    transpositions,
    ...(rewrite !== null ? { rewrite } : {}),
  });
}
