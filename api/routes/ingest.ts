/**
 * Ingest: `PUT|GET|DELETE /_ingest/pipeline/{id}`, `GET /_ingest/pipeline`, and
 * `POST|GET /_ingest/pipeline[/{id}]/_simulate` (with `verbose`).
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { objectBody } from './common.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { deletePipeline, getPipelines, putPipeline } from '../../lib/ingest/pipeline-store.js';
import { simulate } from '../../lib/ingest/simulate.js';

function ids(v: string | undefined): string[] {
  return (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function ingestRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['PUT'],
      paths: ['/_ingest/pipeline/{id}'],
      params: ['timeout', 'master_timeout'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        if (!req.hasBody()) throw illegalArgument('request body is required');
        return { status: 200, body: await putPipeline(ctx, req.pathParams.id!, objectBody(req)) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_ingest/pipeline', '/_ingest/pipeline/{id}'],
      params: ['master_timeout'],
      handler: (req) => {
        req.param('master_timeout');
        return getPipelines(ctx.cluster.state(), ids(req.pathParams.id));
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/_ingest/pipeline/{id}'],
      params: ['timeout', 'master_timeout'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        return { status: 200, body: await deletePipeline(ctx, req.pathParams.id!) };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_ingest/pipeline/_simulate', '/_ingest/pipeline/{id}/_simulate'],
      params: ['verbose'],
      handler: (req) => {
        const verbose = req.paramAsBool('verbose', false);
        return { status: 200, body: simulate(ctx.cluster.state(), req.pathParams.id, objectBody(req), verbose, ctx) };
      },
    },
  ];
}
