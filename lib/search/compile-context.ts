/**
 * Everything compiling a parsed query against one shard needs: the index's fields and analyzers,
 * the term statistics (this shard's, or all shards' under dfs), the request's `now`, and a way to
 * fetch documents (terms lookup). Errors raised while compiling become `query_shard_exception`s.
 */
import type { Analyzer, AnalysisRegistry } from '../analysis/types.js';
import { EsError } from '../errors/errors.js';
import type { IndexFields, SearchField } from './field-types.js';
import { isTextField } from './field-types.js';
import type { StatsSource } from './weight.js';
import type { PercolateWeight } from './percolate-weight.js';
import type { ScriptService } from '../script/script-service.js';
import type { Pacer } from './pacer.js';
import type { ParsedDocument } from '../mapping/parsed-document.js';

export interface CompileContext {
  index: string;
  indexUuid: string;
  fields: IndexFields;
  analysis: AnalysisRegistry;
  /** Flat index settings (default analyzers live there). */
  settings: Record<string, string>;
  stats: StatsSource;
  /** Request time in epoch millis (date math `now`). */
  nowMs: number;
  /** Shard number (random_score salt). */
  shardId?: number;
  /** The node's script service (script query, script_score, script sorts and fields). */
  scripts?: ScriptService;
  /** The request's pacing (yield to the event loop, timeout) for weights that scan documents. */
  pacer?: Pacer;
  /** `indices.query.bool.max_clause_count` of the node (see clause-limit.ts); 1024 when absent. */
  maxClauseCount?: number;
  /**
   * The searcher will not rewrite the query (`_validate/query` without `rewrite=true`), so limits
   * Lucene applies only while rewriting (scoring boolean rewrites) are not checked.
   */
  noSearcherRewrite?: boolean;
  /** A `terms` lookup's document `_source` (fetched by the coordinator, lib/action/search/terms-lookups.ts); null when missing. */
  getSource?: (index: string, type: string, id: string, routing?: string) => Promise<Record<string, unknown> | null>;
  /** Parse a document of `type` with the index's mappings, dynamic fields included, without updating them (the `percolate` query). */
  parseDocument?: (type: string, source: Buffer) => ParsedDocument;
  /** The `percolate` queries compiled in this context, by parsed query (the highlighter reuses the search's). */
  percolateWeights?: Map<object, Promise<PercolateWeight>>;
}

/** ES's `query_shard_exception` (400) for this shard's index. */
export function queryShardError(ctx: CompileContext, reason: string, causedBy?: EsError): EsError {
  return new EsError('query_shard_exception', 400, reason, {
    metadata: { index_uuid: ctx.indexUuid, index: ctx.index },
    ...(causedBy ? { causedBy } : {}),
  });
}

/** The analyzer a name resolves to, or ES's error for an unknown one. */
export function namedAnalyzer(ctx: CompileContext, name: string): Analyzer {
  const a = ctx.analysis.analyzer(name);
  if (!a) throw queryShardError(ctx, `[match] analyzer [${name}] not found`);
  return a;
}

/** The index's default search analyzer (`index.analysis.analyzer.default_search` / `default` / standard). */
export function defaultSearchAnalyzer(ctx: CompileContext): Analyzer {
  for (const n of ['default_search', 'default']) {
    if (ctx.settings[`index.analysis.analyzer.${n}.type`] !== undefined || ctx.settings[`index.analysis.analyzer.${n}.tokenizer`] !== undefined) {
      const a = ctx.analysis.analyzer(n);
      if (a) return a;
    }
  }
  const std = ctx.analysis.analyzer('standard');
  if (!std) throw new EsError('illegal_state_exception', 500, 'no standard analyzer');
  return std;
}

/** The analyzer to run on query text for a field (search_analyzer, analyzer, default; keyword: its normalizer or none). */
export function searchAnalyzerFor(ctx: CompileContext, field: SearchField | undefined, quoted = false): Analyzer | null {
  if (!field) return defaultSearchAnalyzer(ctx);
  if (isTextField(field) || field.path === '_all') {
    const name = (quoted ? field.searchQuoteAnalyzer : undefined) ?? field.searchAnalyzer ?? field.analyzer;
    if (name) return ctx.analysis.analyzer(name) ?? defaultSearchAnalyzer(ctx);
    return defaultSearchAnalyzer(ctx);
  }
  if (field.type === 'keyword' && field.normalizer) return ctx.analysis.normalizer(field.normalizer) ?? null;
  return null;
}

/** Look up a field; `_all` is a text field of its own when enabled. */
export function fieldOf(ctx: CompileContext, path: string): SearchField | undefined {
  const f = ctx.fields.get(path);
  if (f) return f;
  if (path === '_all') return ALL_FIELD;
  return undefined;
}

const ALL_FIELD: SearchField = { path: '_all', type: 'text', indexed: true, docValues: false, stored: false, raw: {} };
