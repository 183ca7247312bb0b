/**
 * The logic of `GET /_analyze` (ES 5.6 TransportAnalyzeAction): pick or build the analyzer,
 * analyze every text value, and render the response body — the plain token list, or with
 * `explain` the per-component `detail` with Lucene's extra attributes.
 */
import { actionRequestValidation, illegalArgument } from '../errors/errors.js';
import { analyzeValues, applyCharFilters, ChainAnalyzer } from './chain-analyzer.js';
import { IndexAnalysisRegistry } from './registry.js';
import { ComponentSettings } from './settings.js';
import { identityCorrector, type CharFilterComponent, type Tok, type TokenFilterComponent, type TokenizerComponent, type TokenStream } from './token-stream.js';
import { analyzeApiBudget, type TokenBudget } from './token-budget.js';
import type { Analyzer, AnalysisRegistry } from './types.js';

/** ES 6's default `index.analyze.max_token_count` (ES 5.6 has no limit; see token-budget.ts). */
export const DEFAULT_ANALYZE_MAX_TOKEN_COUNT = 10000;

/** A component reference in the request: a registered name or an inline `{type, ...}` definition. */
export type NameOrDefinition = string | Record<string, unknown>;

/** The `_analyze` request (body and query string merged by the caller, body winning). */
export interface AnalyzeRequest {
  text?: string | string[];
  analyzer?: string;
  tokenizer?: NameOrDefinition;
  /** `filter`; ES 5 also accepts the deprecated `filters` and `token_filters`. */
  filter?: NameOrDefinition | NameOrDefinition[];
  filters?: NameOrDefinition | NameOrDefinition[];
  token_filters?: NameOrDefinition | NameOrDefinition[];
  /** `char_filter`; ES 5 also accepts the deprecated `char_filters`. */
  char_filter?: NameOrDefinition | NameOrDefinition[];
  char_filters?: NameOrDefinition | NameOrDefinition[];
  explain?: boolean;
  attributes?: string[] | string;
  field?: string;
}

/** One token of the response. Extra attributes appear only with `explain`. */
export interface AnalyzeTokenBody {
  token: string;
  start_offset: number;
  end_offset: number;
  type: string;
  position: number;
  [attribute: string]: unknown;
}

export interface TokenListBody {
  name: string;
  tokens: AnalyzeTokenBody[];
}

export interface AnalyzeDetailBody {
  custom_analyzer: boolean;
  analyzer?: TokenListBody;
  charfilters?: Array<{ name: string; filtered_text: string[] }>;
  tokenizer?: TokenListBody;
  tokenfilters?: TokenListBody[];
}

export type AnalyzeResponseBody = { tokens: AnalyzeTokenBody[] } | { detail: AnalyzeDetailBody };

function asList(v: NameOrDefinition | NameOrDefinition[] | undefined): NameOrDefinition[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  return [v];
}

function asRegistry(registry: AnalysisRegistry): IndexAnalysisRegistry {
  if (registry instanceof IndexAnalysisRegistry) return registry;
  throw illegalArgument('analysis registry does not support component lookups');
}

/**
 * The `type` of an inline definition, read as ES reads its flattened settings: an object or
 * list there is stored under `type.*`, so the definition has no type.
 */
function anonymousType(ref: Record<string, unknown>, kind: string): string {
  const type = new ComponentSettings(ref).scalar('type');
  if (type === undefined) throw illegalArgument(`Missing [type] setting for anonymous ${kind}: ${JSON.stringify(ref)}`);
  return type;
}

function resolveTokenizer(reg: IndexAnalysisRegistry, ref: NameOrDefinition): TokenizerComponent {
  if (typeof ref !== 'string') {
    const type = anonymousType(ref, 'tokenizer');
    if (!reg.tokenizer(type) && !isInlineType('tokenizer', type)) throw illegalArgument(`failed to find global tokenizer under [${type}]`);
    return IndexAnalysisRegistry.inline<TokenizerComponent>('tokenizer', '_anonymous_tokenizer', ref);
  }
  const t = reg.tokenizer(ref);
  if (!t) throw illegalArgument(reg.global ? `failed to find global tokenizer under [${ref}]` : `failed to find tokenizer under [${ref}]`);
  return t;
}

