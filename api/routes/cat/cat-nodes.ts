/**
 * `GET /_cat/nodes` (ES 5.6 `RestNodesAction`): every member's address and roles (the cluster's
 * members in cluster mode), and this node's memory, load and cpu.
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { RouteDef } from '../../types.js';
import { clusterMembers, roleLetters, type Member } from '../../../lib/action/nodes/cluster-members.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { ByteSizeValue } from '../../../lib/units/byte-size-value.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { maxFileDescriptors, openFileDescriptors } from '../../../lib/action/nodes/os-probe.js';

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

export function catNodesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/nodes'],
      params: [...CAT_PARAMS, 'full_id'],
      handler: (req) => {
        const full = req.paramAsBool('full_id', false);
        // the V8 heap stands where ES reports the JVM heap, as in `_nodes/stats/jvm`
        const heap = v8.getHeapStatistics();
        const heapMax = Math.max(heap.heap_size_limit, 1);
        const total = os.totalmem();
        const free = os.freemem();
        const [l1, l5, l15] = os.loadavg();
        const fdCurrent = openFileDescriptors();
        const fdMax = maxFileDescriptors();
        const row: CatValue[] = [
          full ? ctx.nodeId : ctx.nodeId.slice(0, 4),
          process.pid,
          ctx.httpAddress.host,
          ctx.transportAddress.port,
          `${ctx.httpAddress.host}:${ctx.httpAddress.port}`,
          '5.6.16',
          new ByteSizeValue(heap.used_heap_size),
          Math.round((heap.used_heap_size / heapMax) * 100),
          new ByteSizeValue(heapMax),
          new ByteSizeValue(total - free),
          Math.round(((total - free) / total) * 100),
          new ByteSizeValue(total),
          fdCurrent,
          fdMax > 0 && fdCurrent >= 0 ? Math.round((fdCurrent / fdMax) * 100) : -1,
          fdMax,
          ctx.runtime.cpu.processPercent(),
          (l1 ?? 0).toFixed(2),
          (l5 ?? 0).toFixed(2),
          (l15 ?? 0).toFixed(2),
          `${Math.round((Date.now() - ctx.startedAt) / 1000)}s`,
        ];
        const rows = clusterMembers(ctx).map((m) => [
          ...(m.local ? row : remoteRow(m, full)),
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
 * Another member's cells: its identity and addresses from the cluster state; its process
 * figures (heap, memory, load, cpu) are not carried over the transport yet, so they are empty.
 */
function remoteRow(m: Member, full: boolean): CatValue[] {
  return [full ? m.id : m.id.slice(0, 4), null, m.host, m.transportPort, `${m.host}:${m.httpPort}`, '5.6.16', ...Array<null>(14).fill(null)];
}
