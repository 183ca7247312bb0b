/**
 * Index templates: `PUT|POST|GET|HEAD|DELETE /_template/{name}`, `GET /_template`.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { objectBody } from './common.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { putTemplate } from '../../lib/action/templates/put-template.js';
import { deleteTemplate, getTemplates, matchTemplateNames } from '../../lib/action/templates/get-template.js';

function names(v: string | undefined): string[] {
  return (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function templateRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['PUT', 'POST'],
      paths: ['/_template/{name}'],
      params: ['create', 'order', 'timeout', 'master_timeout', 'flat_settings'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        req.param('flat_settings');
        if (!req.hasBody()) throw illegalArgument('request body is required');
        const order = req.param('order') !== undefined ? req.paramAsInt('order', 0) : undefined;
        const body = await putTemplate(ctx, {
          name: req.pathParams.name!,
          create: req.paramAsBool('create', false),
          ...(order !== undefined ? { order } : {}),
          body: objectBody(req),
        });
        return { status: 200, body };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_template', '/_template/{name}'],
      params: ['flat_settings', 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        return getTemplates(ctx.cluster.state(), names(req.pathParams.name), req.paramAsBool('flat_settings', false));
      },
    },
    {
      methods: ['HEAD'],
      paths: ['/_template/{name}'],
      params: ['flat_settings', 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        req.param('flat_settings');
        return { status: matchTemplateNames(ctx.cluster.state(), names(req.pathParams.name)).length > 0 ? 200 : 404 };
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/_template/{name}'],
      params: ['timeout', 'master_timeout'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        return { status: 200, body: await deleteTemplate(ctx, req.pathParams.name!) };
      },
    },
  ];
}