function resolveFilter(reg: IndexAnalysisRegistry, ref: NameOrDefinition, i: number): TokenFilterComponent {
  if (typeof ref !== 'string') {
    const type = anonymousType(ref, 'token filter');
    if (!isInlineType('filter', type)) throw illegalArgument(`failed to find global token filter under [${type}]`);
    return IndexAnalysisRegistry.inline<TokenFilterComponent>('filter', `_anonymous_tokenfilter_[${i}]`, ref);
  }
  const f = reg.tokenFilter(ref);
  if (!f) throw illegalArgument(reg.global ? `failed to find global token filter under [${ref}]` : `failed to find token filter under [${ref}]`);
  return f;
}

function resolveCharFilter(reg: IndexAnalysisRegistry, ref: NameOrDefinition, i: number): CharFilterComponent {
  if (typeof ref !== 'string') {
    const type = anonymousType(ref, 'char filter');
    if (!isInlineType('char_filter', type)) throw illegalArgument(`failed to find global char filter under [${type}]`);
    return IndexAnalysisRegistry.inline<CharFilterComponent>('char_filter', `_anonymous_charfilter_[${i}]`, ref);
  }
  const c = reg.charFilter(ref);
  if (!c) throw illegalArgument(reg.global ? `failed to find global char filter under [${ref}]` : `failed to find char filter under [${ref}]`);
  return c;
}

/** Whether `type` names a component type that can be built from an inline definition. */
function isInlineType(kind: 'tokenizer' | 'filter' | 'char_filter', type: string): boolean {
  try {
    IndexAnalysisRegistry.inline(kind, 'probe', { type });
    return true;
  } catch (err) {
    // Types that exist but need more settings fail with another message than "Unknown".
    return !(err instanceof Error && err.message.startsWith(`Unknown ${kind} type`));
  }
}

/** UTF-8 bytes as Lucene's `BytesRef.toString()` prints them: `[74 68 69 73]`. */
export function bytesRefString(term: string): string {
  const bytes = Buffer.from(term, 'utf8');
  const parts: string[] = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) parts[i] = bytes[i]!.toString(16);
  return `[${parts.join(' ')}]`;
}

/** Accumulates tokens over the request's text values, as ES's TokenListCreator. */
class TokenListCreator {
  lastPosition = -1;
  lastOffset = 0;
  readonly tokens: AnalyzeTokenBody[] = [];

  constructor(
    private readonly include: ReadonlySet<string> | null,
    private readonly keywordAttr: boolean,
    private readonly budget: TokenBudget,
  ) {}

  add(stream: TokenStream, positionIncrementGap: number, offsetGap: number, withAttributes: boolean): void {
    // ES 6 counts the tokens of each list over all text values (TokenCounter).
    if (this.tokens.length + stream.tokens.length > this.budget.maxTokens) throw this.budget.exceeded(false);
    for (const t of stream.tokens) {
      if (t.posInc > 0) this.lastPosition += t.posInc;
      this.tokens.push(this.render(t, withAttributes));
    }
    this.lastOffset += stream.finalOffset;
    this.lastPosition += stream.finalPosInc;
    this.lastPosition += positionIncrementGap;
    this.lastOffset += offsetGap;
  }

  private render(t: Tok, withAttributes: boolean): AnalyzeTokenBody {
    const body: AnalyzeTokenBody = {
      token: t.term,
      start_offset: this.lastOffset + t.start,
      end_offset: this.lastOffset + t.end,
      type: t.type,
      position: this.lastPosition,
    };
    if (!withAttributes) return body;
    // Extended attributes in key order (ES collects them in a TreeMap).
    const want = (key: string): boolean => this.include === null || this.include.has(key.toLowerCase());
    if (want('bytes')) body['bytes'] = bytesRefString(t.term);
    if (this.keywordAttr && want('keyword')) body['keyword'] = t.keyword;
    if (want('positionLength')) body['positionLength'] = t.posLen;
    return body;
  }
}

/**
 * Run `_analyze`.
 * @param request the request body (query-string parameters merged in by the caller)
 * @param registry the index's registry, or `createAnalysisRegistry(undefined)` without an index
 * @param fieldAnalyzer the index analyzer of `request.field`, looked up by the caller in the mappings
 * @param maxTokenCount the index's `index.analyze.max_token_count` (ES 6's limit, enforced here)
 */
