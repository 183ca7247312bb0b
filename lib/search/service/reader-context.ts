/**
 * A reader context (ES `ReaderContext` / `SearchContext`): one shard's point-in-time searcher,
 * the compile context (mappings, analysis, statistics) and what the query phase compiled
 * (weight, sorts, script fields), kept on the shard side between the phases of one search or
 * the pages of a scroll. Only its id crosses the shard boundary.
 */
import type { IndexService } from '../../indices/index-service.js';
import type { Searcher, SegmentReader } from '../../shard/segment-reader.js';
import type { ShardSearchSource } from '../../messages/shard-search.js';
import type { CompileContext } from '../compile-context.js';
import type { CompiledSort } from '../sort-values.js';
import type { SearchScript } from '../search-script.js';
import type { Weight } from '../weight.js';
import type { CompiledRescorer } from '../rescore.js';
import type { ScanCursor } from './scan-shard.js';

export interface ReaderContext {
  id: string;
  /** Position of the shard in the request (the reduce tie-breaker). */
  shardIndex: number;
  index: string;
  svc: IndexService;
  shard: number;
  searcher: Searcher;
  segments: readonly SegmentReader[];
  compile: CompileContext;
  indexBoost: number;
  /** The request as the shard got it (the fetch phase renders with it). */
  source: ShardSearchSource;
  /** Alias filters (query JSON). */
  aliasFilters?: Array<Record<string, unknown>>;
  /** Number of shards of the request (aggregation shard sizes). */
  requestShards: number;
  keepAliveMs: number;
  weight?: Weight;
  postFilter?: Weight;
  sorts?: CompiledSort[];
  /** The rescorers, compiled by the query phase. */
  rescorers?: CompiledRescorer[];
  /** `script_fields` compiled for this shard (in the query phase, so errors are shard failures). */
  scriptFields?: Array<{ name: string; script: SearchScript; ignoreFailure: boolean }>;
  /** Epoch ms the request started (scroll time). */
  startedAt: number;
  /** A scroll context: counted in the index's open contexts until freed. */
  scroll: boolean;
  /** The query reads terms lookup documents (not cacheable in the request cache). */
  usesLookups?: boolean;
  /** Where the last scan message stopped (scan-shard.ts). */
  scanCursor?: ScanCursor;
  /** Whether the search task of the running query phase has been cancelled (its pacer checks). */
  cancelled?: () => boolean;
  /** Frees the context when its keep-alive runs out. */
  timer?: NodeJS.Timeout;
}
