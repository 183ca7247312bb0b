/**
 * `GET /_cat/segments[/{index}]` (ES 5.6 `RestSegmentsAction`): one row per segment of each
 * shard copy, from the data half of `_segments` (lib/action/indices/segments.ts). A closed
 * index named explicitly is `index_closed_exception` (403), as ES forbids closed indices here.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { LUCENE_VERSION, shardSegments } from '../../../lib/action/indices/segments.js';
import { resolveOpenIndices } from '../../../lib/action/indices/resolve-open.js';
import { STRICT_EXPAND_OPEN } from '../../../lib/action/resolve-indices.js';
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
      handler: async (req) => {
        req.param('local');
        req.param('master_timeout');
        const host = ctx.httpAddress.host;
        const rows: CatValue[][] = [];
        const indices = resolveOpenIndices(ctx, req.pathParams.index, STRICT_EXPAND_OPEN);
        for (const s of (await shardSegments(ctx, [...indices].sort())).shards) {
          for (const seg of s.segments) {
            rows.push([
              s.index, s.shard, s.primary ? 'p' : 'r', host, s.node, seg.name, seg.generation, seg.numDocs, seg.deletedDocs,
              new ByteSizeValue(seg.sizeInBytes), seg.memoryInBytes, seg.committed, seg.search, LUCENE_VERSION, false,
            ]);
          }
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
