/**
 * The analysis registry of one index: built-in components and analyzers plus those defined in
 * the index's `index.analysis` settings, validated eagerly with ES 5.6's error messages
 * (AnalysisRegistry.buildMapping, CustomAnalyzerProvider, CustomNormalizerProvider).
 */
import { illegalArgument } from '../errors/errors.js';
import { ANALYZER_TYPES } from './analyzers/builtin-analyzers.js';
import { ChainAnalyzer } from './chain-analyzer.js';
import { CHAR_FILTERS, REQUIRE_SETTINGS, TOKEN_FILTERS, TOKENIZERS, type Factory } from './component-factories.js';
import { ComponentSettings } from './settings.js';
import type { CharFilterComponent, TokenFilterComponent, TokenizerComponent } from './token-stream.js';
import { keywordTokenizer } from './tokenizers/char-class.js';
import type { Analyzer, AnalysisRegistry } from './types.js';
import { dict, own } from '../dict.js';

type Kind = 'tokenizer' | 'filter' | 'char_filter';
type Section = Record<string, Record<string, unknown>>;

const EMPTY = new ComponentSettings({});

function section(settings: Record<string, unknown> | undefined, key: string): Section {
  const v = settings?.[key];
  if (!v || typeof v !== 'object' || Array.isArray(v)) return dict();
  const out: Section = dict();
  for (const [name, def] of Object.entries(v as Record<string, unknown>)) {
    out[name] = def && typeof def === 'object' && !Array.isArray(def) ? (def as Record<string, unknown>) : {};
  }
  return out;
}

const FACTORIES = { tokenizer: TOKENIZERS, filter: TOKEN_FILTERS, char_filter: CHAR_FILTERS } as const;

/** Build one settings-defined (or inline) component of `kind`. */
function buildComponent<T>(kind: Kind, name: string, def: Record<string, unknown>): T {
  const settings = new ComponentSettings(def);
  const type = settings.scalar('type'); // an object or list `type` is no type, as in ES's flattened settings
  if (type === undefined) throw illegalArgument(`${kind} [${name}] must specify either an analyzer type, or a tokenizer`);
  const factory = own(FACTORIES[kind] as Record<string, Factory<unknown>>, type);
  if (!factory) throw illegalArgument(`Unknown ${kind} type [${type}] for [${name}]`);
  return factory(name, settings) as T;
}

/** Built-in component by bare name, or undefined (unknown, or only usable with settings). */
function prebuilt<T>(kind: Kind, name: string): T | undefined {
  if (REQUIRE_SETTINGS[kind].has(name)) return undefined;
  const factory = own(FACTORIES[kind] as Record<string, Factory<unknown>>, name);
  return factory ? (factory(name, EMPTY) as T) : undefined;
}

/**
 * Built-in components by kind and name: immutable, shared by every node. Only names that exist
 * are kept (a miss is not), so the map is bounded by the built-in set whatever names requests use.
 */
const prebuiltCache = new Map<string, unknown>();
function cachedPrebuilt<T>(kind: Kind, name: string): T | undefined {
  const key = `${kind}/${name}`;
  if (prebuiltCache.has(key)) return prebuiltCache.get(key) as T;
  const v = prebuilt<T>(kind, name);
  if (v !== undefined) prebuiltCache.set(key, v);
  return v;
}

let defaultStandard: ChainAnalyzer | undefined;
/** Built-in analyzers by name: immutable, shared; bounded by the built-in names (misses are not kept). */
const builtinAnalyzers = new Map<string, ChainAnalyzer | undefined>();
/** A built-in analyzer by name (`standard`, `english`, ...), shared by all registries. */
export function builtinAnalyzer(name: string): ChainAnalyzer | undefined {
  if (builtinAnalyzers.has(name)) return builtinAnalyzers.get(name);
  const builder = own(ANALYZER_TYPES, name);
  if (!builder) return undefined;
  const a = builder(name, EMPTY);
  builtinAnalyzers.set(name, a);
  return a;
}

/**
 * The registry implementation. Besides the contract's `analyzer` / `normalizer`, it resolves
 * components by name and builds inline definitions for `_analyze`.
 */
export class IndexAnalysisRegistry implements AnalysisRegistry {
  private readonly tokenizers = new Map<string, TokenizerComponent>();
  private readonly filters = new Map<string, TokenFilterComponent>();
  private readonly charFilters = new Map<string, CharFilterComponent>();
  private readonly analyzers = new Map<string, ChainAnalyzer>();
  private readonly normalizers = new Map<string, ChainAnalyzer>();

  /**
   * @param settings the object under `index.analysis`; undefined for the node-level registry
   *   `_analyze` uses without an index.
   */
  constructor(settings: Record<string, unknown> | undefined) {
    this.global = settings === undefined;
    for (const [name, def] of Object.entries(section(settings, 'char_filter'))) this.charFilters.set(name, buildComponent('char_filter', name, def));
    for (const [name, def] of Object.entries(section(settings, 'tokenizer'))) this.tokenizers.set(name, buildComponent('tokenizer', name, def));
    for (const [name, def] of Object.entries(section(settings, 'filter'))) this.filters.set(name, buildComponent('filter', name, def));
    for (const [name, def] of Object.entries(section(settings, 'analyzer'))) this.analyzers.set(name, this.buildAnalyzer(name, def));
    for (const [name, def] of Object.entries(section(settings, 'normalizer'))) this.normalizers.set(name, this.buildNormalizer(name, def));
    if (this.analyzers.has('default_index')) {
      throw illegalArgument('setting [index.analysis.analyzer.default_index] is not supported anymore, use [index.analysis.analyzer.default] instead for index');
    }
    for (const name of this.analyzers.keys()) {
      if (name.startsWith('_')) throw illegalArgument(`analyzer name must not start with '_'. got "${name}"`);
    }
  }

