/**
 * The nodes APIs: `GET /_nodes` (info), `/_nodes/stats`, `/_nodes/hot_threads`, with ES 5.6's
 * path forms and parameters. Handlers only read the request; lib/action/nodes answers.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { NODE_INFO_METRICS, nodesInfo } from '../../lib/action/nodes/node-info.js';
import { NODE_STATS_METRICS, nodesStats } from '../../lib/action/nodes/node-stats.js';
import { hotThreads } from '../../lib/action/nodes/hot-threads.js';
import { selectsThisNode } from '../../lib/action/nodes/node-identity.js';
import { parseMetrics } from '../../lib/action/indices/index-stats.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { javaSplit } from '../rest/url-decode.js';

/** `Strings.splitStringByCommaToArray`. */
function commaList(value: string | undefined, def: string): string[] {
  return javaSplit(value ?? def, ',').filter((s) => s.length > 0);
}

/**
 * ES 5.6 `RestNodesInfoAction`: `/_nodes/{x}` names metrics when every entry of `x` is a known
 * metric (`/_nodes/os,jvm`), node ids otherwise (`/_nodes/_local`, `/_nodes/os,n1`).
 */
function infoTargets(req: RestRequest): { nodeIds: string[]; metrics: Set<string> } {
  const { node_id: nodeId, metric } = req.pathParams;
  if (nodeId !== undefined && metric === undefined) {
    const entries = new Set(commaList(nodeId, '_all'));
    if ([...entries].every((e) => NODE_INFO_METRICS.includes(e))) return { nodeIds: ['_all'], metrics: entries };
    return { nodeIds: [...entries], metrics: new Set(['_all']) };
  }
  return { nodeIds: commaList(nodeId, '_all'), metrics: new Set(commaList(metric, '_all')) };
}

/** ES 5.6 `RestNodesStatsAction` metric and index-metric rules. */
function statsTargets(req: RestRequest): { metrics: Set<string>; indexMetrics: Set<string> } {
  const metrics = new Set(commaList(req.pathParams.metric, '_all'));
  const indexMetric = req.pathParams.index_metric;
  if (metrics.size === 1 && metrics.has('_all')) {
    if (indexMetric !== undefined) {
      throw illegalArgument(`request [${req.path}] contains index metrics [${indexMetric}] but all stats requested`);
    }
    return { metrics: new Set(NODE_STATS_METRICS), indexMetrics: parseMetrics(undefined, req.path) };
  }
  if (metrics.has('_all')) throw illegalArgument(`request [${req.path}] contains _all and individual metrics [${req.pathParams.metric}]`);
  const bad = [...metrics].filter((m) => !NODE_STATS_METRICS.includes(m));
  if (bad.length > 0) {
    throw illegalArgument(`request [${req.path}] contains unrecognized metric${bad.length > 1 ? 's' : ''}: [${bad.join('], [')}]`);
  }
  if (metrics.has('indices')) return { metrics, indexMetrics: parseMetrics(indexMetric, req.path, 'index metric') };
  if (indexMetric !== undefined) {
    throw illegalArgument(`request [${req.path}] contains index metrics [${indexMetric}] but indices stats not requested`);
  }
  return { metrics, indexMetrics: new Set() };
}

export function nodesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_nodes', '/_nodes/{node_id}', '/_nodes/{node_id}/{metric}', '/_nodes/{node_id}/info/{metric}'],
      params: ['flat_settings', 'timeout'],
      handler: async (req) => {
        req.param('timeout');
        const { nodeIds, metrics } = infoTargets(req);
        return {
          status: 200,
          body: await nodesInfo(ctx, { nodeIds, metrics, flatSettings: req.paramAsBool('flat_settings', false), human: req.paramAsBool('human', false) }),
        };
      },
    },
    {
      methods: ['GET'],
      paths: [
        '/_nodes/stats', '/_nodes/{node_id}/stats', '/_nodes/stats/{metric}', '/_nodes/{node_id}/stats/{metric}',
        '/_nodes/stats/{metric}/{index_metric}', '/_nodes/{node_id}/stats/{metric}/{index_metric}',
      ],
      params: ['completion_fields', 'fielddata_fields', 'fields', 'groups', 'level', 'types', 'timeout', 'include_segment_file_sizes'],
      handler: async (req) => {
        for (const p of ['completion_fields', 'fielddata_fields', 'fields', 'groups', 'types', 'timeout', 'include_segment_file_sizes']) req.param(p);
        const level = req.param('level', 'node')!;
        if (!['node', 'indices', 'shards'].includes(level.toLowerCase())) {
          throw illegalArgument(`level parameter must be one of [indices] or [node] or [shards] but was [${level}]`);
        }
        const { metrics, indexMetrics } = statsTargets(req);
        const body = await nodesStats(ctx, {
          nodeIds: commaList(req.pathParams.node_id, '_all'),
          metrics,
          indexMetrics,
          level: level.toLowerCase(),
          human: req.paramAsBool('human', false),
        });
        return { status: 200, body };
      },
    },
    {
      methods: ['GET'],
      paths: [
        '/_nodes/hot_threads', '/_nodes/hotthreads', '/_nodes/{node_id}/hot_threads', '/_nodes/{node_id}/hotthreads',
        '/_cluster/nodes/hot_threads', '/_cluster/nodes/hotthreads', '/_cluster/nodes/{node_id}/hot_threads', '/_cluster/nodes/{node_id}/hotthreads',
      ],
      params: ['threads', 'ignore_idle_threads', 'interval', 'snapshots', 'type', 'timeout'],
      handler: async (req) => {
        req.param('timeout');
        const request = {
          threads: req.paramAsInt('threads', 3),
          intervalMs: req.paramAsTimeMs('interval', 500),
          type: req.param('type', 'cpu')!,
          ignoreIdleThreads: req.paramAsBool('ignore_idle_threads', true),
          snapshots: req.paramAsInt('snapshots', 10),
        };
        const text = selectsThisNode(ctx, commaList(req.pathParams.node_id, '_all')) ? await hotThreads(ctx, request) : '';
        return { status: 200, body: text, contentType: 'text/plain; charset=UTF-8' };
      },
    },
  ];
}
