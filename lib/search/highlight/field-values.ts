/**
 * What a highlighter reads of a field (ES 5.6 `HighlightUtils.loadFieldValues` and the mapper's
 * index analyzer): the stored values when the field is stored (and `force_source` is off),
 * otherwise the raw values at its path in `_source` — where, as ES's `extractRawValues` walks
 * the path, a multi-field (`text.fvh`) finds its parent's value.
 */
import type { Analyzer } from '../../analysis/types.js';
import type { TextToken } from './span-terms.js';
import type { CompileContext } from '../compile-context.js';
import { defaultSearchAnalyzer } from '../compile-context.js';
import { isTextField, type SearchField } from '../field-types.js';

function collect(values: unknown[], part: unknown, path: readonly string[], index: number): void {
  if (Array.isArray(part)) {
    for (const v of part) {
      if (v !== null && typeof v === 'object') collect(values, v, path, index);
      else if (v !== null && v !== undefined) values.push(v);
    }
    return;
  }
  if (part === null || typeof part !== 'object' || index === path.length) return;
  const obj = part as Record<string, unknown>;
  let key = path[index] as string;
  let next = index + 1;
  let v = Object.hasOwn(obj, key) ? obj[key] : undefined;
  // dotted keys in the source (`{"a.b": 1}`) are tried as one name
  while ((v === undefined || v === null) && next < path.length) {
    key += '.' + (path[next] as string);
    v = Object.hasOwn(obj, key) ? obj[key] : undefined;
    next++;
  }
  if (v === undefined || v === null) return;
  if (Array.isArray(v) || typeof v === 'object') collect(values, v, path, next);
  else values.push(v);
}

/** XContentMapValues.extractRawValues: the leaf values found along `path`. */
export function extractRawValues(source: unknown, path: string): unknown[] {
  const values: unknown[] = [];
  collect(values, source, path.split('.'), 0);
  return values;
}

/** A value as Java's `toString` writes it (booleans and numbers as JSON wrote them). */
export function valueText(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The analyzer the field was indexed with (the text that highlighters re-analyze). */
export function indexAnalyzerFor(ctx: CompileContext, f: SearchField): Analyzer {
  if (isTextField(f) || f.path === '_all') {
    const a = f.analyzer ? ctx.analysis.analyzer(f.analyzer) : undefined;
    if (a) return a;
    const d = ctx.analysis.analyzer('default');
    if (d && (ctx.settings['index.analysis.analyzer.default.type'] !== undefined || ctx.settings['index.analysis.analyzer.default.tokenizer'] !== undefined)) return d;
    return ctx.analysis.analyzer('standard') ?? defaultSearchAnalyzer(ctx);
  }
  if (f.normalizer) {
    const n = ctx.analysis.normalizer(f.normalizer);
    if (n) return n;
  }
  const kw = ctx.analysis.analyzer('keyword');
  if (kw) return kw;
  return defaultSearchAnalyzer(ctx);
}

/**
 * The values of a multi-valued field analyzed as Lucene indexes them: positions continue
 * after the previous value plus the analyzer's position increment gap, offsets after its
 * length plus the offset gap (what term vectors and postings record).
 */
export function analyzeValues(values: readonly string[], analyzer: Analyzer): TextToken[] {
  const out: TextToken[] = [];
  let posBase = 0;
  let offBase = 0;
  for (const v of values) {
    const toks = analyzer.analyze(v);
    for (const t of toks) out.push({ term: t.term, position: posBase + t.position, startOffset: offBase + t.startOffset, endOffset: offBase + t.endOffset });
    const last = toks[toks.length - 1];
    posBase += (last ? last.position + 1 : 0) + analyzer.positionIncrementGap;
    offBase += v.length + analyzer.offsetGap;
  }
  return out;
}
