/**
 * `GET /_cat/shards[/{index}]` (ES 5.6 `RestShardsAction`): one row per shard copy of the
 * routing table — started primaries with their figures, unassigned replicas with why.
 * Figures Strata keeps per shard (docs, store, indexing, refresh, flush, merges, segments) are
 * real; get and search activity is only counted per index, so those cells are empty here (the
 * per-index figures are in `_cat/indices`); caches, warmers and completion hold nothing (0).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { segmentsMemoryTotal, startedShardStats } from '../../../lib/action/indices/index-stats.js';
import { clusterMembers } from '../../../lib/action/nodes/cluster-members.js';
import type { ShardStats } from '../../../lib/messages/shard-maintenance.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { shardRoutings } from '../../../lib/cluster/routing-table.js';
import { LENIENT_EXPAND_OPEN, resolveIndices } from '../../../lib/action/resolve-indices.js';
import { ByteSizeValue } from '../../../lib/units/byte-size-value.js';
import { TimeValue } from '../../../lib/units/time-value.js';

type Stat = (s: ShardStats) => CatValue;
const zero: Stat = () => 0;
const zeroBytes: Stat = () => new ByteSizeValue(0);
const zeroTime: Stat = () => new TimeValue(0);
const none: Stat = () => null;

/** Statistic columns after the fixed ones: [name, aliases, description, value]. */
const STATS: Array<[string, string[], string, Stat]> = [
  ['completion.size', ['cs', 'completionSize'], 'size of completion', zeroBytes],
  ['fielddata.memory_size', ['fm', 'fielddataMemory'], 'used fielddata cache', zeroBytes],
  ['fielddata.evictions', ['fe', 'fielddataEvictions'], 'fielddata evictions', zero],
  ['query_cache.memory_size', ['qcm', 'queryCacheMemory'], 'used query cache', (s) => new ByteSizeValue(s.queryCache.memorySizeInBytes)],
  ['query_cache.evictions', ['qce', 'queryCacheEvictions'], 'query cache evictions', (s) => s.queryCache.cacheCount - s.queryCache.cacheSize],
  ['flush.total', ['ft', 'flushTotal'], 'number of flushes', (s) => s.flushTotal],
  ['flush.total_time', ['ftt', 'flushTotalTime'], 'time spent in flush', (s) => new TimeValue(s.flushTimeInMillis)],
  ['get.current', ['gc', 'getCurrent'], 'number of current get ops', none],
  ['get.time', ['gti', 'getTime'], 'time spent in get', none],
  ['get.total', ['gto', 'getTotal'], 'number of get ops', none],
  ['get.exists_time', ['geti', 'getExistsTime'], 'time spent in successful gets', none],
  ['get.exists_total', ['geto', 'getExistsTotal'], 'number of successful gets', none],
  ['get.missing_time', ['gmti', 'getMissingTime'], 'time spent in failed gets', none],
  ['get.missing_total', ['gmto', 'getMissingTotal'], 'number of failed gets', none],
  ['indexing.delete_current', ['idc', 'indexingDeleteCurrent'], 'number of current deletions', zero],
  ['indexing.delete_time', ['idti', 'indexingDeleteTime'], 'time spent in deletions', zeroTime],
  ['indexing.delete_total', ['idto', 'indexingDeleteTotal'], 'number of delete ops', (s) => s.deleteTotal],
  ['indexing.index_current', ['iic', 'indexingIndexCurrent'], 'number of current indexing ops', zero],
  ['indexing.index_time', ['iiti', 'indexingIndexTime'], 'time spent in indexing', (s) => new TimeValue(s.indexTimeInMillis)],
  ['indexing.index_total', ['iito', 'indexingIndexTotal'], 'number of indexing ops', (s) => s.indexTotal],
  ['indexing.index_failed', ['iif', 'indexingIndexFailed'], 'number of failed indexing ops', zero],
  ['merges.current', ['mc', 'mergesCurrent'], 'number of current merges', (s) => s.merges.current],
  ['merges.current_docs', ['mcd', 'mergesCurrentDocs'], 'number of current merging docs', (s) => s.merges.currentDocs],
  ['merges.current_size', ['mcs', 'mergesCurrentSize'], 'size of current merges', (s) => new ByteSizeValue(s.merges.currentSizeInBytes)],
  ['merges.total', ['mt', 'mergesTotal'], 'number of completed merge ops', (s) => s.mergeTotal],
  ['merges.total_docs', ['mtd', 'mergesTotalDocs'], 'docs merged', (s) => s.merges.totalDocs],
  ['merges.total_size', ['mts', 'mergesTotalSize'], 'size merged', (s) => new ByteSizeValue(s.merges.totalSizeInBytes)],
  ['merges.total_time', ['mtt', 'mergesTotalTime'], 'time spent in merges', (s) => new TimeValue(s.merges.totalTimeInMillis)],
  ['refresh.total', ['rto', 'refreshTotal'], 'total refreshes', (s) => s.refreshTotal],
  ['refresh.time', ['rti', 'refreshTime'], 'time spent in refreshes', (s) => new TimeValue(s.refreshTimeInMillis)],
  ['refresh.listeners', ['rli', 'refreshListeners'], 'number of pending refresh listeners', none],
  ['search.fetch_current', ['sfc', 'searchFetchCurrent'], 'current fetch phase ops', none],
  ['search.fetch_time', ['sfti', 'searchFetchTime'], 'time spent in fetch phase', none],
  ['search.fetch_total', ['sfto', 'searchFetchTotal'], 'total fetch ops', none],
  ['search.open_contexts', ['so', 'searchOpenContexts'], 'open search contexts', none],
  ['search.query_current', ['sqc', 'searchQueryCurrent'], 'current query phase ops', none],
  ['search.query_time', ['sqti', 'searchQueryTime'], 'time spent in query phase', none],
  ['search.query_total', ['sqto', 'searchQueryTotal'], 'total query phase ops', none],
  ['search.scroll_current', ['scc', 'searchScrollCurrent'], 'open scroll contexts', none],
  ['search.scroll_time', ['scti', 'searchScrollTime'], 'time scroll contexts held open', none],
  ['search.scroll_total', ['scto', 'searchScrollTotal'], 'completed scroll contexts', none],
  ['segments.count', ['sc', 'segmentsCount'], 'number of segments', (s) => s.segmentsCount],
  ['segments.memory', ['sm', 'segmentsMemory'], 'memory used by segments', (s) => new ByteSizeValue(segmentsMemoryTotal(s.segmentsMemory))],
  ['segments.index_writer_memory', ['siwm', 'segmentsIndexWriterMemory'], 'memory used by index writer', (s) => new ByteSizeValue(s.indexWriterMemoryInBytes)],
  ['segments.version_map_memory', ['svmm', 'segmentsVersionMapMemory'], 'memory used by version map', (s) => new ByteSizeValue(s.versionMapMemoryInBytes)],
  ['segments.fixed_bitset_memory', ['sfbm', 'fixedBitsetMemory'], 'memory used by fixed bit sets for nested object field types and type filters for types referred in _parent fields', zeroBytes],
  ['warmer.current', ['wc', 'warmerCurrent'], 'current warmer ops', zero],
  ['warmer.total', ['wto', 'warmerTotal'], 'total warmer ops', zero],
  ['warmer.total_time', ['wtt', 'warmerTotalTime'], 'time spent in warmers', zeroTime],
];

