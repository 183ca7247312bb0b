/**
 * The `RestRequest` handlers receive (contract in api/types.ts), with ES 5.6 semantics:
 * query parameters decoded as `RestUtils`, path parameters winning over query parameters of the
 * same name (ES puts both in one map, path last), lenient booleans, Java integer parsing with
 * ES's error (`Failed to parse int parameter [size] with value [abc]` caused by
 * `number_format_exception`), time values via lib/units, the `source` parameter as body.
 */
import { load as loadYaml } from 'js-yaml';
import type { HttpMethod, RestRequest } from '../types.js';
import { EsError, illegalArgument } from '../../lib/errors/errors.js';
import { parseBooleanLenient } from '../../lib/units/booleans.js';
import { ByteSizeValue, parseBytesSizeValue } from '../../lib/units/byte-size-value.js';
import { javaParseDouble, javaParseInt, javaParseLong, NumberFormatError } from '../../lib/units/java-parse.js';
import { parseTimeValue, type TimeValue } from '../../lib/units/time-value.js';
import { fromContentTypeHeader, sniffContentType, type XContentType } from './content-type.js';
import { parseJsonBody } from '../../lib/units/json-body.js';
import { decodeUtf8 } from '../../lib/units/utf8.js';
import { javaSplit } from './url-decode.js';

export interface RequestInit {
  method: HttpMethod;
  /** Full request URI as received (path and query string). */
  uri: string;
  /** Raw, undecoded path. */
  rawPath: string;
  /** Decoded path. */
  path: string;
  pathParams: Record<string, string>;
  query: Map<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | undefined;
}

/** One HTTP request as handlers see it. */
export class EsRestRequest implements RestRequest {
  readonly method: HttpMethod;
  readonly path: string;
  readonly rawPath: string;
  readonly uri: string;
  readonly pathParams: Record<string, string>;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly rawBody: Buffer | undefined;
  /** The query parameters as received (`source_content_type` is read from these alone). */
  private readonly params: Map<string, string>;
  /**
   * Query and path parameters in one map, path parameters set last so they win (ES puts both in
   * one map, path last): one map lookup per `param` call, and a search reads ~30 of them.
   */
  private readonly merged: Map<string, string>;
  private queryRecord: Record<string, string> | undefined;
  /** Whether the body came from the `source` query parameter. */
  private readonly bodyFromSource: boolean;
  private parsedBody: unknown;
  private bodyParsed = false;

  constructor(init: RequestInit) {
    this.method = init.method;
    this.uri = init.uri;
    this.rawPath = init.rawPath;
    this.path = init.path;
    this.pathParams = init.pathParams;
    this.headers = init.headers;
    this.params = init.query;
    let merged = init.query;
    for (const name in init.pathParams) {
      if (merged === init.query) merged = new Map(init.query);
      merged.set(name, init.pathParams[name] as string);
    }
    this.merged = merged;
    const source = init.query.get('source');
    this.bodyFromSource = false;
    if (init.body !== undefined && init.body.length > 0) {
      this.rawBody = init.body;
    } else if (source !== undefined) {
      this.rawBody = Buffer.from(source, 'utf8');
      this.bodyFromSource = true;
    } else {
      this.rawBody = undefined;
    }
  }

  /** The query parameters as a record (built when first read: few handlers read it). */
  get query(): Record<string, string> {
    return (this.queryRecord ??= Object.fromEntries(this.params));
  }

  /** A request header (first value), lower-case name. */
  header(name: string): string | undefined {
    const v = this.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  }

  hasParam(name: string): boolean {
    return this.merged.has(name);
  }

  param(name: string, def?: string): string | undefined {
    const v = this.merged.get(name);
    return v === undefined ? def : v;
  }

  paramAsBool(name: string, def: boolean): boolean {
    return parseBooleanLenient(this.param(name), def);
  }

  paramAsInt(name: string, def: number): number {
    const v = this.param(name);
    if (v === undefined) return def;
    try {
      return javaParseInt(v);
    } catch (e) {
      throw illegalArgument(`Failed to parse int parameter [${name}] with value [${v}]`, e as NumberFormatError);
    }
  }

  /** `paramAsLong`: like {@link paramAsInt} with a 64-bit range (JS numbers lose precision past 2^53). */
  paramAsLong(name: string, def: number): number {
    const v = this.param(name);
    if (v === undefined) return def;
    try {
      return javaParseLong(v);
    } catch (e) {
      throw illegalArgument(`Failed to parse long parameter [${name}] with value [${v}]`, e as NumberFormatError);
    }
  }

  paramAsFloat(name: string, def: number): number {
    const v = this.param(name);
    if (v === undefined) return def;
    try {
      return Math.fround(javaParseDouble(v));
    } catch (e) {
      throw illegalArgument(`Failed to parse float parameter [${name}] with value [${v}]`, e as NumberFormatError);
    }
  }

  /** `paramAsTime`: the parameter as a TimeValue (`setting` in errors is the parameter name). */
  paramAsTime(name: string, def: TimeValue): TimeValue;
  paramAsTime(name: string, def?: TimeValue): TimeValue | undefined;
  paramAsTime(name: string, def?: TimeValue): TimeValue | undefined {
    const v = this.param(name);
    return v === undefined ? def : parseTimeValue(v, name);
  }

  paramAsTimeMs(name: string, def: number): number {
    const v = this.param(name);
    return v === undefined ? def : parseTimeValue(v, name).millis();
  }

  /** `paramAsSize`: the parameter as a ByteSizeValue. */
  paramAsSize(name: string, def: ByteSizeValue): ByteSizeValue {
    const v = this.param(name);
    return v === undefined ? def : parseBytesSizeValue(v, name);
  }

  /** `paramAsStringArray`: `Strings.splitStringByCommaToArray` (no trimming; trailing empties dropped). */
  paramAsList(name: string, def?: string[]): string[] | undefined {
    const v = this.param(name);
    if (v === undefined) return def;
    if (v.length === 0) return [];
    return javaSplit(v, ',');
  }

  hasBody(): boolean {
    return this.rawBody !== undefined;
  }

  /** The body's format: Content-Type header (or `source_content_type`), else sniffed. */
  bodyContentType(): XContentType | undefined {
    const declared = this.bodyFromSource
      ? fromContentTypeHeader(this.params.get('source_content_type'))
      : fromContentTypeHeader(this.header('content-type'));
    return declared ?? (this.rawBody ? sniffContentType(this.rawBody) : undefined);
  }

  json<T = unknown>(): T {
    if (this.bodyParsed) return this.parsedBody as T;
    if (this.rawBody === undefined) throw new EsError('parse_exception', 400, 'Body required');
    const text = decodeUtf8(this.rawBody);
    if (this.bodyContentType() === 'yaml') {
      try {
        this.parsedBody = loadYaml(text);
      } catch (e) {
        throw new EsError('yaml_exception', 500, e instanceof Error ? e.message : String(e));
      }
    } else {
      this.parsedBody = parseJsonBody(text);
    }
    this.bodyParsed = true;
    return this.parsedBody as T;
  }
}
