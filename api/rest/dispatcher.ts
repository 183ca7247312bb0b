/**
 * The HTTP-to-handler bridge, ES 5.6 `RestController#dispatchRequest` in Node terms, kept
 * independent of restify so it is cheap and testable:
 * 1. split the URI into raw path and query (`RestUtils.decodeQueryString`);
 * 2. find the route in the method's path trie; HEAD falls back to the GET route; methods ES's
 *    Netty layer does not know are treated as GET (ES 5.6 behaviour); with a lazy
 *    {@link RouteSource}, the group of the matched placeholder is loaded first (`resolve`);
 * 3. no route: OPTIONS → 200 empty text; otherwise 400 text
 *    `No handler found for uri [<uri>] and method [<METHOD>]`;
 * 4. a body whose type is neither declared nor detectable → 406
 *    `{"error":"Content-Type header [x] is not supported","status":406}`;
 * 5. unknown query parameters → 400 `illegal_argument_exception` (see params.ts);
 * 6. run the handler; any throw becomes an ES error body; HEAD answers carry the status and
 *    content-length of the full answer but no body.
 * Bodies over `maxContentLength` (ES `http.max_content_length`, 100mb) get 413 with no body;
 * gzip/deflate request bodies are inflated first (request-decompression.ts).
 * With CORS configured (cors.ts) preflights and refused origins are answered before all of this,
 * and answers carry the CORS headers; with compression (compression.ts) bodies are gzipped or
 * deflated when the client accepts it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpMethod, RestResponse, RouteDef } from '../types.js';
import { deprecationHeaders } from '../routes/common.js';
import { EsRestRequest } from './rest-request.js';
import { PathTrie, type TrieMatch } from './path-trie.js';
import { decodeComponent, decodeQueryString } from './url-decode.js';
import { GLOBAL_PARAMS, checkUnrecognized } from './params.js';
import { fromContentTypeHeader, sniffContentType, type XContentType } from './content-type.js';
import { renderError, renderResponse, renderSimpleError, renderText, type Rendered, type RenderContext } from './render.js';
import { corsResponseHeaders, corsVerdict, type CorsConfig } from './cors.js';
import { MIN_COMPRESSED_BYTES, chooseEncoding, compressBody, type CompressionConfig } from './compression.js';
import { inflateBody, requestDecoding } from './request-decompression.js';

const PLAIN_TEXT_DEPRECATED = 'Plain text request bodies are deprecated. Use request parameters or body in a supported format.';

/** Put a deprecation warning before the handler's own (ES logs the dispatcher's first). */
function withLeadingWarning(response: RestResponse, message: string): RestResponse {
  const first = deprecationHeaders([message])['Warning']!;
  const existing = response.headers?.['Warning'];
  return { ...response, headers: { ...response.headers, Warning: existing ? `${first}, ${existing}` : first } };
}

/** Minimal bunyan-like logger. */
export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

interface BoundRoute {
  route: RouteDef;
  /** Parameter names this route may receive: globals, declared, path parameters. */
  allowed: ReadonlySet<string>;
}

/**
 * Routes whose groups load when first needed (api/routes/lazy-routes.ts): placeholders carry
 * methods and paths only and are replaced by the real routes once their group is loaded.
 */
export interface RouteSource {
  /** Bumped whenever `current()` changes. */
  readonly version: number;
  /** The routes now, in precedence order: real ones of loaded groups, placeholders of the rest. */
  current(): RouteDef[];
  /** Whether `route` is a placeholder. */
  pending(route: RouteDef): boolean;
  /** Load the group a placeholder stands for. */
  load(route: RouteDef): Promise<void>;
  /** Load every group; false when all were loaded already. */
  loadAll(): Promise<boolean>;
}

export interface DispatcherOptions {
  /** Routes known up front; `source` instead for routes loaded on demand. */
  routes?: RouteDef[];
  source?: RouteSource;
  logger?: Logger;
  /** Largest accepted body in bytes (default 100mb as ES). */
  maxContentLength?: number;
  /** `http.cors.*`; undefined when CORS is disabled (the ES default). */
  cors?: CorsConfig;
  /** `http.compression*`; undefined when compression is off. */
  compression?: CompressionConfig;
}

type TrieMethod = HttpMethod | 'OPTIONS';

const KNOWN_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

function pathParamNames(pattern: string): string[] {
  const names: string[] = [];
  for (const m of pattern.matchAll(/\{([^}]*)\}/g)) if (m[1] !== undefined) names.push(m[1]);
  return names;
}

/**
 * What rendering reads of one request: the query parameters, the headers, and once the request
 * is parsed its body's format (one object per request instead of a set of closures).
 */
class RequestRenderContext implements RenderContext {
  /** Set once the route matched and the request was built. */
  request: EsRestRequest | undefined;

