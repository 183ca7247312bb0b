/**
 * The contract between REST route modules (api/routes/*.ts) and the HTTP plumbing
 * (api/server.ts, api/rest/*). A route declares its paths and the query parameters it consumes;
 * the plumbing rejects unconsumed parameters exactly as ES 5 does, parses bodies, and renders
 * responses (pretty, format=yaml, filter_path, human, error bodies) in one place.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

/** A parsed HTTP request as a handler sees it. */
export interface RestRequest {
  method: HttpMethod;
  /** Raw path without query string. */
  path: string;
  /** Decoded path parameters, e.g. `{index: 'twitter', type: 'tweet', id: '1'}`. */
  pathParams: Record<string, string>;
  /** Decoded query-string parameters (last value wins). */
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body bytes (from the body or the `source` query parameter); undefined when empty. */
  rawBody: Buffer | undefined;

  /** Whether a body was sent. */
  hasBody(): boolean;
  /** The body parsed as JSON (or YAML when the content type says so); ES parse errors on bad input. */
  json<T = unknown>(): T;
  /** Query parameter as string, or `def`. Marks the parameter consumed. */
  param(name: string, def?: string): string | undefined;
  /** Boolean parameter (`false`, `0`, `no`, `off` are false; present-and-empty is true). */
  paramAsBool(name: string, def: boolean): boolean;
  /** Integer parameter; a non-number fails with ES's illegal_argument/number_format error. */
  paramAsInt(name: string, def: number): number;
  /** Duration parameter (`30s`, `1m`) in milliseconds; `-1` passes through. */
  paramAsTimeMs(name: string, def: number): number;
  /** Comma-separated list parameter. */
  paramAsList(name: string, def?: string[]): string[] | undefined;
}

/** What a handler returns; the plumbing renders it. */
export interface RestResponse {
  status: number;
  /** A JSON value (rendered with pretty/yaml/filter_path) or preformatted text (cat APIs). */
  body?: unknown;
  /** Set for plain text bodies, e.g. `text/plain; charset=UTF-8`. */
  contentType?: string;
  headers?: Record<string, string | string[]>;
}

export type RestHandler = (req: RestRequest) => Promise<RestResponse> | RestResponse;

/** One route: methods and path patterns (`{name}` marks a parameter) served by one handler. */
export interface RouteDef {
  methods: HttpMethod[];
  /** ES-style path patterns, e.g. `/{index}/{type}/{id}`, `/_cat/health`. */
  paths: string[];
  /** Query parameters this route consumes, beyond the global ones (pretty, human, format, filter_path, error_trace, source). */
  params: string[];
  handler: RestHandler;
  /**
   * The handler accepts bodies that are neither declared nor detected as JSON/YAML (ES 5.6
   * `RestHandler#supportsPlainText`: `_analyze`, scroll, clear scroll); such requests get the
   * "Plain text request bodies are deprecated" warning instead of a 406.
   */
  plainText?: boolean;
  /**
   * Skip the unrecognized-parameter check: the handler refuses every request itself
   * (api/routes/not-built.ts), so that refusal, not a parameter error, is the answer.
   */
  anyParams?: boolean;
}
