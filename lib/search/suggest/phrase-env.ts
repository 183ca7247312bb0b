/**
 * What the `phrase` suggester needs of the shard beyond its segments: the default candidate
 * generator, `gram_size` from the field's shingle filter (ES `getShingleFilterFactory`), and
 * the `collate` check — the mustache template rendered with the correction as `suggestion`,
 * parsed, compiled and run for a first live match (ES `QueryCollator` / `Lucene.exists`).
 */
import type { PhraseSuggestOptions, SuggestSpec } from '../../dsl/suggest.js';
import { defaultTermOptions } from '../../dsl/suggest.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import type { Analyzer } from '../../analysis/types.js';
import type { SearchField } from '../field-types.js';
import { renderMustache } from '../../mustache/render.js';
import { parseQuery } from '../../dsl/parse-query.js';
import { compileQuery } from '../compile-query.js';
import type { CompileContext } from '../compile-context.js';
import { NO_MORE_DOCS } from '../scorer.js';
import type { PhraseEnv } from './phrase-suggester.js';

/** The shingle filter of an analyzer defined in the index settings, if any. */
function shingleSize(settings: Record<string, string>, analyzer: string | undefined): number | undefined {
  if (analyzer === undefined) return undefined;
  const prefix = `index.analysis.analyzer.${analyzer}.filter`;
  const filters: string[] = [];
  const list = settings[prefix];
  if (list !== undefined) filters.push(...list.split(',').map((x) => x.trim()));
  for (let i = 0; settings[`${prefix}.${i}`] !== undefined; i++) filters.push(settings[`${prefix}.${i}`] as string);
  for (const f of filters) {
    if (settings[`index.analysis.filter.${f}.type`] === 'shingle') return Number(settings[`index.analysis.filter.${f}.max_shingle_size`] ?? 2);
  }
  return undefined;
}

/** A phrase suggestion's generators (the suggestion's own field when none is given). */
export function withDefaultGenerator(spec: SuggestSpec): PhraseSuggestOptions {
  const o = spec.phrase as PhraseSuggestOptions;
  if (o.generators.length > 0) return o;
  return { ...o, generators: [{ field: spec.field, options: defaultTermOptions(), size: 5 }] };
}

async function anyLiveMatch(ctx: CompileContext, segments: readonly SegmentReader[], queryJson: unknown): Promise<boolean> {
  const weight = await compileQuery(ctx, parseQuery(queryJson), { boost: 1, filter: true, segments });
  for (const seg of segments) {
    const s = await weight.scorer(seg);
    if (!s) continue;
    const nested = (seg as SegmentReader & { nestedPath?(d: number): string | undefined }).nestedPath;
    for (let d = s.nextDoc(); d !== NO_MORE_DOCS; d = s.nextDoc()) {
      if (seg.isLive(d) && !(typeof nested === 'function' && nested.call(seg, d) !== undefined)) return true;
    }
  }
  return false;
}

/** The environment of a phrase suggestion on a shard. */
export function phraseEnv(ctx: CompileContext, segments: readonly SegmentReader[], spec: SuggestSpec, field: SearchField, analyzer: Analyzer, analyzerNamed: (n: string) => Analyzer): PhraseEnv {
  const o = spec.phrase as PhraseSuggestOptions;
  const collate = o.collate;
  return {
    analyzer,
    analyzerNamed,
    gramSize: shingleSize(ctx.settings, field.searchAnalyzer ?? field.analyzer) ?? 1,
    ...(collate
      ? {
          collateMatches: async (phrase: string): Promise<boolean> => {
            const text = renderMustache(collate.template, { ...collate.params, suggestion: phrase });
            return anyLiveMatch(ctx, segments, JSON.parse(text) as unknown);
          },
        }
      : {}),
  };
}
