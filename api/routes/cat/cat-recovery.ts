/**
 * `GET /_cat/recovery[/{index}]` (ES 5.6 `RestRecoveryAction`): how each shard copy was
 * recovered, from the data half of `_recovery` (lib/action/indices/recovery.ts). On one node every copy is a primary opened from its own store (nothing copied
 * from a peer or a snapshot), so sources, repository and snapshot are `n/a`; in cluster mode a
 * replica's `peer` recovery names the primary's node it copied from.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { shardRecoveries } from '../../../lib/action/indices/recovery.js';
import { resolveOpenIndices } from '../../../lib/action/indices/resolve-open.js';
import { indicesOptionsFrom, STRICT_EXPAND_OPEN } from '../../../lib/action/resolve-indices.js';
import { TimeValue } from '../../../lib/units/time-value.js';

const COLUMNS: CatColumn[] = [
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'shard', aliases: ['s', 'sh'], desc: 'shard name' },
  { name: 'time', aliases: ['t', 'ti'], desc: 'recovery time' },
  { name: 'type', aliases: ['ty'], desc: 'recovery type' },
  { name: 'stage', aliases: ['st'], desc: 'recovery stage' },
  { name: 'source_host', aliases: ['shost'], desc: 'source host' },
  { name: 'source_node', aliases: ['snode'], desc: 'source node name' },
  { name: 'target_host', aliases: ['thost'], desc: 'target host' },
  { name: 'target_node', aliases: ['tnode'], desc: 'target node name' },
  { name: 'repository', aliases: ['rep'], desc: 'repository' },
  { name: 'snapshot', aliases: ['snap'], desc: 'snapshot' },
  { name: 'files', aliases: ['f'], desc: 'number of files to recover' },
  { name: 'files_recovered', aliases: ['fr'], desc: 'files recovered' },
  { name: 'files_percent', aliases: ['fp'], desc: 'percent of files recovered' },
  { name: 'files_total', aliases: ['tf'], desc: 'total number of files' },
  { name: 'bytes', aliases: ['b'], desc: 'number of bytes to recover' },
  { name: 'bytes_recovered', aliases: ['br'], desc: 'bytes recovered' },
  { name: 'bytes_percent', aliases: ['bp'], desc: 'percent of bytes recovered' },
  { name: 'bytes_total', aliases: ['tb'], desc: 'total number of bytes' },
  { name: 'translog_ops', aliases: ['to'], desc: 'number of translog ops to recover' },
  { name: 'translog_ops_recovered', aliases: ['tor'], desc: 'translog ops recovered' },
  { name: 'translog_ops_percent', aliases: ['top'], desc: 'percent of translog ops recovered' },
];

/** ES `RecoveryState` percentages: 0% while no file is known, 100% once everything is reused. */
function reusedPercent(known: boolean): string {
  return known ? '100.0%' : '0.0%';
}

export function catRecoveryRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/recovery', '/_cat/recovery/{index}'],
      params: [...CAT_PARAMS, 'master_timeout', 'active_only', 'detailed', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards'],
      handler: async (req) => {
        req.param('master_timeout');
        req.paramAsBool('detailed', false);
        // every recovery is done by the time a shard serves, so `active_only` leaves nothing
        const activeOnly = req.paramAsBool('active_only', false);
        const opts = indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN);
        const indices = resolveOpenIndices(ctx, req.pathParams.index, opts);
        const rows: CatValue[][] = (await shardRecoveries(ctx, [...indices].sort(), activeOnly)).map((r) => {
          const { info, peer } = r;
          const bytes = info.files.reduce((n, f) => n + f.length, 0);
          const known = info.files.length > 0;
          return [
            r.index, r.shard, new TimeValue(info.totalTimeMs), info.type.toLowerCase(), r.stage.toLowerCase(),
            peer ? peer.source.host : 'n/a', peer ? peer.source.name : 'n/a', r.target.host, r.target.name, 'n/a', 'n/a',
            // a peer recovery copies keys, not files: its bytes are all recovered (the total adds the target's reused store)
            ...(peer ? [0, 0, '100.0%', 0, peer.bytes, peer.bytes, '100.0%', peer.bytes + peer.reusedBytes] : [0, 0, reusedPercent(known), info.files.length, 0, 0, reusedPercent(known), bytes]),
            info.translogOps, info.translogOps, '100.0%',
          ];
        });
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
