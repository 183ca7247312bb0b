/**
 * Alias APIs: `POST /_aliases`, put / delete / get / exists of single aliases, in the 5.6 paths.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { objectBody } from './common.js';
import { INDICES_OPTIONS_PARAMS, indicesOptions } from './indices.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { STRICT_EXPAND_OPEN } from '../../lib/action/resolve-indices.js';
import { parseAliasActions, type AliasAction } from '../../lib/action/aliases/alias-actions.js';
import { updateAliases } from '../../lib/action/aliases/update-aliases.js';
import { getAliases, getAllAliases } from '../../lib/action/aliases/get-aliases.js';
import { buildAliasMetadata } from '../../lib/action/aliases/alias-definition.js';

const ACK_PARAMS = ['timeout', 'master_timeout'];

function consumeAck(req: RestRequest): void {
  req.param('timeout');
  req.param('master_timeout');
}

function splitList(v: string | undefined): string[] {
  return (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function scalarText(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** `RestIndexPutAliasAction`: path parameters, overridable by body fields; unknown fields ignored. */
function putAliasAction(req: RestRequest): AliasAction {
  let indices = splitList(req.pathParams.index);
  let alias = req.pathParams.name;
  let filter: Record<string, unknown> | undefined;
  let routing: string | undefined;
  let indexRouting: string | undefined;
  let searchRouting: string | undefined;
  if (req.hasBody()) {
    const body = objectBody(req);
    for (const [k, v] of Object.entries(body)) {
      if (k === 'filter' && v && typeof v === 'object' && !Array.isArray(v)) {
        if (Object.keys(v).length > 0) filter = v as Record<string, unknown>;
      } else if (k === 'index') indices = splitList(scalarText(v));
      else if (k === 'alias') alias = scalarText(v);
      else if (k === 'routing') routing = scalarText(v);
      else if (k === 'index_routing' || k === 'indexRouting' || k === 'index-routing') indexRouting = scalarText(v);
      else if (k === 'search_routing' || k === 'searchRouting' || k === 'search-routing') searchRouting = scalarText(v);
    }
  }
  if (indices.length === 0) throw illegalArgument("[indices] can't be empty");
  if (alias === undefined || alias.length === 0) throw illegalArgument("[alias] can't be empty string");
  return { type: 'add', indices, aliases: [alias], meta: buildAliasMetadata(filter, indexRouting ?? routing, searchRouting ?? routing) };
}

export function aliasRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['POST'],
      paths: ['/_aliases'],
      params: ACK_PARAMS,
      handler: async (req) => {
        consumeAck(req);
        if (!req.hasBody()) throw illegalArgument('request body is required');
        return { status: 200, body: await updateAliases(ctx, parseAliasActions(objectBody(req))) };
      },
    },
    {
      methods: ['PUT', 'POST'],
      paths: ['/{index}/_alias/{name}', '/_alias/{name}', '/{index}/_aliases/{name}', '/_aliases/{name}'],
      params: ACK_PARAMS,
      handler: async (req) => {
        consumeAck(req);
        return { status: 200, body: await updateAliases(ctx, [putAliasAction(req)]) };
      },
    },
    {
      methods: ['PUT'],
      paths: ['/{index}/_alias', '/_alias', '/{index}/_aliases'],
      params: ACK_PARAMS,
      handler: async (req) => {
        consumeAck(req);
        return { status: 200, body: await updateAliases(ctx, [putAliasAction(req)]) };
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/{index}/_alias/{name}', '/{index}/_aliases/{name}'],
      params: ACK_PARAMS,
      handler: async (req) => {
        consumeAck(req);
        const indices = splitList(req.pathParams.index);
        const aliases = splitList(req.pathParams.name);
        if (indices.length === 0) throw illegalArgument("[indices] can't be empty");
        if (aliases.length === 0) throw illegalArgument("[aliases] can't be empty");
        return { status: 200, body: await updateAliases(ctx, [{ type: 'remove', indices, aliases }]) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_alias', '/_aliases'],
      params: ['local', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.paramAsBool('local', false);
        return { status: 200, body: getAllAliases(ctx.cluster.state(), undefined, undefined, indicesOptions(req, STRICT_EXPAND_OPEN)) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_alias/{name}', '/{index}/_alias/{name}', '/{index}/_alias'],
      params: ['local', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.paramAsBool('local', false);
        return getAliases(ctx.cluster.state(), req.pathParams.index, req.pathParams.name, indicesOptions(req, STRICT_EXPAND_OPEN));
      },
    },
    {
      // `GET /{index}/_aliases` (the `_aliases` feature of get-index): every resolved index,
      // with its aliases or none. 5.x has no `/{index}/_aliases/{name}` GET form.
      methods: ['GET'],
      paths: ['/{index}/_aliases'],
      params: ['local', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.paramAsBool('local', false);
        return { status: 200, body: getAllAliases(ctx.cluster.state(), req.pathParams.index, req.pathParams.name, indicesOptions(req, STRICT_EXPAND_OPEN)) };
      },
    },
    {
      methods: ['HEAD'],
      paths: ['/_alias/{name}', '/{index}/_alias/{name}', '/{index}/_alias'],
      params: ['local', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.paramAsBool('local', false);
        try {
          // Since 5.5 HEAD answers the status GET would (elastic/elasticsearch#25043).
          return { status: getAliases(ctx.cluster.state(), req.pathParams.index, req.pathParams.name, indicesOptions(req, STRICT_EXPAND_OPEN)).status };
        } catch {
          return { status: 404 };
        }
      },
    },
  ];
}
