/**
 * The search side of the shard boundary: the messages the coordinator (lib/action/search) sends
 * to a shard's search service (lib/search/service) and the answers it gets back. Plain JSON
 * data only — parsed DSL (queries, sorts, aggregation specs) is plain data; numbers JSON cannot
 * write and rendered hits go through wire-json.ts — so the same messages can run in-process or
 * be encoded for a transport (`test/search/shard-messages.test.ts` runs searches with every
 * message forced through JSON). A shard's failure comes back as a {@link ShardError}, never as
 * an error object. The shard owns its reader contexts: it opens one (named
 * by `contextId`) for the fetch phase and scrolls, until freed or its keep-alive runs out.
 * The order of a search: open a context on every shard, then (dfs,) query, fetch and free.
 */
import type { Query } from '../dsl/query-types.js';
import type { SortSpec } from '../dsl/sort-spec.js';
import type { ScriptField } from '../dsl/search-source.js';
import type { AggSpec } from '../dsl/aggs/spec.js';
import type { HighlightSpec } from '../dsl/highlight.js';
import type { SuggestSpec } from '../dsl/suggest.js';
import type { RescoreSpec } from '../dsl/rescore.js';
import type { ShardSuggestion } from './shard-suggest.js';
import type { AggMessage } from '../aggs/agg-messages.js';
import type { ShardError } from './shard-error.js';
import type { TermVectorsRequest, TermVectorsResult } from './shard-termvectors.js';
import type { ScoredDoc, SortValue } from './hit-order.js';
import { fromWireNumber, fromWireSortValue, toWireNumber, toWireSortValue, type WireJson, type WireNumber, type WireSortValue } from './wire-json.js';

/** One shard copy of an index. */
export interface ShardRef {
  index: string;
  shard: number;
}

/** An answer: the result, or the shard's failure. */
export type ShardReply<T> = { ok: T } | { failure: ShardError };

/** What a shard needs of a search request (ES `ShardSearchRequest`'s source). */
export interface ShardSearchSource {
  /** Types to filter on (`_all` or empty: none). */
  types: string[];
  query?: Query;
  postFilter?: Query;
  from: number;
  size: number;
  sort?: SortSpec[];
  trackScores: boolean;
  source?: unknown;
  storedFields?: string[] | '_none_';
  version: boolean;
  explain: boolean;
  scriptFields?: Record<string, ScriptField>;
  minScore?: number;
  terminateAfter?: number;
  searchType: 'query_then_fetch' | 'dfs_query_then_fetch';
  searchAfter?: unknown[];
  slice?: { id: number; max: number; field: string };
  aggs?: AggSpec[];
  rescoreWindow?: number;
  /** `collapse.field`. */
  collapseField?: string;
  docvalueFields: string[];
  /** The request is a scroll (`scroll` given). */
  scroll: boolean;
  /** Keep every hit (the first page of a scroll: the coordinator pages through them). */
  keepAllHits: boolean;
  /** `highlight`, parsed (plain data; rendered by the fetch phase). */
  highlight?: HighlightSpec;
  /** The `request_cache` parameter (absent: the index setting decides, for `size` 0 only). */
  requestCache?: boolean;
  /** `suggest`, parsed (run by the query phase). */
  suggest?: SuggestSpec[];
  /** `rescore`, parsed (run by the query phase on the shard's top hits). */
  rescore?: RescoreSpec[];
  /** `stats` groups the shard counts the request in (index stats `search.groups`). */
  stats?: string[];
  /**
   * The coordinator reads the matches with `scanPhase`, in doc order (a by-scroll run with no
   * sort): the query phase checks the batch size as a scroll's, counts the matches, keeps none.
   */
  scan?: boolean;
}

/** Statistics of the dfs phase, summed over shards (`dfs_query_then_fetch`). */
export interface DfsStats {
  fields: Array<{ field: string; maxDoc: number; docCount: number; sumTotalTermFreq: number; sumDocFreq: number }>;
  terms: Array<{ field: string; term: string; docFreq: number; totalTermFreq: number }>;
}

