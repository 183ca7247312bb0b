/**
 * `GET|POST /_suggest` and `/{index}/_suggest`: deprecated in 5.x in favour of `suggest` in
 * `_search`, and answered with ES's deprecation warning for the path used.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { requestBodyRequired } from '../../lib/errors/errors.js';
import { parseSuggestBody } from '../../lib/dsl/suggest.js';
import { templateLookup } from '../../lib/action/templates/search-template.js';
import { newSearchRequest } from '../../lib/action/search/search-request.js';
import { suggestOnly } from '../../lib/action/search/suggest-action.js';
import { indicesOptionsFrom, splitExpression, STRICT_EXPAND_OPEN } from '../../lib/action/resolve-indices.js';
import { deprecationHeaders } from './common.js';

export function suggestRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'POST'],
      paths: ['/_suggest', '/{index}/_suggest'],
      params: ['routing', 'preference', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards'],
      handler: async (req) => {
        const path = req.pathParams.index !== undefined ? '/{index}/_suggest' : '/_suggest';
        const warning = `[${req.method} ${path}] is deprecated! Use [${req.method} ${path.replace('_suggest', '_search')}] instead.`;
        if (!req.hasBody()) throw requestBodyRequired();
        const r = newSearchRequest(splitExpression(req.pathParams.index), []);
        r.indicesOptions = indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN);
        r.suggest = parseSuggestBody(req.json(), { source: req.rawBody?.toString('utf8') ?? '', templateSource: templateLookup(ctx) });
        const routing = req.param('routing');
        if (routing !== undefined) r.routing = routing.split(',');
        const pref = req.param('preference');
        if (pref !== undefined) r.preference = pref;
        return { status: 200, body: await suggestOnly(ctx, r), headers: deprecationHeaders([warning]) };
      },
    },
  ];
}
