/**
 * The node's script service (ES 5.6 `ScriptService`): resolves a script reference (inline,
 * stored in the cluster state, or a file of `config/scripts`) to a compiled script, enforcing
 * the settings — `script.inline` / `script.stored` / `script.file`, per engine and per
 * operation (`script.engine.<lang>.<type>[.<op>]`, `script.<op>`), the compilation rate limit
 * `script.max_compilations_per_minute` (default 15, a token bucket refilled continuously) —
 * and caching compiled scripts by language, source and options (`script.cache.max_size`,
 * default 100, least recently used evicted). Update scripts run on worker threads (isolated/).
 */
import { EsError } from '../errors/errors.js';
import type { ScriptRef } from '../dsl/script-ref.js';
import type { ExecutableScript } from './types.js';
import { own } from '../dict.js';
import { ScriptWorkerPool } from './isolated/worker-pool.js';
import type { UpdateScriptResult } from './update-context.js';

/** The operation a script runs for (ES `ScriptContext.Standard` keys). */
export type ScriptOperation = 'update' | 'search' | 'aggs' | 'ingest';

/** Languages this node runs, and their file extensions. */
export const SCRIPT_LANGS = ['painless', 'expression', 'mustache'] as const;
const EXTENSIONS: Record<string, string> = { painless: 'painless', expression: 'expression', mustache: 'mustache' };

/** A stored script as the cluster state keeps it. */
export interface StoredScript {
  lang: string;
  source: string;
}

/** Where the service finds what it needs, so it stays free of HTTP and storage. */
export interface ScriptServiceDeps {
  /** Node settings (flat). */
  settings: Record<string, string>;
  /** Current cluster-level settings (transient over persistent), for dynamic settings. */
  clusterSettings?: () => Record<string, string>;
  /** Stored script by id. */
  stored: (id: string) => StoredScript | undefined;
  /** Source of a file script (`config/scripts/<name>.<ext>`), or undefined. */
  file?: (fileName: string) => string | undefined;
  /** Clock in ms (tests). */
  now?: () => number;
}

const isFalse = (v: string): boolean => ['false', '0', 'off', 'no'].includes(v.toLowerCase());

function iae(reason: string, causedBy?: EsError): EsError {
  return new EsError('illegal_argument_exception', 400, reason, causedBy ? { causedBy } : {});
}

/** `script_lang not supported [lang]` (ES 5.6 `ScriptService#getScriptEngineServiceForLang`). */
export function checkLang(lang: string): void {
  if (!(SCRIPT_LANGS as readonly string[]).includes(lang)) throw iae(`script_lang not supported [${lang}]`);
}

/**
 * Whether scripts of `lang`/`type` may run for `op` (ES 5.6 `ScriptModes`): the most specific
 * engine setting wins; otherwise `script.<type>` and `script.<op>` must both allow it. Every
 * language here is sandboxed, so all types default to enabled.
 */
export function scriptEnabled(settings: Record<string, string>, lang: string, type: ScriptRef['type'], op: string): boolean {
  for (const k of [`script.engine.${lang}.${type}.${op}`, `script.engine.${lang}.${type}`]) {
    const v = settings[k];
    if (v !== undefined) return !isFalse(v);
  }
  const byType = settings[`script.${type}`];
  const byOp = settings[`script.${op}`];
  return !(byType !== undefined && isFalse(byType)) && !(byOp !== undefined && isFalse(byOp));
}

/** A resolved and compiled script. */
export interface ResolvedScript {
  script: ExecutableScript;
  lang: string;
  /** Source text (for error bodies). */
  source: string;
}

/** The two compilers: painless (~40 modules) and expressions. */
interface ScriptEngines {
  compileExpression: typeof import('./expression/expression.js').compileExpression;
  compilePainless: typeof import('./painless/engine.js').compilePainless;
}

async function loadEngines(): Promise<ScriptEngines> {
  const [expression, painless] = await Promise.all([import('./expression/expression.js'), import('./painless/engine.js')]);
  return { compileExpression: expression.compileExpression, compilePainless: painless.compilePainless };
}

/**
 * The script service of one node. Its compilers load with {@link ScriptService.ready}, not with
 * the module (issue 14: a node answers before it has loaded painless); the node awaits it after
 * listening, before any request that can compile a script is let through.
 */
export class ScriptService {
  private readonly cache = new Map<string, ExecutableScript>();
  private engines: ScriptEngines | undefined;
  private loading: Promise<void> | undefined;
  /** Worker threads for update scripts, started on first use. */
  private pool: ScriptWorkerPool | undefined;
  /** Scripts compiled so far (ES `ScriptStats#compilations`, reported by `_nodes/stats/script`). */
  compilations = 0;
  /** Compiled scripts dropped from the cache (ES `ScriptStats#cacheEvictions`). */
  cacheEvictions = 0;
  private tokens: number | undefined;
  private lastCompile = 0;
  /** The rate the bucket was filled for; a new rate refills it (5.6 setMaxCompilationsPerMinute). */
  private rate: number | undefined;

  constructor(private readonly deps: ScriptServiceDeps) {}

  /** Load the compilers (once); `compile` and `validate` need them. */
  ready(): Promise<void> {
    this.loading ??= loadEngines().then((e) => {
      this.engines = e;
    });
    return this.loading;
  }

  /** Whether {@link ready} has settled with the compilers loaded (a request need not wait). */
  isReady(): boolean {
    return this.engines !== undefined;
  }