/**
 * The document of a terms lookup (`{"terms": {"f": {"index", "type", "id", "path"}}}`), fetched
 * by the coordinator with a get before the request reaches the shards (ES 5.6 fetches it with a
 * get while rewriting the query), so the shard side needs no way back to the coordinator. Keyed
 * as the shard asks for it: the lookup's index (or the searched index when it names none), type,
 * id and routing.
 */
export interface LookupDocument {
  index: string;
  type: string;
  id: string;
  routing?: string;
  /** The document's `_source`; absent when there is no such document (or no `_source`). */
  source?: unknown;
  /** The get failed (a missing index): the shard fails with this, as its rewrite would. */
  failure?: ShardError;
}

/**
 * Open a reader context on a shard (ES creates one per shard at the start of a search): the
 * shard's searcher is acquired now, so every phase and scroll page sees the same documents.
 */
export interface OpenContextRequest extends ShardRef {
  /** Position of the shard in the request (the reduce tie-breaker). */
  shardIndex: number;
  /** Number of shards the request runs on (aggregation shard sizes). */
  requestShards: number;
  /** The request's `now` (epoch ms) for date math. */
  nowMs: number;
  /** `indices_boost` of this index. */
  indexBoost: number;
  /** Filters of the aliases the index was reached through, as stored (query JSON). */
  aliasFilters?: Array<Record<string, unknown>>;
  source: ShardSearchSource;
  /** Free the context if nothing touches it for this long (ES `keep_alive`). */
  keepAliveMs: number;
  /** The terms lookups of the query, post filter, aggregations and alias filters. */
  lookups?: LookupDocument[];
  /** `preference`: which copy of the shard reads (cluster mode; lib/cluster/copy-preference.ts). */
  preference?: string;
}

export interface OpenContextResult {
  contextId: string;
}

/** The dfs phase: the statistics the query asks for on this shard (`extra`: more to report). */
export interface DfsPhaseRequest {
  contextId: string;
  task?: PhaseTask;
  /** Report only these (a second round, when other shards asked for statistics this one did not). */
  only?: { fields: string[]; terms: Array<{ field: string; term: string }> };
}

/**
 * The shard task a phase runs as (ES's `SearchShardTask`, a child of the coordinator's search
 * task): the coordinator names it as ES's transport action does and describes it as the ES
 * shard request does; the shard side registers it while the phase runs, so `_tasks` lists it and
 * cancelling the search reaches it.
 */
export interface PhaseTask {
  /** The parent search task, `<node>:<id>`. */
  parent: string;
  /** e.g. `indices:data/read/search[phase/query]`. */
  action: string;
  description: string;
}

/** The query phase (ES `QuerySearchRequest`). */
export interface QueryPhaseRequest {
  contextId: string;
  task?: PhaseTask;
  /** Summed statistics of the dfs phase. */
  dfs?: DfsStats;
  /** Collection stops after this epoch time in ms (`timeout`); absent: no timeout. */
  deadlineEpochMs?: number;
}

/** A hit of the query phase, on the wire. */
export interface WireDoc {
  seg: number;
  doc: number;
  globalDoc: number;
  score: WireNumber;
  sortValues?: WireSortValue[];
}

export interface QueryPhaseResult {
  top: WireDoc[];
  /** Group keys of `top` when collapsing (parallel array). */
  groups?: WireSortValue[];
  totalHits: number;
  maxScore: WireNumber;
  timedOut: boolean;
  terminatedEarly: boolean;
  /** How the sort values compare, when sorted by fields. */
  sortOrder?: Array<{ reverse: boolean; missingFirst?: boolean }>;
  /** This shard's aggregation results (before the coordinator's reduce). */
  aggs?: AggMessage[];
  /** This shard's suggestions (before the coordinator's reduce). */
  suggest?: ShardSuggestion[];
}

/** The fetch phase (ES `ShardFetchRequest`): render hits of an open context. */
export interface FetchPhaseRequest {
  contextId: string;
  task?: PhaseTask;
  hits: WireDoc[];
  /** Whether `_score` is meaningful (score sort or track_scores). */
  scores: boolean;
}