const COLUMNS: CatColumn[] = [
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'shard', aliases: ['s', 'sh'], desc: 'shard name' },
  { name: 'prirep', aliases: ['p', 'pr', 'primaryOrReplica'], desc: 'primary or replica' },
  { name: 'state', aliases: ['st'], desc: 'shard state' },
  { name: 'docs', aliases: ['d', 'dc'], desc: 'number of docs in shard', align: 'right' },
  { name: 'store', aliases: ['sto'], desc: 'store size of shard (how much disk it uses)', align: 'right' },
  { name: 'ip', desc: 'ip of node where it lives' },
  { name: 'id', desc: 'unique id of node where it lives', default: false },
  { name: 'node', aliases: ['n'], desc: 'name of node where it lives' },
  { name: 'sync_id', aliases: ['sync_id'], desc: 'sync id', default: false },
  { name: 'unassigned.reason', aliases: ['ur'], desc: 'reason shard is unassigned', default: false },
  { name: 'unassigned.at', aliases: ['ua'], desc: 'time shard became unassigned (UTC)', default: false },
  { name: 'unassigned.for', aliases: ['uf'], desc: 'time has been unassigned', default: false, align: 'right' },
  { name: 'unassigned.details', aliases: ['ud'], desc: 'additional details as to why the shard became unassigned', default: false },
  { name: 'recoverysource.type', aliases: ['rs'], desc: 'recovery source type', default: false },
  ...STATS.map(([name, aliases, desc]): CatColumn => ({ name, aliases, desc, default: false, align: 'right' })),
];

export function catShardsRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/shards', '/_cat/shards/{index}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: async (req) => {
        req.param('local');
        req.param('master_timeout');
        const state = ctx.cluster.state();
        const names = resolveIndices(state, req.pathParams.index, LENIENT_EXPAND_OPEN).sort();
        const members = new Map(clusterMembers(ctx).map((m) => [m.id, m]));
        const rows: CatValue[][] = [];
        for (const name of names) {
          const meta = state.indices[name];
          const svc = ctx.indices.get(name);
          if (!meta || !svc) continue;
          const stats = await startedShardStats(ctx, name);
          for (const copies of shardRoutings(meta, ctx.nodeId, ctx.indices.failedShards(name))) {
            for (const r of copies) {
              const started = r.state === 'STARTED';
              // the figures are the primary's (shard stats reach primaries only); a replica's cells stay empty
              const s = started && r.primary ? stats.get(r.shard) : undefined;
              const node = r.state !== 'UNASSIGNED' ? members.get(r.node ?? '') : undefined;
              const u = r.unassigned_info;
              const since = u ? Date.parse(u.at) : 0;
              rows.push([
                name, r.shard, r.primary ? 'p' : 'r', r.state,
                s ? s.docsCount : null, s ? new ByteSizeValue(s.storeSizeInBytes) : null,
                node ? node.host : null, node ? node.id : null, node ? node.name : null,
                null,
                u ? u.reason : null, u ? u.at : null, u ? new TimeValue(Math.max(0, Date.now() - since)) : null, null,
                r.recovery_source ? r.recovery_source.type.toLowerCase() : null,
                ...STATS.map(([, , , f]) => (s ? f(s) : null)),
              ]);
            }
          }
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
