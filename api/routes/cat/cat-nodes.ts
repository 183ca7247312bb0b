/**
 * `GET /_cat/nodes` (ES 5.6 `RestNodesAction`): every member's address and roles (the cluster's
 * members in cluster mode), and each member's own memory, load and cpu, asked over the
 * transport (`nodes:info`, `nodes:stats`).
 */
import type { RouteDef } from '../../types.js';
import { clusterMembers, roleLetters } from '../../../lib/action/nodes/cluster-members.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { ByteSizeValue } from '../../../lib/units/byte-size-value.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { askNodesStats } from '../../../lib/action/nodes/node-stats.js';
import { nodesInfo } from '../../../lib/action/nodes/node-info.js';
import { NODE_VERSION } from '../../../lib/action/nodes/node-identity.js';

const COLUMNS: CatColumn[] = [
  { name: 'id', aliases: ['id', 'nodeId'], desc: 'unique node id', default: false },
  { name: 'pid', aliases: ['p'], desc: 'process id', default: false },
  { name: 'ip', aliases: ['i'], desc: 'ip address' },
  { name: 'port', aliases: ['po'], desc: 'bound transport port', default: false },
  { name: 'http_address', aliases: ['http'], desc: 'bound http address', default: false },
  { name: 'version', aliases: ['v'], desc: 'es version', default: false },
  { name: 'heap.current', aliases: ['hc', 'heapCurrent'], desc: 'used heap', default: false, align: 'right' },
  { name: 'heap.percent', aliases: ['hp', 'heapPercent'], desc: 'used heap ratio', align: 'right' },
  { name: 'heap.max', aliases: ['hm', 'heapMax'], desc: 'max configured heap', default: false, align: 'right' },
  { name: 'ram.current', aliases: ['rc', 'ramCurrent'], desc: 'used machine memory', default: false, align: 'right' },
  { name: 'ram.percent', aliases: ['rp', 'ramPercent'], desc: 'used machine memory ratio', align: 'right' },
  { name: 'ram.max', aliases: ['rm', 'ramMax'], desc: 'total machine memory', default: false, align: 'right' },
  { name: 'file_desc.current', aliases: ['fdc', 'fileDescriptorCurrent'], desc: 'used file descriptors', default: false, align: 'right' },
  { name: 'file_desc.percent', aliases: ['fdp', 'fileDescriptorPercent'], desc: 'used file descriptor ratio', default: false, align: 'right' },
  { name: 'file_desc.max', aliases: ['fdm', 'fileDescriptorMax'], desc: 'max file descriptors', default: false, align: 'right' },
  { name: 'cpu', aliases: ['cpu'], desc: 'recent cpu usage', align: 'right' },
  { name: 'load_1m', aliases: ['l'], desc: '1m load avg', align: 'right' },
  { name: 'load_5m', aliases: ['l'], desc: '5m load avg', align: 'right' },
  { name: 'load_15m', aliases: ['l'], desc: '15m load avg', align: 'right' },
  { name: 'uptime', aliases: ['u'], desc: 'node uptime', default: false, align: 'right' },
  { name: 'node.role', aliases: ['r', 'role', 'nodeRole'], desc: 'm:master eligible node, d:data node, i:ingest node, -:coordinating node only' },
  { name: 'master', aliases: ['m'], desc: '*:current master' },
  { name: 'name', aliases: ['n'], desc: 'node name' },
];

type Json = Record<string, any>;

export function catNodesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/nodes'],
      params: [...CAT_PARAMS, 'full_id'],
      handler: async (req) => {
        const full = req.paramAsBool('full_id', false);
        // every member's own figures (ES asks nodes info and nodes stats of every node)
        const [info, stats] = await Promise.all([
          nodesInfo(ctx, { nodeIds: ['_all'], metrics: new Set(['process']), flatSettings: false, human: false }),
          askNodesStats(ctx, { nodeIds: ['_all'], metrics: new Set(['jvm', 'os', 'process']), indexMetrics: new Set(), level: 'node', human: false }),
        ]);
        const statsOf = new Map(stats.answers.map((a) => [a.member.id, a.value as Json]));
        const infoOf = (info.nodes ?? {}) as Record<string, Json>;
        const rows = clusterMembers(ctx).map((m) => [
          full ? m.id : m.id.slice(0, 4),
          infoOf[m.id]?.process?.id ?? null,
          m.host,
          m.transportPort,
          `${m.host}:${m.httpPort}`,
          NODE_VERSION,
          ...figures(statsOf.get(m.id)),
          roleLetters(m),
          m.elected ? '*' : '-',
          m.name,
        ]);
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}

/**
 * A node's heap (V8's, where ES reports the JVM's), memory, file descriptors, cpu, load and
 * uptime from its `_nodes/stats` entry; empty cells for a node that did not answer.
 */
function figures(s: Json | undefined): CatValue[] {
  if (!s) return Array<null>(14).fill(null);
  const heapUsed = s.jvm.mem.heap_used_in_bytes as number;
  const heapMax = Math.max(s.jvm.mem.heap_max_in_bytes as number, 1);
  const total = s.os.mem.total_in_bytes as number;
  const used = s.os.mem.used_in_bytes as number;
  const fdCurrent = s.process.open_file_descriptors as number;
  const fdMax = s.process.max_file_descriptors as number;
  const load = s.os.cpu.load_average as Record<string, number>;
  return [
    new ByteSizeValue(heapUsed),
    Math.round((heapUsed / heapMax) * 100),
    new ByteSizeValue(heapMax),
    new ByteSizeValue(used),
    total > 0 ? Math.round((used / total) * 100) : null,
    new ByteSizeValue(total),
    fdCurrent,
    fdMax > 0 && fdCurrent >= 0 ? Math.round((fdCurrent / fdMax) * 100) : -1,
    fdMax,
    s.process.cpu.percent as number,
    (load['1m'] ?? 0).toFixed(2),
    (load['5m'] ?? 0).toFixed(2),
    (load['15m'] ?? 0).toFixed(2),
    `${Math.round((s.jvm.uptime_in_millis as number) / 1000)}s`,
  ];
}
