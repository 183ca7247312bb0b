/**
 * `template` query (ES 5.6 lang-mustache `TemplateQueryBuilder`, deprecated since 5.0): a
 * mustache script (`inline` object or string, `file`, or stored `id`, plus `params`) whose
 * rendered text is a query. ES renders it when rewriting the query; here it is rendered and
 * parsed in place, so the template query is replaced by the query it renders to (as `wrapper`).
 */
import { EsError, toEsError } from '../../errors/errors.js';
import { renderMustache } from '../../mustache/render.js';
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { parseScript } from '../script-ref.js';
import type { JsonObject } from '../xcontent.js';
import { parseOptionalQuery } from '../parse-query.js';
import { parseJsonBody } from '../../units/json-body.js';

/** The deprecation warning ES 5.6 logs for every `template` query. */
export const TEMPLATE_QUERY_DEPRECATION = '[template] query is deprecated, use search template api instead';

/** Parse (render, then parse the result of) a `template` query body. */
export function parseTemplateQuery(ctx: ParseContext, body: JsonObject): Query | null {
  ctx.deprecated(TEMPLATE_QUERY_DEPRECATION);
  const script = parseScript(body, 'mustache');
  // 5.x still accepts stored ids in the old `/{lang}/{id}` form.
  const legacy = script.type === 'stored' ? /^\/[^/]+\/(.+)$/.exec(script.idOrCode) : null;
  const idOrCode = legacy ? (legacy[1] as string) : script.idOrCode;
  const lookup = ctx.options.templateSource;
  let text: string;
  if (lookup) text = lookup(script.type, idOrCode);
  else if (script.type === 'inline') text = idOrCode;
  else throw new EsError('illegal_state_exception', 500, `${script.type} templates cannot be resolved here`);
  const rendered = renderMustache(text, script.params);
  let json: unknown;
  try {
    json = parseJsonBody(rendered);
  } catch (e) {
    throw new EsError('json_parse_exception', 400, toEsError(e).reason);
  }
  const { templateSource, warnings } = ctx.options;
  return parseOptionalQuery(json, { source: rendered, ...(templateSource ? { templateSource } : {}), ...(warnings ? { warnings } : {}) });
}
