/**
 * Cluster administration routes beside health/state: `_cluster/stats`, `_cluster/pending_tasks`,
 * `_cluster/allocation/explain`, `_cluster/reroute` (thin handlers over lib/action/cluster).
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { clusterStats } from '../../lib/action/cluster/cluster-stats.js';
import { explainAllocation, type AllocationExplainRequest } from '../../lib/action/cluster/allocation-explain.js';
import { parseCommands, reroute } from '../../lib/action/cluster/reroute.js';
import { clusterStateBody } from '../../lib/action/cluster/cluster-state.js';
import { actionRequestValidation, parsingException } from '../../lib/errors/errors.js';
import { javaSplit } from '../rest/url-decode.js';
import { tokenOf } from '../../lib/dsl/xcontent.js';

/** ES `ClusterState.Metric`s a reroute answer shows by default: all but `metadata`. */
const REROUTE_DEFAULT_METRICS = ['version', 'master_node', 'blocks', 'nodes', 'routing_table', 'routing_nodes'];

function explainRequest(body: unknown, yes: boolean, disk: boolean): AllocationExplainRequest {
  const req: AllocationExplainRequest = { includeYesDecisions: yes, includeDiskInfo: disk };
  if (body === undefined) return req;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw parsingException('request body must be an object');
  // ES's ObjectParser: `index`/`current_node` are strings, `shard` an int, `primary` a boolean
  // (each also as a string); any other token is refused by name, never read as text.
  const accepts: Record<string, readonly string[]> = { index: ['VALUE_STRING'], current_node: ['VALUE_STRING'], shard: ['VALUE_NUMBER', 'VALUE_STRING'], primary: ['VALUE_BOOLEAN', 'VALUE_STRING'] };
  for (const [k, v] of Object.entries(body)) {
    const tokens = Object.hasOwn(accepts, k) ? accepts[k]! : undefined;
    if (tokens === undefined) throw parsingException(`[cluster/allocation/explain] unknown field [${k}], parser not found`);
    if (!tokens.includes(tokenOf(v))) throw parsingException(`[cluster/allocation/explain] ${k} doesn't support values of type: ${tokenOf(v)}`);
    if (k === 'index') req.index = String(v);
    else if (k === 'shard') req.shard = Number(v);
    else if (k === 'primary') req.primary = v === true || v === 'true';
    else req.currentNode = String(v);
  }
  const any = req.index === undefined && req.shard === undefined && req.primary === undefined && req.currentNode === undefined;
  if (!any) {
    const errors: string[] = [];
    if (req.index === undefined) errors.push('index must be specified');
    if (req.shard === undefined) errors.push('shard must be specified');
    if (req.primary === undefined) errors.push('primary must be specified');
    if (errors.length > 0) throw actionRequestValidation(errors);
  }
  return req;
}

export function clusterAdminRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cluster/stats', '/_cluster/stats/nodes/{node_id}'],
      params: ['flat_settings', 'timeout'],
      handler: async (req) => {
        req.param('flat_settings');
        req.param('timeout');
        const nodeIds = javaSplit(req.pathParams.node_id ?? '_all', ',').filter((s) => s.length > 0);
        return { status: 200, body: await clusterStats(ctx, nodeIds, req.paramAsBool('human', false)) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_cluster/pending_tasks'],
      params: ['local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        // Cluster state updates run one at a time as they are submitted and none waits on
        // another node, so by the time this handler runs none is queued behind it.
        return { status: 200, body: { tasks: [] } };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_cluster/allocation/explain'],
      params: ['include_yes_decisions', 'include_disk_info'],
      handler: (req) => {
        const yes = req.paramAsBool('include_yes_decisions', false);
        const disk = req.paramAsBool('include_disk_info', false);
        const body = req.hasBody() ? req.json() : undefined;
        return { status: 200, body: explainAllocation(ctx, { ...explainRequest(body, yes, disk), human: req.paramAsBool('human', false) }) };
      },
    },
    {
      methods: ['POST'],
      paths: ['/_cluster/reroute'],
      params: ['dry_run', 'explain', 'retry_failed', 'metric', 'master_timeout', 'timeout'],
      handler: async (req) => {
        req.param('master_timeout');
        req.param('timeout');
        const retryFailed = req.paramAsBool('retry_failed', false);
        const dryRun = req.paramAsBool('dry_run', false);
        const explain = req.paramAsBool('explain', false);
        const metric = req.param('metric');
        const commands = parseCommands(req.hasBody() ? req.json() : undefined);
        const explanations = reroute(ctx, { commands, dryRun, explain });
        // ES: `retry_failed` resets the failed-attempt count of shards that gave up starting.
        if (retryFailed && !dryRun) await ctx.indices.retryFailedShards(ctx.cluster.state());
        const metrics = metric === undefined ? REROUTE_DEFAULT_METRICS : javaSplit(metric, ',');
        const { cluster_name: _name, ...state } = clusterStateBody(ctx, metrics, undefined, false, () => undefined);
        return { status: 200, body: { acknowledged: true, state, ...(explain ? { explanations } : {}) } };
      },
    },
  ];
}