  /** True for the registry without index settings (`_analyze` without an index). */
  readonly global: boolean;

  tokenizer(name: string): TokenizerComponent | undefined {
    return this.tokenizers.get(name) ?? cachedPrebuilt<TokenizerComponent>('tokenizer', name);
  }

  tokenFilter(name: string): TokenFilterComponent | undefined {
    return this.filters.get(name) ?? cachedPrebuilt<TokenFilterComponent>('filter', name);
  }

  charFilter(name: string): CharFilterComponent | undefined {
    return this.charFilters.get(name) ?? cachedPrebuilt<CharFilterComponent>('char_filter', name);
  }

  analyzer(name: string): ChainAnalyzer | undefined {
    const own = this.analyzers.get(name);
    if (own) return own;
    if (name === 'default') return this.defaultAnalyzer();
    if (name === 'default_search') return this.analyzers.get('default') ?? this.defaultAnalyzer();
    if (name === 'default_search_quoted' || name === 'default_search_quote') return this.analyzer('default_search');
    return builtinAnalyzer(name);
  }

  normalizer(name: string): ChainAnalyzer | undefined {
    return this.normalizers.get(name);
  }

  /** ES registers a standard analyzer under the name `default` when the index defines none. */
  private defaultAnalyzer(): ChainAnalyzer {
    return (defaultStandard ??= ANALYZER_TYPES['standard']!('default', EMPTY));
  }

  /** Build an inline (`{type: ...}`) component definition as `_analyze` does. */
  static inline<T>(kind: Kind, name: string, def: Record<string, unknown>): T {
    return buildComponent<T>(kind, name, def);
  }

  private buildAnalyzer(name: string, def: Record<string, unknown>): ChainAnalyzer {
    const s = new ComponentSettings(def);
    const type = s.str('type');
    if (type === undefined && !s.has('tokenizer')) throw illegalArgument(`analyzer [${name}] must specify either an analyzer type, or a tokenizer`);
    if (type === undefined || type === 'custom') return this.buildCustom(name, s);
    const builder = own(ANALYZER_TYPES, type);
    if (!builder) throw illegalArgument(`Unknown analyzer type [${type}] for [${name}]`);
    return builder(name, s);
  }

  private buildCustom(name: string, s: ComponentSettings): ChainAnalyzer {
    const tokenizerName = s.str('tokenizer');
    if (tokenizerName === undefined) throw illegalArgument(`Custom Analyzer [${name}] must be configured with a tokenizer`);
    const tokenizer = this.tokenizer(tokenizerName);
    if (!tokenizer) throw illegalArgument(`Custom Analyzer [${name}] failed to find tokenizer under name [${tokenizerName}]`);
    const charFilters = (s.list('char_filter') ?? []).map((cf) => {
      const c = this.charFilter(cf);
      if (!c) throw illegalArgument(`Custom Analyzer [${name}] failed to find char_filter under name [${cf}]`);
      return c;
    });
    const filters = (s.list('filter') ?? []).map((f) => {
      const c = this.tokenFilter(f);
      if (!c) throw illegalArgument(`Custom Analyzer [${name}] failed to find filter under name [${f}]`);
      return c;
    });
    if (s.has('position_offset_gap')) {
      throw illegalArgument(`Option [position_offset_gap] in Custom Analyzer [${name}] has been renamed, please use [position_increment_gap] instead.`);
    }
    const gap = s.int('position_increment_gap', 100);
    const offsetGap = s.int('offset_gap', -1);
    return new ChainAnalyzer(name, tokenizer, filters, charFilters, gap, offsetGap < 0 ? 1 : offsetGap, true);
  }

  private buildNormalizer(name: string, def: Record<string, unknown>): ChainAnalyzer {
    const s = new ComponentSettings(def);
    const type = s.str('type');
    if (type !== undefined && type !== 'custom') throw illegalArgument(`Unknown normalizer type [${type}] for [${name}]`);
    if (s.has('tokenizer')) throw illegalArgument(`Custom normalizer [${name}] cannot configure a tokenizer`);
    const charFilters = (s.list('char_filter') ?? []).map((cf) => {
      const c = this.charFilter(cf);
      if (!c) throw illegalArgument(`Custom normalizer [${name}] failed to find char_filter under name [${cf}]`);
      if (!c.multiTermAware) throw illegalArgument(`Custom normalizer [${name}] may not use char filter [${cf}]`);
      return c;
    });
    const filters = (s.list('filter') ?? []).map((f) => {
      const c = this.tokenFilter(f);
      if (!c) throw illegalArgument(`Custom Analyzer [${name}] failed to find filter under name [${f}]`);
      if (!c.multiTermAware) throw illegalArgument(`Custom normalizer [${name}] may not use filter [${f}]`);
      return c;
    });
    return new ChainAnalyzer(name, keywordTokenizer('keyword'), filters, charFilters, 100, 1, true);
  }
}

let globalRegistry: IndexAnalysisRegistry | undefined;

/**
 * Build the analysis registry for an index from its `index.analysis` settings object (or the
 * node-level registry of built-ins when `analysisSettings` is undefined). Throws an
 * `illegal_argument_exception` EsError for invalid configuration, with ES 5.6's messages.
 */
export function createAnalysisRegistry(analysisSettings: Record<string, unknown> | undefined): IndexAnalysisRegistry {
  if (analysisSettings === undefined) return (globalRegistry ??= new IndexAnalysisRegistry(undefined));
  return new IndexAnalysisRegistry(analysisSettings);
}

/** Type guard: is this analyzer one of ours (gives access to its chain and end state)? */
export function isChainAnalyzer(a: Analyzer): a is ChainAnalyzer {
  return a instanceof ChainAnalyzer;
}
