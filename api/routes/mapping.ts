/**
 * Mapping APIs: get, put, field mappings, type exists.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { getFieldMappings, getMappings, missingTypes } from '../../lib/action/indices/get-mapping.js';
import { putMapping } from '../../lib/action/indices/put-mapping.js';
import { INDICES_OPTIONS_PARAMS, resolveFromRequest } from './indices.js';
import { deprecationHeaders, objectBody } from './common.js';
import { simpleMatch } from '../../lib/units/simple-match.js';
import { splitExpression, STRICT_EXPAND_OPEN } from '../../lib/action/resolve-indices.js';
import { actionRequestValidation, indexNotFound, requestBodyRequired, typeMissing } from '../../lib/errors/errors.js';

export function mappingRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_mapping', '/_mappings', '/{index}/_mapping', '/{index}/_mappings', '/{index}/_mapping/{type}', '/{index}/_mappings/{type}', '/_mapping/{type}', '/_mappings/{type}', '/{index}/{type}/_mapping'],
      params: ['local', 'master_timeout', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const indices = resolveFromRequest(ctx, req);
        const types = splitExpression(req.pathParams.type);
        const body = getMappings(ctx.cluster.state(), indices, types);
        // ES 5.6.0+ `RestGetMappingAction`: named types and nothing found is a type_missing
        // error; some types missing make a 404 whose body carries an `error` string and
        // `status`, then whatever mappings were found.
        if (Object.keys(body).length === 0 && types.length > 0 && !types.includes('_all')) throw typeMissing('_all', types.join(','));
        const missing = missingTypes(body, types);
        if (missing.length > 0) {
          const error = missing.length === 1 ? `type [${missing[0]}] missing` : `types [${missing.join(',')}] missing`;
          return { status: 404, body: { error, status: 404, ...body } };
        }
        if (Object.keys(body).length === 0) {
          const idx = req.pathParams.index;
          if (idx !== undefined && indices.length === 0 && idx !== '_all' && !idx.includes('*')) throw indexNotFound(idx);
        }
        return { status: 200, body };
      },
    },
    {
      methods: ['GET'],
      paths: [
        '/_mapping/field/{fields}',
        '/_mapping/{type}/field/{fields}',
        '/{index}/_mapping/field/{fields}',
        '/{index}/{type}/_mapping/field/{fields}',
        '/{index}/_mapping/{type}/field/{fields}',
      ],
      params: ['local', 'include_defaults', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.param('local');
        const indices = resolveFromRequest(ctx, req);
        const types = splitExpression(req.pathParams.type);
        const fields = splitExpression(req.pathParams.fields);
        const body = getFieldMappings(ctx, indices, types, fields, req.paramAsBool('include_defaults', false));
        // ES 5.6 `RestGetFieldMappingAction`: one index, type and field whose field is missing
        // answers `{}`; nothing found at all for named fields is a 404.
        const single = splitExpression(req.pathParams.index).length === 1 && types.length === 1 && fields.length === 1;
        if (single && !fields[0]!.includes('*') && isOnlyMissingField(body)) return { status: 200, body: {} };
        return { status: Object.keys(body).length === 0 && fields.length > 0 ? 404 : 200, body };
      },
    },
    {
      methods: ['PUT', 'POST'],
      paths: ['/{index}/_mapping/{type}', '/{index}/_mappings/{type}', '/{index}/{type}/_mapping', '/{index}/{type}/_mappings', '/_mapping/{type}', '/_mappings/{type}'],
      params: ['timeout', 'master_timeout', 'update_all_types', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        const indices = resolveFromRequest(ctx, req, STRICT_EXPAND_OPEN);
        const type = req.pathParams.type;
        if (!type) throw actionRequestValidation(['mapping type is missing']);
        if (!req.hasBody()) throw requestBodyRequired();
        const warnings: string[] = [];
        const body = await putMapping(ctx, indices, type, objectBody(req), req.paramAsBool('update_all_types', false), warnings);
        return { status: 200, body, headers: deprecationHeaders([...new Set(warnings)]) };
      },
    },
    {
      methods: ['HEAD'],
      paths: ['/{index}/_mapping/{type}', '/{index}/{type}'],
      params: ['local', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.param('local');
        let indices: string[];
        try {
          indices = resolveFromRequest(ctx, req);
        } catch {
          return { status: 404 };
        }
        const types = splitExpression(req.pathParams.type);
        const state = ctx.cluster.state();
        const ok =
          indices.length > 0 &&
          indices.every((i) => {
            const meta = state.indices[i];
            return meta !== undefined && types.every((t) => Object.keys(meta.mappings).some((mt) => simpleMatch(t, mt)));
          });
        return { status: ok ? 200 : 404 };
      },
    },
  ];
}

/** One index whose matched types hold no field mapping: the field was not found. */
function isOnlyMissingField(body: Record<string, unknown>): boolean {
  const entries = Object.values(body) as Array<{ mappings: Record<string, Record<string, unknown>> }>;
  if (entries.length !== 1) return false;
  const types = Object.values(entries[0]!.mappings);
  return types.length > 0 && types.every((fields) => Object.keys(fields).length === 0);
}
