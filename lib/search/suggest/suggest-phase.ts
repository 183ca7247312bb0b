/**
 * The suggest phase of a shard (ES `SuggestPhase`, run with the query phase): each named
 * suggestion of the request against the shard's point-in-time segments. The field must be
 * mapped (`no mapping found for field [f]`), and a completion suggestion needs a `completion`
 * field; these errors are the shard's failure, as in ES.
 */
import type { SuggestSpec } from '../../dsl/suggest.js';
import type { ShardSuggestion } from '../../messages/shard-suggest.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import type { Analyzer } from '../../analysis/types.js';
import { EsError } from '../../errors/errors.js';
import { completionMapping } from '../../mapping/completion-value.js';
import { fieldOf, searchAnalyzerFor, type CompileContext } from '../compile-context.js';
import { completionSuggest } from './completion-suggester.js';
import { termSuggest } from './term-suggester.js';
import { phraseSuggest } from './phrase-suggester.js';
import { phraseEnv, withDefaultGenerator } from './phrase-env.js';

function analyzerOf(ctx: CompileContext, name: string): Analyzer {
  const a = ctx.analysis.analyzer(name);
  if (!a) throw new EsError('illegal_argument_exception', 400, `analyzer [${name}] doesn't exists`);
  return a;
}

async function runOne(ctx: CompileContext, segments: readonly SegmentReader[], spec: SuggestSpec): Promise<ShardSuggestion> {
  const f = fieldOf(ctx, spec.field);
  if (!f) throw new EsError('illegal_argument_exception', 400, `no mapping found for field [${spec.field}]`);
  if (spec.kind === 'completion') {
    if (f.type !== 'completion') throw new EsError('illegal_argument_exception', 400, `Field [${spec.field}] is not a completion suggest field`);
    const mapping = completionMapping(f.raw);
    return completionSuggest(segments, spec, {
      index: ctx.index,
      mapping,
      indexAnalyzer: analyzerOf(ctx, mapping.analyzer),
      searchAnalyzer: spec.analyzer !== undefined ? analyzerOf(ctx, spec.analyzer) : analyzerOf(ctx, mapping.searchAnalyzer),
    });
  }
  const analyzer = spec.analyzer !== undefined ? analyzerOf(ctx, spec.analyzer) : (searchAnalyzerFor(ctx, f) ?? analyzerOf(ctx, 'keyword'));
  if (spec.kind === 'phrase') {
    const full = { ...spec, phrase: withDefaultGenerator(spec) };
    return phraseSuggest(segments, full, phraseEnv(ctx, segments, full, f, analyzer, (n) => analyzerOf(ctx, n)));
  }
  return termSuggest({ segments }, spec, analyzer);
}

/** Run every suggestion of the request on one shard, in request order. */
export async function suggestShard(ctx: CompileContext, segments: readonly SegmentReader[], specs: readonly SuggestSpec[]): Promise<ShardSuggestion[]> {
  const out: ShardSuggestion[] = [];
  for (const s of specs) out.push(await runOne(ctx, segments, s));
  return out;
}
