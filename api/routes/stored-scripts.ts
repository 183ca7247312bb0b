/**
 * Stored scripts by id, the 5.6 form without a language in the path:
 * `PUT|POST|GET|DELETE /_scripts/{id}`. (`/_scripts/{lang}/{id}` lives with search templates.)
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { objectBody } from './common.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { getStoredScriptBody, putStoredScript } from '../../lib/action/scripts/stored-scripts.js';
import { deleteStoredTemplate } from '../../lib/action/templates/stored-search-templates.js';

export function storedScriptRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['PUT', 'POST'],
      paths: ['/_scripts/{id}'],
      params: ['timeout', 'master_timeout', 'context'],
      handler: async (req) => {
        for (const p of ['timeout', 'master_timeout', 'context']) req.param(p);
        if (!req.hasBody()) throw illegalArgument('request body is required');
        return { status: 200, body: await putStoredScript(ctx, req.pathParams.id!, objectBody(req)) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_scripts/{id}'],
      params: ['master_timeout'],
      handler: (req) => {
        req.param('master_timeout');
        return getStoredScriptBody(ctx, req.pathParams.id!);
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/_scripts/{id}'],
      params: ['timeout', 'master_timeout'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        return { status: 200, body: await deleteStoredTemplate(ctx, req.pathParams.id!) };
      },
    },
  ];
}
