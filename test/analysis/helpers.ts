/** Test helpers: run a component chain and compare terms, types, offsets and positions. */
import { ChainAnalyzer } from '../../lib/analysis/chain-analyzer.js';
import { createAnalysisRegistry } from '../../lib/analysis/registry.js';
import type { Token } from '../../lib/analysis/types.js';

export const globalRegistry = createAnalysisRegistry(undefined);

/** Analyze with a built-in analyzer. */
export function analyze(analyzer: string, text: string): Token[] {
  const a = globalRegistry.analyzer(analyzer);
  if (!a) throw new Error(`no analyzer ${analyzer}`);
  return a.analyze(text);
}

/** Analyze with a custom chain defined like index settings. */
export function analyzeCustom(settings: Record<string, unknown>, text: string, name = 'my'): Token[] {
  const a = createAnalysisRegistry(settings).analyzer(name);
  if (!a) throw new Error(`no analyzer ${name}`);
  return a.analyze(text);
}

/** Analyze with a tokenizer (and optional filters) given by name or definition. */
export function chain(tokenizer: string | Record<string, unknown>, filters: Array<string | Record<string, unknown>> = [], text = ''): Token[] {
  const settings: Record<string, Record<string, unknown>> = { tokenizer: {}, filter: {}, analyzer: {} };
  let tokName = tokenizer as string;
  if (typeof tokenizer !== 'string') {
    tokName = 't';
    settings['tokenizer']!['t'] = tokenizer;
  }
  const filterNames = filters.map((f, i) => {
    if (typeof f === 'string') return f;
    settings['filter']![`f${i}`] = f;
    return `f${i}`;
  });
  settings['analyzer']!['my'] = { type: 'custom', tokenizer: tokName, filter: filterNames };
  return analyzeCustom(settings, text);
}

export const terms = (tokens: Token[]): string[] => tokens.map((t) => t.term);
export const types = (tokens: Token[]): string[] => tokens.map((t) => t.type);
export const positions = (tokens: Token[]): number[] => tokens.map((t) => t.position);
export const offsets = (tokens: Token[]): Array<[number, number]> => tokens.map((t) => [t.startOffset, t.endOffset]);

export { ChainAnalyzer };