  constructor(
    private readonly query: Map<string, string>,
    private readonly headers: IncomingMessage['headers'],
  ) {}

  param(name: string): string | undefined {
    return this.query.get(name);
  }

  header(name: string): string | undefined {
    if (this.request !== undefined) return this.request.header(name);
    const v = this.headers[name];
    return Array.isArray(v) ? v[0] : v;
  }

  requestContentType(): XContentType | undefined {
    const request = this.request;
    return request !== undefined && request.hasBody() ? request.bodyContentType() : undefined;
  }
}

/** Builds the request listener for a set of routes. */
export class Dispatcher {
  private tries = new Map<TrieMethod, PathTrie<BoundRoute>>();
  private readonly source: RouteSource | undefined;
  private builtVersion = -1;
  private readonly logger: Logger | undefined;
  private readonly maxContentLength: number;
  private readonly cors: CorsConfig | undefined;
  private readonly compression: CompressionConfig | undefined;

  constructor(opts: DispatcherOptions) {
    this.logger = opts.logger;
    this.maxContentLength = opts.maxContentLength ?? 100 * 1024 * 1024;
    this.cors = opts.cors;
    this.compression = opts.compression;
    this.source = opts.source;
    this.build(opts.source?.current() ?? opts.routes ?? []);
    this.builtVersion = opts.source?.version ?? 0;
  }

  private build(routes: RouteDef[]): void {
    const tries = new Map<TrieMethod, PathTrie<BoundRoute>>();
    for (const route of routes) {
      for (const path of route.paths) {
        const allowed = new Set<string>([...GLOBAL_PARAMS, ...route.params, ...pathParamNames(path)]);
        for (const method of route.methods) {
          let trie = tries.get(method);
          if (!trie) {
            trie = new PathTrie<BoundRoute>();
            tries.set(method, trie);
          }
          trie.insert(path, { route, allowed });
        }
      }
    }
    this.tries = tries;
  }

  private retrieve(method: TrieMethod, rawPath: string): TrieMatch<BoundRoute> | undefined {
    const match = this.tries.get(method)?.retrieve(rawPath);
    return match ?? (method === 'HEAD' ? this.tries.get('GET')?.retrieve(rawPath) : undefined);
  }

  /**
   * The route of a request. With a lazy source: a placeholder's group is loaded and the path
   * matched again; a path that matches nothing, or still a placeholder (a stale route table),
   * loads every group and is matched once more, so the answer never depends on the table.
   */
  private async resolve(method: TrieMethod, rawPath: string): Promise<TrieMatch<BoundRoute> | undefined> {
    let match = this.retrieve(method, rawPath);
    const source = this.source;
    if (source === undefined) return match;
    for (let round = 0; ; round++) {
      if (match === undefined) {
        if (!(await source.loadAll())) return undefined;
      } else if (!source.pending(match.value.route)) {
        return match;
      } else if (round === 0) {
        await source.load(match.value.route);
      } else {
        await source.loadAll();
      }
      if (this.builtVersion !== source.version) {
        this.builtVersion = source.version;
        this.build(source.current());
      }
      match = this.retrieve(method, rawPath);
    }
  }

  /** Node `request` listener. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (this.cors && this.corsShortCircuit(req, res, this.cors)) return;
    const length = req.headers['content-length'];
    if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) {
      // No body: skip stream plumbing entirely (the common GET case).
      req.resume();
      void this.dispatch(req, res, undefined);
      return;
    }
    if (length !== undefined && Number(length) > this.maxContentLength) {
      this.tooLarge(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let aborted = false;
    req.on('data', (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > this.maxContentLength) {
        aborted = true;
        this.tooLarge(req, res);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (aborted) return;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const decoding = requestDecoding(req.headers['content-encoding']);
      if (decoding === undefined) {
        void this.dispatch(req, res, body);
        return;
      }
      void inflateBody(body, decoding, this.maxContentLength).then((inflated) => {
        if (inflated.kind === 'body') void this.dispatch(req, res, inflated.body);
        else if (inflated.kind === 'too-large') this.tooLarge(req, res);
        // ES 5.6 logs a decoder failure and closes the channel without an answer
        else res.destroy();
      });
    });
    req.on('error', () => {
      aborted = true;
      res.destroy();
    });
  };

  /** Netty4CorsHandler runs before the request is read: answer preflights and refused origins. */
  private corsShortCircuit(req: IncomingMessage, res: ServerResponse, cors: CorsConfig): boolean {
    const verdict = corsVerdict(cors, (req.method ?? 'GET').toUpperCase(), req.headers);
    if (verdict.kind === 'pass') return false;
    // ES answers both with the connection closed.
    if (verdict.kind === 'preflight') res.writeHead(200, { ...verdict.headers, connection: 'close' });
    else res.writeHead(403, { 'content-length': '0', connection: 'close' });
    res.end();
    req.resume();
    return true;
  }