  /** The compilers; reaching here before {@link ready} settled is a bug of the caller's wiring. */
  private get compilers(): ScriptEngines {
    if (!this.engines) throw new Error('ScriptService: compile before ready() settled');
    return this.engines;
  }

  private setting(key: string): string | undefined {
    return this.deps.clusterSettings?.()[key] ?? this.deps.settings[key];
  }

  /** Whether `script.painless.regex.enabled` is true. */
  get regexEnabled(): boolean {
    const v = this.deps.settings['script.painless.regex.enabled'];
    return v !== undefined && !isFalse(v);
  }

  /**
   * Compile (or take from the cache) the script `ref` for operation `op`.
   * Errors are ES's: unknown language, disabled type/operation, missing stored/file script,
   * compile errors (`script_exception`), rate limit (`general_script_exception` caused by
   * `circuit_breaking_exception`).
   */
  compile(ref: ScriptRef, op: ScriptOperation): ResolvedScript {
    let lang = ref.lang;
    let source = ref.idOrCode;
    if (ref.type === 'stored') {
      const s = this.deps.stored(ref.idOrCode);
      if (!s) throw new EsError('resource_not_found_exception', 404, `unable to find script [${ref.idOrCode}] in cluster state`);
      lang = s.lang;
      source = s.source;
    }
    checkLang(lang);
    if (ref.type === 'file') {
      const f = this.deps.file?.(`${ref.idOrCode}.${own(EXTENSIONS, lang)}`);
      if (f === undefined) throw iae(`Unable to find on disk file script [${ref.idOrCode}] using lang [${lang}]`);
      source = f;
    }
    if (!scriptEnabled(this.deps.settings, lang, ref.type, op)) {
      throw new EsError('illegal_state_exception', 500, `scripts of type [${ref.type}], operation [${op}] and lang [${lang}] are disabled`);
    }
    if (lang === 'expression' && op === 'update') {
      throw new EsError('unsupported_operation_exception', 500, `scripts of type [${ref.type}], operation [${op}] and lang [${lang}] are not supported`);
    }
    if (lang === 'mustache') throw iae(`script_lang not supported [${lang}] for operation [${op}]`);
    const regex = this.regexEnabled;
    // as ES's CacheKey: stored and file scripts are also keyed by name (errors report the name)
    const name = ref.type === 'inline' ? undefined : ref.idOrCode;
    const key = `${lang}\u0000${regex ? 1 : 0}\u0000${name ?? ''}\u0000${source}`;
    let script = this.cache.get(key);
    if (script) {
      // LRU: move to the back
      this.cache.delete(key);
      this.cache.set(key, script);
      return { script, lang, source };
    }
    if (ref.type !== 'file') {
      try {
        this.checkCompilationLimit();
      } catch (e) {
        const name = ref.type === 'inline' ? source : ref.idOrCode;
        throw new EsError('general_script_exception', 500, `Failed to compile ${ref.type} script [${name}] using lang [${lang}]`, {
          causedBy: e as EsError,
        });
      }
    }
    const { compileExpression, compilePainless } = this.compilers;
    script = lang === 'expression' ? compileExpression(source) : compilePainless(source, { regexEnabled: regex, ...(name !== undefined ? { name } : {}) });
    this.compilations++;
    this.cache.set(key, script);
    const max = Number(this.setting('script.cache.max_size') ?? 100);
    while (this.cache.size > Math.max(0, max)) {
      this.cache.delete(this.cache.keys().next().value as string);
      this.cacheEvictions++;
    }
    return { script, lang, source };
  }

  /**
   * Run the update script `ref` over `vars` (the `ctx` map) on a script worker thread
   * (isolated/worker-pool.ts), so that it cannot stall the node. Resolution, settings checks,
   * the compilation limit and compile errors happen here first, exactly as for other scripts.
   */
  async runUpdate(ref: ScriptRef, vars: Record<string, unknown>): Promise<UpdateScriptResult> {
    const resolved = this.compile(ref, 'update');
    this.pool ??= new ScriptWorkerPool();
    return this.pool.runUpdate({
      source: resolved.source,
      ...(ref.type !== 'inline' ? { name: ref.idOrCode } : {}),
      regexEnabled: this.regexEnabled,
      params: ref.params,
      vars,
    });
  }

  /** Stop the script workers (node shutdown). */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** Compile without settings checks or rate limit (validating a stored script on put). */
  validate(lang: string, source: string): void {
    checkLang(lang);
    if (lang === 'expression') this.compilers.compileExpression(source);
    else if (lang === 'painless') this.compilers.compilePainless(source, { regexEnabled: this.regexEnabled });
  }

  /** ES 5.6 `ScriptService#checkCompilationLimit`: a token bucket of `max_compilations_per_minute`. */
  private checkCompilationLimit(): void {
    const perMinute = Number(this.setting('script.max_compilations_per_minute') ?? 15);
    const now = (this.deps.now ?? Date.now)();
    if (this.tokens === undefined || this.rate !== perMinute) {
      this.tokens = perMinute;
      this.rate = perMinute;
      this.lastCompile = now;
    }
    this.tokens += ((now - this.lastCompile) * perMinute) / 60000;
    this.lastCompile = now;
    if (this.tokens > perMinute) this.tokens = perMinute;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return;
    }
    throw new EsError(
      'circuit_breaking_exception',
      500,
      `[script] Too many dynamic script compilations within one minute, max: [${perMinute}/min]; please use on-disk, indexed, or scripts with parameters instead; this limit can be changed by the [script.max_compilations_per_minute] setting`,
      { metadata: { bytes_wanted: 0, bytes_limit: 0 } },
    );
  }
}
