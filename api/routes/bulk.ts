/**
 * `POST /_bulk`, `/{index}/_bulk`, `/{index}/{type}/_bulk`.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { parseBulkBody } from '../../lib/action/bulk/parse-bulk.js';
import { executeBulk } from '../../lib/action/bulk/execute-bulk.js';
import type { BulkItemResult } from '../../lib/action/bulk/types.js';
import { refreshPolicy, writeResponseBody } from './common.js';
import { exceptionToJson } from '../../lib/errors/exception-json.js';
import { sourceParam } from './source-params.js';
import { writeWaitOptions } from '../../lib/action/active-shard-count.js';

export function renderBulkItem(r: BulkItemResult): Record<string, unknown> {
  if (r.error || !r.ok) {
    return {
      [r.opType]: { _index: r.index, _type: r.type, _id: r.id, status: r.status, error: exceptionToJson(r.error!, { withCause: true, stackTrace: false }) },
    };
  }
  const body = writeResponseBody(r);
  body.status = r.status;
  return { [r.opType]: body };
}

export function bulkRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['POST', 'PUT'],
      paths: ['/_bulk', '/{index}/_bulk', '/{index}/{type}/_bulk'],
      params: ['refresh', 'routing', 'timeout', 'type', 'fields', 'pipeline', 'wait_for_active_shards', '_source', '_source_include', '_source_exclude'],
      handler: async (req) => {
        const started = Date.now();
        const fields = req.paramAsList('fields');
        const src = sourceParam(req);
        const routing = req.param('routing');
        const pipeline = req.param('pipeline');
        const type = req.pathParams.type ?? req.param('type');
        const items = parseBulkBody(req.rawBody, {
          ...(req.pathParams.index !== undefined ? { index: req.pathParams.index } : {}),
          ...(type !== undefined ? { type } : {}),
          ...(routing !== undefined ? { routing } : {}),
          ...(pipeline !== undefined ? { pipeline } : {}),
          ...(fields ? { fields } : {}),
          ...(src !== undefined ? { sourceFilter: src } : {}),
        });
        let ingestTook: number | undefined;
        const results = await executeBulk(ctx, items, { refresh: refreshPolicy(req), onIngest: (ms) => (ingestTook = ms), ...writeWaitOptions(req), task: {} });
        return {
          status: 200,
          body: {
            took: Date.now() - started,
            ...(ingestTook !== undefined ? { ingest_took: ingestTook } : {}),
            errors: results.some((r) => r.error !== undefined),
            items: results.map(renderBulkItem),
          },
        };
      },
    },
  ];
}
