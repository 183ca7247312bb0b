/**
 * restify's own `Server` (with its `Router`), built the way `restify.createServer` builds it,
 * without the two costs of `import 'restify'` that Strata does not use:
 * - restify's `index.js` also loads its plugin bundle (`restify.plugins`: body parser, static
 *   files, throttling, ... about 260 modules, 0.4–0.7 s and ~15 MB at start on a 2-core
 *   machine); Strata parses and renders in api/rest/ and hands every request over in restify's
 *   `first` chain, so no plugin ever runs;
 * - restify's `server.js` requires `spdy` unconditionally, for its `spdy` option only, and
 *   spdy's `http-deceiver` calls `process.binding('http_parser')` when it is loaded, which
 *   prints Node's DEP0111 warning twice on every start. Here `spdy` is a stand-in in the CommonJS
 *   module cache (Node documents `require.cache` entries as replaceable) that loads the real
 *   spdy, and puts it in the cache, the first time anything touches it: restify with its
 *   `spdy` option, or any other code of the process, still gets the real module.
 * Nothing in node_modules is changed. docs/benchmarks.md "Start and footprint" has the figures.
 */
import { createRequire } from 'node:module';
import { deferModule } from '../lib/units/deferred-module.js';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';

/** The parts of restify's Server that api/server.ts uses. */
export interface RestifyServer {
  first(handler: (req: IncomingMessage, res: ServerResponse) => boolean): void;
  server: HttpServer;
  listen(port: number, host: string, cb: () => void): void;
  /** restify re-emits its http server's `error` (and other proxied events) on itself. */
  on(event: 'error', listener: (err: Error) => void): void;
  once(event: 'error', listener: (err: Error) => void): void;
  off(event: 'error', listener: (err: Error) => void): void;
  close(cb?: () => void): void;
  address(): { address: string; port: number };
}

type RestifyCtor = new (opts: Record<string, unknown>) => unknown;

/** Replace restify's `spdy` in the module cache by a stand-in that loads it when first touched. */
function deferSpdy(fromRestify: NodeJS.Require): void {
  // spdy exports an object: the stand-in is a proxy reading through to the real one
  deferModule(fromRestify, 'spdy', (load) => new Proxy(Object.create(null) as object, {
    get: (_t, key) => Reflect.get(load() as object, key) as unknown,
    has: (_t, key) => Reflect.has(load() as object, key),
  }));
}

/**
 * A restify server as `restify.createServer({name, handleUncaughtExceptions: false, log})`
 * returns it (restify 11 `lib/index.js`): a `Router` over the same options, then the `Server`.
 */
export function createRestifyServer(opts: { name: string; log: object }): RestifyServer {
  const fromHere = createRequire(import.meta.url);
  const fromRestify = createRequire(fromHere.resolve('restify'));
  deferSpdy(fromRestify);
  const Server = fromRestify('./server') as RestifyCtor;
  const Router = fromRestify('./router') as RestifyCtor;
  const options: Record<string, unknown> = { name: opts.name, log: opts.log, handleUncaughtExceptions: false };
  options['router'] = new Router(options);
  return new Server(options) as RestifyServer;
}
