/** `script` query (ES 5.6 `ScriptQueryBuilder.fromXContent`): documents for which the script returns true. */
import type { ParseContext } from '../parse-context.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { parseScript, type ScriptRef } from '../script-ref.js';
import { isObject, isValue, type JsonObject } from '../xcontent.js';

/** A parsed `script` query. */
export interface ScriptQuery extends QueryBase {
  kind: 'script';
  script: ScriptRef;
}

/** Parse a `script` query body. */
export function parseScriptQuery(ctx: ParseContext, body: JsonObject): ScriptQuery {
  let script: ScriptRef | undefined;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      if (key !== 'script') throw ctx.unsupported('script', body, key);
      script = parseScript(v);
    } else if (isValue(v)) {
      if (key === 'script') script = parseScript(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('script', body, key);
    }
  }
  if (!script) throw ctx.error('script must be provided with a [script] filter', ctx.atEnd(body));
  return withBase(base, { kind: 'script' as const, script });
}