export interface FetchPhaseResult {
  /** Rendered hits in request order (wire-json.ts `encodeRendered`). */
  hits: WireJson[];
  /** Deprecation warnings raised while fetching (the `postings` highlighter's). */
  warnings?: string[];
}

/**
 * A by-scroll range scan (`scanPhase`): the next matches of an open scan context in doc order,
 * from a position the coordinator keeps (so a retried message reads the same documents).
 */
export interface ScanPhaseRequest {
  contextId: string;
  /** Segment (position in the context's view) and first doc to consider. */
  seg: number;
  doc: number;
  /** At most this many documents. */
  max: number;
}

/** A document of a scan: metadata and the `_source` bytes (filtered as the request asked). */
export interface ScanDoc {
  type: string;
  id: string;
  /** Present when the request asked for versions. */
  version?: number;
  routing?: string;
  parent?: string;
  /** Absent when `_source` was not asked for or not stored. */
  source?: Uint8Array;
}

export interface ScanPhaseResult {
  docs: ScanDoc[];
  /** Where the next scan starts; absent when the shard's view is read to its end. */
  next?: { seg: number; doc: number };
}

/** `_explain` of one document. */
export interface ExplainRequest extends ShardRef {
  type: string;
  id: string;
  query: Query;
  aliasFilters?: Array<Record<string, unknown>>;
  source?: unknown;
  storedFields?: string[];
  nowMs: number;
  lookups?: LookupDocument[];
}

export interface ExplainResult {
  /** False when no live document has this type and id. */
  found: boolean;
  matched: boolean;
  explanation?: WireJson;
  /** `_source` and stored fields asked for (rendered). */
  get?: WireJson;
}

/** `_validate/query` on one shard. */
export interface ValidateRequest extends ShardRef {
  types: string[];
  query: Query;
  rewrite: boolean;
  nowMs: number;
  lookups?: LookupDocument[];
}

/** The compiled query's Lucene text. */
export interface ValidateResult {
  description: string;
}

/** The shard side's search service, as the coordinator reaches it. */
export interface ShardSearchClient {
  openContext(req: OpenContextRequest): Promise<ShardReply<OpenContextResult>>;
  dfsPhase(req: DfsPhaseRequest): Promise<ShardReply<DfsStats>>;
  queryPhase(req: QueryPhaseRequest): Promise<ShardReply<QueryPhaseResult>>;
  fetchPhase(req: FetchPhaseRequest): Promise<ShardReply<FetchPhaseResult>>;
  /** The next documents of a scan context (`source.scan`), read in doc order. */
  scanPhase(req: ScanPhaseRequest): Promise<ShardReply<ScanPhaseResult>>;
  /** Restart a context's keep-alive (a scroll's `scroll` parameter); false when it is gone. */
  renewContext(contextId: string, keepAliveMs: number): Promise<boolean>;
  /** Close a reader context; false when it was gone already (freed or expired). */
  freeContext(contextId: string): Promise<boolean>;
  explain(req: ExplainRequest): Promise<ShardReply<ExplainResult>>;
  validateQuery(req: ValidateRequest): Promise<ShardReply<ValidateResult>>;
  /** Term vectors of one document (stored or artificial). */
  termVectors(req: TermVectorsRequest): Promise<ShardReply<TermVectorsResult>>;
}

export type { SortValue };

/** A hit's wire form (the shard index is the coordinator's, so it stays behind). */
export function toWireDoc(h: ScoredDoc): WireDoc {
  // (assigned, not spread: this runs twice per hit of every search)
  const w: WireDoc = { seg: h.seg, doc: h.doc, globalDoc: h.globalDoc, score: toWireNumber(h.score) };
  if (h.sortValues) w.sortValues = h.sortValues.map(toWireSortValue);
  return w;
}

/** The hit of a wire form, on the shard at position `shard` of the request. */
export function fromWireDoc(w: WireDoc, shard: number): ScoredDoc {
  const h: ScoredDoc = { shard, seg: w.seg, doc: w.doc, globalDoc: w.globalDoc, score: fromWireNumber(w.score) };
  if (w.sortValues) h.sortValues = w.sortValues.map(fromWireSortValue);
  return h;
}
