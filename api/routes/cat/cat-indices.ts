/**
 * `GET /_cat/indices` and `/_cat/indices/{index}` (ES 5.6 `RestIndicesAction`): one row per
 * index with health, status, shard counts, document counts and store sizes.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { indexHealth } from '../../../lib/cluster/health.js';
import { numberOfReplicas, numberOfShards } from '../../../lib/cluster/state.js';
import { ByteSizeValue } from '../../../lib/units/byte-size-value.js';
import { resolveIndices, indicesOptionsFrom, STRICT_EXPAND_OPEN_CLOSED } from '../../../lib/action/resolve-indices.js';
import { shardStatsOf } from '../../../lib/action/indices/index-stats.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { illegalArgument } from '../../../lib/errors/errors.js';

const BASE_COLUMNS: CatColumn[] = [
  { name: 'health', aliases: ['h'], desc: 'current health status' },
  { name: 'status', aliases: ['s'], desc: 'open/close status' },
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'uuid', aliases: ['id', 'uuid'], desc: 'index uuid' },
  { name: 'pri', aliases: ['p', 'shards.primary', 'shardsPrimary'], desc: 'number of primary shards', align: 'right' },
  { name: 'rep', aliases: ['r', 'shards.replica', 'shardsReplica'], desc: 'number of replica shards', align: 'right' },
  { name: 'docs.count', aliases: ['dc', 'docsCount'], desc: 'available docs', align: 'right', sibling: 'pri' },
  { name: 'docs.deleted', aliases: ['dd', 'docsDeleted'], desc: 'deleted docs', align: 'right', sibling: 'pri' },
  { name: 'creation.date', aliases: ['cd'], desc: 'index creation date (millisecond value)', default: false, align: 'right' },
  { name: 'creation.date.string', aliases: ['cds'], desc: 'index creation date (as string)', default: false, align: 'right' },
  { name: 'store.size', aliases: ['ss', 'storeSize'], desc: 'store size of primaries & replicas', align: 'right' },
  { name: 'pri.store.size', desc: 'store size of primaries', align: 'right' },
  { name: 'indexing.index_total', aliases: ['iito', 'indexingIndexTotal'], desc: 'number of indexing ops', default: false, align: 'right', sibling: 'pri' },
  { name: 'indexing.delete_total', aliases: ['idto', 'indexingDeleteTotal'], desc: 'number of delete ops', default: false, align: 'right', sibling: 'pri' },
  { name: 'get.total', aliases: ['gto', 'getTotal'], desc: 'number of get ops', default: false, align: 'right', sibling: 'pri' },
  { name: 'refresh.total', aliases: ['rto', 'refreshTotal'], desc: 'total refreshes', default: false, align: 'right', sibling: 'pri' },
  { name: 'flush.total', aliases: ['ft', 'flushTotal'], desc: 'number of flushes', default: false, align: 'right', sibling: 'pri' },
  { name: 'merges.total', aliases: ['mt', 'mergesTotal'], desc: 'number of completed merge ops', default: false, align: 'right', sibling: 'pri' },
  { name: 'search.query_total', aliases: ['sqto', 'searchQueryTotal'], desc: 'total query phase ops', default: false, align: 'right', sibling: 'pri' },
  { name: 'search.fetch_total', aliases: ['sfto', 'searchFetchTotal'], desc: 'total fetches', default: false, align: 'right', sibling: 'pri' },
  { name: 'segments.count', aliases: ['sc', 'segmentsCount'], desc: 'number of segments', default: false, align: 'right', sibling: 'pri' },
];

/** Each column with a `pri` sibling is followed by its hidden `pri.` twin (primaries only). */
const COLUMNS: CatColumn[] = BASE_COLUMNS.flatMap((c) =>
  c.sibling ? [c, { name: `${c.sibling}.${c.name}`, desc: c.desc ?? '', default: false, align: c.align ?? 'left' } as CatColumn] : [c],
);

export function catIndicesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/indices', '/_cat/indices/{index}'],
      params: [...CAT_PARAMS, 'health', 'pri', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards'],
      handler: async (req) => {
        const state = ctx.cluster.state();
        const wantHealth = req.param('health');
        if (wantHealth !== undefined && !['green', 'yellow', 'red'].includes(wantHealth)) {
          throw illegalArgument(`unknown health status [${wantHealth}]`);
        }
        req.paramAsBool('pri', false);
        const names = resolveIndices(state, req.pathParams.index, indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN_CLOSED));
        const rows: CatValue[][] = [];
        for (const name of names) {
          const meta = state.indices[name]!;
          const open = meta.state === 'open';
          // ES 5.6 `RestIndicesAction`: a closed index has no health (cluster health leaves it
          // out), so its health, pri and rep cells are empty and a `health` filter drops it.
          const health = open ? indexHealth(meta, 1, false, ctx.indices.failedShards(name), ctx.indices.initializing(name)).status : null;
          if (wantHealth !== undefined && health !== wantHealth) continue;
          const totals = { docs: 0, deleted: 0, store: 0, index: 0, del: 0, refresh: 0, flush: 0, merge: 0, segments: 0 };
          for (const s of await shardStatsOf(ctx, name)) {
            totals.docs += s.docsCount;
            totals.deleted += s.docsDeleted;
            totals.store += s.storeSizeInBytes;
            totals.index += s.indexTotal;
            totals.del += s.deleteTotal;
            totals.refresh += s.refreshTotal;
            totals.flush += s.flushTotal;
            totals.merge += s.mergeTotal;
            totals.segments += s.segmentsCount;
          }
          const created = Number(meta.settings['index.creation_date']);
          const c = ctx.indices.get(name)?.counters;
          const both = (v: number): CatValue[] => [open ? v : null, open ? v : null];
          rows.push([
            health,
            meta.state,
            name,
            meta.uuid,
            open ? numberOfShards(meta) : null,
            open ? numberOfReplicas(meta) : null,
            ...both(totals.docs),
            ...both(totals.deleted),
            created,
            new Date(created).toISOString(),
            open ? new ByteSizeValue(totals.store) : null,
            open ? new ByteSizeValue(totals.store) : null,
            ...both(totals.index),
            ...both(totals.del),
            ...both(c?.getTotal ?? 0),
            ...both(totals.refresh),
            ...both(totals.flush),
            ...both(totals.merge),
            ...both(c?.queryTotal ?? 0),
            ...both(c?.fetchTotal ?? 0),
            ...both(totals.segments),
          ]);
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
