/**
 * `GET /_cat/segments[/{index}]` (ES 5.6 `RestSegmentsAction`): one row per segment of each
 * shard copy. Segments are Strata's own (LevelDB-backed, never compound files); `size.memory`
 * is 0 because segment data is read from LevelDB rather than held on the heap per segment.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { LUCENE_VERSION, shardSegments } from '../../../lib/action/indices/shard-segments.js';
import { ByteSizeValue } from '../../../lib/units/byte-size-value.js';

const COLUMNS: CatColumn[] = [
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'shard', aliases: ['s', 'sh'], desc: 'shard name' },
  { name: 'prirep', aliases: ['p', 'pr', 'primaryOrReplica'], desc: 'primary or replica' },
  { name: 'ip', desc: 'ip of node where it lives' },
  { name: 'id', desc: 'unique id of node where it lives', default: false },
  { name: 'segment', aliases: ['seg'], desc: 'segment name' },
  { name: 'generation', aliases: ['g', 'gen'], desc: 'segment generation', align: 'right' },
  { name: 'docs.count', aliases: ['dc', 'docsCount'], desc: 'number of docs in segment', align: 'right' },
  { name: 'docs.deleted', aliases: ['dd', 'docsDeleted'], desc: 'number of deleted docs in segment', align: 'right' },
  { name: 'size', aliases: ['si'], desc: 'segment size in bytes', align: 'right' },
  { name: 'size.memory', aliases: ['sm', 'sizeMemory'], desc: 'segment memory in bytes', align: 'right' },
  { name: 'committed', aliases: ['ic', 'isCommitted'], desc: 'is segment committed' },
  { name: 'searchable', aliases: ['is', 'isSearchable'], desc: 'is segment searched' },
  { name: 'version', aliases: ['v', 'ver'], desc: 'version' },
  { name: 'compound', aliases: ['ico', 'isCompound'], desc: 'is segment compound' },
];

export function catSegmentsRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/segments', '/_cat/segments/{index}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const host = ctx.httpAddress.host;
        const rows: CatValue[][] = [];
        for (const s of shardSegments(ctx, req.pathParams.index)) {
          for (const seg of s.segments) {
            rows.push([
              s.index, s.shard, s.primary ? 'p' : 'r', host, s.nodeId, seg.name, seg.generation, seg.numDocs, seg.deletedDocs,
              new ByteSizeValue(seg.sizeInBytes), 0, seg.committed, seg.search, LUCENE_VERSION, false,
            ]);
          }
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
