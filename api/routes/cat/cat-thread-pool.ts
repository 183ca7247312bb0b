/**
 * `GET /_cat/thread_pool[/{thread_pool_patterns}]` (ES 5.6 `RestThreadPoolAction`): one row
 * per node and pool. Strata runs everything on Node's one event-loop thread, so each pool is
 * one fixed thread with an unbounded queue and no counted activity (see
 * lib/action/nodes/thread-pools.ts).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { THREAD_POOL_NAMES, threadPoolInfo, threadPoolStats } from '../../../lib/action/nodes/thread-pools.js';
import { simpleMatch } from '../../../lib/units/simple-match.js';
import { javaSplit } from '../../rest/url-decode.js';

const COLUMNS: CatColumn[] = [
  { name: 'node_name', aliases: ['nn'], desc: 'node name' },
  { name: 'node_id', aliases: ['id'], desc: 'persistent node id', default: false },
  { name: 'ephemeral_node_id', aliases: ['eid'], desc: 'ephemeral node id', default: false },
  { name: 'pid', aliases: ['p'], desc: 'process id', default: false },
  { name: 'host', aliases: ['h'], desc: 'host name', default: false },
  { name: 'ip', aliases: ['i'], desc: 'ip address', default: false },
  { name: 'port', aliases: ['po'], desc: 'bound transport port', default: false },
  { name: 'name', aliases: ['n'], desc: 'thread pool name' },
  { name: 'type', aliases: ['t'], desc: 'thread pool type', default: false },
  { name: 'active', aliases: ['a'], desc: 'number of active threads', align: 'right' },
  { name: 'size', aliases: ['s'], desc: 'number of threads', default: false, align: 'right' },
  { name: 'queue', aliases: ['q'], desc: 'number of tasks currently in queue', align: 'right' },
  { name: 'queue_size', aliases: ['qs'], desc: 'maximum number of tasks permitted in queue', default: false, align: 'right' },
  { name: 'rejected', aliases: ['r'], desc: 'number of rejected tasks', align: 'right' },
  { name: 'largest', aliases: ['l'], desc: 'highest number of seen active threads', default: false, align: 'right' },
  { name: 'completed', aliases: ['c'], desc: 'number of completed tasks', default: false, align: 'right' },
  { name: 'min', aliases: ['mi'], desc: 'minimum number of threads', default: false, align: 'right' },
  { name: 'max', aliases: ['ma'], desc: 'maximum number of threads', default: false, align: 'right' },
  { name: 'keep_alive', aliases: ['ka'], desc: 'thread keep alive time', default: false, align: 'right' },
];

export function catThreadPoolRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/thread_pool', '/_cat/thread_pool/{thread_pool_patterns}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const patterns = javaSplit(req.pathParams.thread_pool_patterns ?? '*', ',').filter((p) => p.length > 0);
        const host = ctx.httpAddress.host;
        const rows: CatValue[][] = [];
        for (const name of THREAD_POOL_NAMES) {
          if (!patterns.some((p) => simpleMatch(p, name))) continue;
          const info = threadPoolInfo();
          const s = threadPoolStats();
          rows.push([
            ctx.nodeName, ctx.nodeId, ctx.nodeId, process.pid, host, host, ctx.transportAddress.port,
            name, info.type, s.active, s.threads, s.queue, info.queueSize, s.rejected, s.largest, s.completed,
            info.min, info.max, null,
          ]);
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
