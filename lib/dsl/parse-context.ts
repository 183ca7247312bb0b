/**
 * State shared by every query parser during one parse: where errors point (line/col of the
 * offending token, as ES's `ParsingException` reports via `parser.getTokenLocation()`) and the
 * entry point for parsing nested queries.
 *
 * Positions: when the caller hands in the original body text (`source`), positions are exact.
 * Otherwise they are computed from `JSON.stringify(sourceRoot ?? value)`, i.e. as if the body had
 * been sent as compact JSON (which is what most clients send). Either way they are only computed
 * when an error is raised.
 */
import { EsError } from '../errors/errors.js';
import { locateJson, type ArrayLocs, type JsonLocations, type Loc, type ObjectLocs } from './json-locations.js';
import type { Query } from './query-types.js';
import { tokenOf, type JsonObject } from './xcontent.js';

/** Options accepted by the public parse entry points. */
export interface ParseOptions {
  /** The request body text the value was parsed from, for exact `line`/`col` in errors. */
  source?: string;
  /**
   * The whole parsed body, when the value handed to the parser is only a part of it (e.g. the
   * `query` of a search body): with `source` it must be what `JSON.parse(source)` returned;
   * without, positions are computed as if this body had been sent as compact JSON.
   * Defaults to the value being parsed.
   */
  sourceRoot?: unknown;
  /** Receives the deprecation warnings raised while parsing (sent as `Warning` headers). */
  warnings?: string[];
  /**
   * The text of a mustache template named by a `template` query: inline source, stored id or
   * file name (the node's script store and settings live outside lib/dsl). Without it only
   * inline templates render.
   */
  templateSource?: (type: 'inline' | 'stored' | 'file', idOrCode: string) => string;
}

/** A lazily resolved pointer to one token of the input. */
export type At =
  | { kind: 'value' | 'name'; obj: object; key: string }
  | { kind: 'start' | 'end'; obj: object }
  | { kind: 'item'; arr: unknown[]; index: number }
  | { kind: 'unknown' };

/** Parses one query clause body (the object after the query name). `null` = ES's `Optional.empty()`. */
export type InnerQueryParser = (ctx: ParseContext, value: unknown, at: At) => Query | null;

/** Per-parse context: error positions and the nested-query entry point. */
export class ParseContext {
  private locations: JsonLocations | undefined;

  constructor(
    private readonly root: unknown,
    private readonly opts: ParseOptions,
    private readonly inner: InnerQueryParser,
  ) {}

  /** Parse a nested query clause (`parseInnerQueryBuilder`). `null` for an empty clause `{}`. */
  parseInnerQuery(value: unknown, at: At): Query | null {
    return this.inner(this, value, at);
  }

  /** Pointer to the value token of `obj[key]`. */
  atValue(obj: object, key: string): At {
    return { kind: 'value', obj, key };
  }

  /** Pointer to the field-name token `key` of `obj`. */
  atName(obj: object, key: string): At {
    return { kind: 'name', obj, key };
  }

  /** Pointer to the `{`/`[` that starts `obj`. */
  atStart(obj: object): At {
    return { kind: 'start', obj };
  }

  /** Pointer to the `}`/`]` that ends `obj`. */
  atEnd(obj: object): At {
    return { kind: 'end', obj };
  }

  /** Pointer to item `index` of `arr`. */
  atItem(arr: unknown[], index: number): At {
    return { kind: 'item', arr, index };
  }

  /** Record a deprecation warning (ES's `DeprecationLogger`), if the caller collects them. */
  deprecated(message: string): void {
    if (this.opts.warnings && !this.opts.warnings.includes(message)) this.opts.warnings.push(message);
  }

  /** The options this parse runs with (nested parses of rendered text inherit them). */
  get options(): ParseOptions {
    return this.opts;
  }

  /** Resolve a pointer to a line/column (1/1 when it cannot be found). */
  locate(at: At): Loc {
    if (at.kind === 'unknown') return { line: 1, col: 1 };
    if (!this.locations) {
      const root = this.opts.sourceRoot ?? this.root;
      const text = this.opts.source ?? safeStringify(root);
      this.locations = locateJson(text, root);
    }
    const fallback = { line: 1, col: 1 };
    if (at.kind === 'item') {
      const rec = this.locations.get(at.arr) as ArrayLocs | undefined;
      return rec?.items[at.index] ?? fallback;
    }
    const rec = this.locations.get(at.obj);
    if (!rec) return fallback;
    if (at.kind === 'start') return rec.start;
    if (at.kind === 'end') return rec.end;
    if (at.kind !== 'name' && at.kind !== 'value') return fallback;
    const k = (rec as ObjectLocs).keys?.get(at.key);
    if (!k) return fallback;
    return at.kind === 'name' ? k.name : k.value;
  }

  /** A `parsing_exception` (400) pointing at `at`, as `new ParsingException(location, reason)`. */
  error(reason: string, at: At, causedBy?: EsError): EsError {
    const { line, col } = this.locate(at);
    return new EsError('parsing_exception', 400, reason, { metadata: { line, col }, ...(causedBy ? { causedBy } : {}) });
  }

  /**
   * Run a value conversion (intValue, booleanValue, ...) and let its ES error through unchanged;
   * ES lets `NumberFormatException`/`IllegalArgumentException` escape the query parsers too.
   */
  value<T>(fn: () => T): T {
    return fn();
  }

  /** The common "unknown token" error: `[name] unknown token [TOKEN] after [field]`. */
  unknownToken(queryName: string, obj: JsonObject, key: string): EsError {
    return this.error(`[${queryName}] unknown token [${tokenOf(obj[key])}] after [${key}]`, this.atValue(obj, key));
  }

  /** The common "does not support" error: `[name] query does not support [field]`. */
  unsupported(queryName: string, obj: JsonObject, key: string): EsError {
    return this.error(`[${queryName}] query does not support [${key}]`, this.atValue(obj, key));
  }

  /** `throwParsingExceptionOnMultipleFields`: a single-field query saw a second field. */
  multipleFields(queryName: string, first: string, second: string, at: At): EsError {
    return this.error(`[${queryName}] query doesn't support multiple fields, found [${first}] and [${second}]`, at);
  }
}

function safeStringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}
