/**
 * `GET|POST /_analyze` and `/{index}/_analyze` (ES 5.6 TransportAnalyzeAction): pick the
 * analysis registry (the index's, or the node's built-ins without an index), resolve `field` to
 * the field's index-time analyzer, and hand the rest to lib/analysis's `analyzeApi`.
 */
import type { NodeContext } from '../context.js';
import { illegalArgument } from '../../errors/errors.js';
import { analyzeApi, DEFAULT_ANALYZE_MAX_TOKEN_COUNT, type AnalyzeRequest, type AnalyzeResponseBody } from '../../analysis/analyze-api.js';
import { createAnalysisRegistry } from '../../analysis/registry.js';
import type { Analyzer, AnalysisRegistry } from '../../analysis/types.js';
import { resolveAnalyzer } from '../../mapping/analyzer-resolution.js';
import type { IndexMappings } from '../../mapping/index-mappings.js';
import { resolveIndices, STRICT_EXPAND_OPEN } from '../resolve-indices.js';
import { openIndex } from '../open-index.js';

let nodeRegistry: AnalysisRegistry | undefined;

/** The node-level registry of built-in components (ES's global AnalysisRegistry), built once. */
function globalRegistry(): AnalysisRegistry {
  nodeRegistry ??= createAnalysisRegistry(undefined);
  return nodeRegistry;
}

/**
 * The index-time analyzer of `field`, as TransportAnalyzeAction picks it: tokenized fields use
 * their analyzer, keyword fields their normalizer or the keyword analyzer; other mapped fields
 * are refused; an unmapped field gives undefined (the index's default analyzer then applies).
 */
function fieldAnalyzer(mappings: IndexMappings, registry: AnalysisRegistry, field: string): Analyzer | undefined {
  const ft = mappings.fieldType(field);
  if (!ft) return undefined;
  if (ft.tokenized) return resolveAnalyzer(registry, ft.analyzer ?? 'default');
  if (ft.type === 'keyword') {
    const normalizer = ft.normalizer !== undefined ? registry.normalizer(ft.normalizer) : undefined;
    return normalizer ?? resolveAnalyzer(registry, 'keyword');
  }
  throw illegalArgument(`Can't process field [${field}], Analysis requests are only supported on tokenized fields`);
}

/** Run `_analyze` for `index` (undefined: the node's built-in analysis components). */
export function analyze(ctx: NodeContext, index: string | undefined, request: AnalyzeRequest): AnalyzeResponseBody {
  if (index === undefined) {
    if (request.field !== undefined) {
      throw illegalArgument('No index provided, and trying to analyzer based on a specific field which requires the index parameter');
    }
    return analyzeApi(request, globalRegistry());
  }
  const state = ctx.cluster.state();
  const names = resolveIndices(state, [index], STRICT_EXPAND_OPEN);
  if (names.length !== 1) {
    throw illegalArgument(`Alias [${index}] has more than one indices associated with it [${names.join(', ')}], can't execute a single index op`);
  }
  const name = names[0]!;
  const mapper = openIndex(ctx, name).mapper();
  const byField = request.field !== undefined ? fieldAnalyzer(mapper.mappings, mapper.analysis, request.field) : undefined;
  const maxTokenCount = Number(state.indices[name]?.settings['index.analyze.max_token_count'] ?? DEFAULT_ANALYZE_MAX_TOKEN_COUNT);
  return analyzeApi(request, mapper.analysis, byField, maxTokenCount);
}