export function analyzeApi(request: AnalyzeRequest, registry: AnalysisRegistry, fieldAnalyzer?: Analyzer, maxTokenCount = DEFAULT_ANALYZE_MAX_TOKEN_COUNT): AnalyzeResponseBody {
  const texts = request.text === undefined || request.text === null ? [] : Array.isArray(request.text) ? request.text.map(String) : [String(request.text)];
  if (texts.length === 0) throw actionRequestValidation(['text is missing']);
  const reg = asRegistry(registry);

  let analyzer: Analyzer | undefined = fieldAnalyzer;
  if (!analyzer && request.analyzer !== undefined) {
    analyzer = reg.analyzer(request.analyzer);
    if (!analyzer) throw illegalArgument(reg.global ? `failed to find global analyzer [${request.analyzer}]` : `failed to find analyzer [${request.analyzer}]`);
  } else if (request.tokenizer !== undefined) {
    const tokenizer = resolveTokenizer(reg, request.tokenizer);
    const filters = asList(request.filter ?? request.filters ?? request.token_filters).map((f, i) => resolveFilter(reg, f, i));
    const charFilters = asList(request.char_filter ?? request.char_filters).map((c, i) => resolveCharFilter(reg, c, i));
    // An ad-hoc CustomAnalyzer: position increment gap 0, offset gap 1 (Lucene defaults).
    analyzer = new ChainAnalyzer(tokenizer.name, tokenizer, filters, charFilters, 0, 1, true);
  } else if (!analyzer) {
    analyzer = reg.global ? reg.analyzer('standard') : reg.analyzer('default');
  }
  if (!analyzer) throw illegalArgument('failed to find analyzer');

  const budget = analyzeApiBudget(maxTokenCount);
  if (request.explain !== true) {
    const tokens = analyzeValues(analyzer, texts, budget);
    if (tokens.length > maxTokenCount) throw budget.exceeded(false);
    return {
      tokens: tokens.map((t) => ({ token: t.term, start_offset: t.startOffset, end_offset: t.endOffset, type: t.type, position: t.position })),
    };
  }
  return { detail: explain(analyzer, texts, request.attributes, budget) };
}

function explain(analyzer: Analyzer, texts: string[], attributes: string[] | string | undefined, budget: TokenBudget): AnalyzeDetailBody {
  const attrs = attributes === undefined ? [] : Array.isArray(attributes) ? attributes : String(attributes).split(',');
  const include = attrs.length === 0 ? null : new Set(attrs.map((a) => a.trim().toLowerCase()));
  if (!(analyzer instanceof ChainAnalyzer)) {
    throw illegalArgument(`analyzer [${analyzer.name}] cannot be explained`);
  }
  const gap = analyzer.positionIncrementGap;
  const offsetGap = analyzer.offsetGap;
  if (!analyzer.custom) {
    const list = new TokenListCreator(include, analyzer.hasKeywordAttribute, budget);
    for (const text of texts) list.add(analyzer.stream(text, analyzer.tokenFilters.length, budget), gap, offsetGap, true);
    return { custom_analyzer: false, analyzer: { name: analyzer.name, tokens: list.tokens } };
  }
  const charFilters = analyzer.charFilters;
  const filtered: string[][] = charFilters.map(() => []);
  const tokenizerList = new TokenListCreator(include, false, budget);
  let keywordSoFar = false;
  const filterLists = analyzer.tokenFilters.map((f) => {
    keywordSoFar ||= f.addsKeywordAttribute === true;
    return new TokenListCreator(include, keywordSoFar, budget);
  });
  texts.forEach((text) => {
    let source = text;
    charFilters.forEach((cf, i) => {
      source = cf.apply(source).text;
      filtered[i]!.push(source);
    });
    const pre = charFilters.length === 0 ? { text, correct: identityCorrector } : applyCharFilters(charFilters, text);
    tokenizerList.add(analyzer.tokenizer.tokenize(pre.text, pre.correct, budget), gap, offsetGap, true);
    analyzer.tokenFilters.forEach((_, i) => filterLists[i]!.add(analyzer.stream(text, i + 1, budget), gap, offsetGap, true));
  });
  return {
    custom_analyzer: true,
    charfilters: charFilters.map((cf, i) => ({ name: cf.name, filtered_text: filtered[i]! })),
    tokenizer: { name: analyzer.tokenizer.name, tokens: tokenizerList.tokens },
    tokenfilters: analyzer.tokenFilters.map((f, i) => ({ name: f.name, tokens: filterLists[i]!.tokens })),
  };
}
