/**
 * The HTTP server: restify 11 as the container (its Server and Router, see restify-server.ts) (listen, keep-alive, socket handling), with
 * every request handed to the ES-style {@link Dispatcher} from restify's `first` chain. Going
 * through `first` skips restify's router, request decoration and response formatters: ES
 * routing precedence, parameter checks and byte-exact rendering all live in api/rest/, and the
 * per-request overhead stays minimal (the server is benchmarked). See docs/rest.md.
 * `close()` drains: it stops accepting connections, closes idle keep-alive connections, lets
 * the requests in flight finish (answered with `connection: close`) for up to
 * `drainTimeoutMs`, and only then destroys what is left.
 */
import type { IncomingMessage, ServerResponse, Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import type { RouteDef } from './types.js';
import { Dispatcher, type Logger, type RouteSource } from './rest/dispatcher.js';
import type { CorsConfig } from './rest/cors.js';
import type { CompressionConfig } from './rest/compression.js';
import { createRestifyServer } from './restify-server.js';

export interface HttpServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Routes known up front, or `source` for groups loaded on demand (api/routes/lazy-routes.ts). */
  routes?: RouteDef[];
  source?: RouteSource;
  logger: Logger;
  /** ES `http.max_content_length` (default 100mb). */
  maxContentLength?: number;
  /** `http.cors.*` (api/rest/cors.ts); undefined: CORS disabled. */
  cors?: CorsConfig;
  /** `http.compression*` (api/rest/compression.ts); undefined: no compression. */
  compression?: CompressionConfig;
  /** How long `close()` waits for requests in flight (default 30 s). */
  drainTimeoutMs?: number;
}

export interface StrataHttpServer {
  listen(): Promise<{ host: string; port: number }>;
  close(): Promise<void>;
  /** Open HTTP connections now and since start (ES `HttpStats`, for `_nodes/stats/http`). */
  connections(): { currentOpen: number; totalOpened: number };
}

/** Create the server; nothing listens until `listen()`. */
export function createHttpServer(opts: HttpServerOptions): StrataHttpServer {
  const dispatcher = new Dispatcher({
    ...(opts.routes !== undefined ? { routes: opts.routes } : {}),
    ...(opts.source !== undefined ? { source: opts.source } : {}),
    logger: opts.logger,
    ...(opts.maxContentLength !== undefined ? { maxContentLength: opts.maxContentLength } : {}),
    ...(opts.cors !== undefined ? { cors: opts.cors } : {}),
    ...(opts.compression !== undefined ? { compression: opts.compression } : {}),
  });
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let drained: (() => void) | undefined;
  // one listener for every response ('close' comes once), not a closure per request
  function onResponseClose(this: ServerResponse): void {
    inFlight.delete(this);
    if (inFlight.size === 0) drained?.();
  }
  const server = createRestifyServer({ name: 'strata', log: opts.logger });
  server.first((req, res) => {
    res.sendDate = false; // ES sends no Date header
    inFlight.add(res);
    res.on('close', onResponseClose);
    // While draining, every answer ends its connection so keep-alive clients go away.
    if (draining) res.setHeader('connection', 'close');
    dispatcher.handle(req, res);
    return false;
  });
  const http = server.server;
  // Keep connections open between requests like ES's Netty transport does.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  http.requestTimeout = 0;
  const sockets = new Set<Socket>();
  let totalOpened = 0;
  http.on('connection', (socket: Socket) => {
    totalOpened++;
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
  });
  // Malformed HTTP must never take the process down: answer 400 and drop the connection.
  http.on('clientError', (err: Error & { code?: string }, socket: Socket) => {
    opts.logger.debug({ err }, 'malformed HTTP request');
    if (socket.writable && err.code !== 'ECONNRESET') {
      socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    } else {
      socket.destroy();
    }
  });

  return {
    connections: () => ({ currentOpen: sockets.size, totalOpened }),
    listen: () =>
      new Promise((resolve, reject) => {
        // restify re-emits its http server's errors on itself ('error' is one of its proxied
        // events): a bind failure (EADDRINUSE) is taken on both, or restify's emit of it, with no
        // listener, throws and kills the process with a stack trace instead of the node's error
        const onError = (err: Error): void => {
          http.off('error', onError);
          server.off('error', onError);
          reject(err);
        };
        http.once('error', onError);
        server.once('error', onError);
        server.listen(opts.port, opts.host, () => {
          http.off('error', onError);
          server.off('error', onError);
          // later server errors (EMFILE on accept) are logged; they must not end the node
          server.on('error', (err: Error) => opts.logger.error({ err }, 'http server error'));
          const addr = server.address();
          opts.logger.info({ host: addr.address, port: addr.port }, 'http server listening');
          resolve({ host: addr.address, port: addr.port });
        });
      }),
    close: async () => {
      draining = true;
      // Answers still to be written end their connection too.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      // Stop accepting; Node also closes the keep-alive connections that sit idle.
      if (http.listening) http.close();
      http.closeIdleConnections();
      if (inFlight.size > 0) {
        const bound = opts.drainTimeoutMs ?? 30_000;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, bound);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (inFlight.size > 0) opts.logger.warn({ inFlight: inFlight.size, boundMs: bound }, 'requests still in flight after the drain bound; closing them');
      }
      for (const s of sockets) s.destroy();
    },
  };
}