  private tooLarge(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(413, { 'content-length': '0', connection: 'close' });
    res.end();
    req.resume();
    res.on('finish', () => req.socket.destroy());
  }

  /** Resolve, run and render one request; never throws. */
  async dispatch(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined): Promise<void> {
    const uri = req.url ?? '/';
    const rawMethod = (req.method ?? 'GET').toUpperCase();
    const method: TrieMethod = (KNOWN_METHODS.has(rawMethod) ? rawMethod : 'GET') as TrieMethod;
    const q = uri.indexOf('?');
    const rawPath = q < 0 ? uri : uri.substring(0, q);
    const query = new Map<string, string>();
    const simpleCtx = new RequestRenderContext(query, req.headers);
    let rendered: Rendered;
    try {
      if (q >= 0) decodeQueryString(uri, q + 1, query);
      rendered = await this.run(req, method, uri, rawPath, query, body, simpleCtx);
    } catch (err) {
      // an error that escaped `run` is rendered as for a request not yet parsed
      simpleCtx.request = undefined;
      rendered = this.errorResponse(simpleCtx, err, rawPath);
    }
    await this.send(req, res, method, rendered);
  }

  private async run(
    req: IncomingMessage,
    method: TrieMethod,
    uri: string,
    rawPath: string,
    query: Map<string, string>,
    body: Buffer | undefined,
    simpleCtx: RequestRenderContext,
  ): Promise<Rendered> {
    // a loaded route answers at once; only a placeholder or no match waits for the route table
    let match = this.retrieve(method, rawPath);
    if (match === undefined || (this.source !== undefined && this.source.pending(match.value.route))) match = await this.resolve(method, rawPath);
    if (!match) {
      if (method === 'OPTIONS') return renderText(200, '');
      return renderText(400, `No handler found for uri [${uri}] and method [${method}]`);
    }
    const hasContent = body !== undefined && body.length > 0;
    let bodyType: XContentType | undefined;
    let plainTextBody = false;
    if (hasContent) {
      const header = simpleCtx.header('content-type');
      bodyType = fromContentTypeHeader(header) ?? sniffContentType(body);
      if (bodyType === undefined && match.value.route.plainText === true) {
        plainTextBody = true;
      } else if (bodyType === undefined || bodyType === 'smile' || bodyType === 'cbor') {
        return renderSimpleError(
          406,
          header === undefined ? 'Content-Type header is missing' : `Content-Type header [${header}] is not supported`,
        );
      }
    }
    const request = new EsRestRequest({
      method: method as HttpMethod,
      uri,
      rawPath,
      path: decodeComponent(rawPath),
      pathParams: match.params,
      query,
      headers: req.headers,
      body,
    });
    // from here on, answers (and errors) are rendered for the parsed request
    simpleCtx.request = request;
    const ctx = simpleCtx;
    try {
      if (match.value.route.anyParams !== true) {
        const unknown = checkUnrecognized(request.path, query.keys(), match.value.allowed);
        if (unknown) throw unknown;
      }
      let response = await match.value.route.handler(request);
      if (plainTextBody) response = withLeadingWarning(response, PLAIN_TEXT_DEPRECATED);
      return renderResponse(ctx, response);
    } catch (err) {
      return this.errorResponse(ctx, err, rawPath);
    }
  }

  private errorResponse(ctx: RenderContext, err: unknown, rawPath: string): Rendered {
    const rendered = renderError(ctx, err);
    if (rendered.status >= 500) this.logger?.warn({ err, path: rawPath }, 'request failed');
    else this.logger?.debug({ err, path: rawPath }, 'request failed');
    return rendered;
  }

  private async send(req: IncomingMessage, res: ServerResponse, method: TrieMethod, r: Rendered): Promise<void> {
    if (res.headersSent || res.destroyed) return;
    let body: string | Buffer = r.body;
    let length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    const headers: Record<string, string | string[]> = { ...r.headers, 'content-type': r.contentType };
    if (this.cors) Object.assign(headers, corsResponseHeaders(this.cors, req.headers));
    // Netty's compressor passes HEAD answers and empty bodies through; Strata also small ones (compression.ts)
    const encoding = this.compression && method !== 'HEAD' && length >= MIN_COMPRESSED_BYTES ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    try {
      if (encoding !== undefined && this.compression) {
        body = await compressBody(typeof body === 'string' ? Buffer.from(body) : body, encoding, this.compression.level);
        length = body.length;
        headers['content-encoding'] = encoding;
        if (res.headersSent || res.destroyed) return;
      }
      headers['content-length'] = String(length);
      res.writeHead(r.status, headers);
      if (method === 'HEAD') res.end();
      else res.end(body);
    } catch (err) {
      this.logger?.error({ err }, 'failed to send response');
      res.destroy();
    }
  }
}
