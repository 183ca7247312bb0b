/**
 * Route groups load when a request first needs them (api/routes/lazy-routes.ts): the committed
 * route table matches the route modules, a fresh node has loaded only the groups its requests
 * needed, and an empty table or one with wrong entries changes what is loaded, never the answer
 * (a table lacking a route is the one stale case that can misroute: the first test guards it).
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { generateRouteTable, ROUTE_TABLE_FILE } from '../../scripts/route-table.js';
import { LazyRoutes } from '../../api/routes/lazy-routes.js';
import { Dispatcher } from '../../api/rest/dispatcher.js';
import { ROUTE_GROUPS } from '../../api/routes/index.js';
import { startTestNode, request } from '../helpers/node.js';

test('api/routes/route-table.ts is current (else: node dist/scripts/route-table.js --write)', async (t) => {
  t.is(readFileSync(ROUTE_TABLE_FILE, 'utf8'), await generateRouteTable());
});

test('a fresh node loads a route group only when a request needs it', async (t) => {
  const n = await startTestNode({ warmRoutes: false });
  try {
    const routes = { loadedGroups: () => n.node.routeGroupsLoaded() };
    // the banner's group is loaded before the node listens
    t.deepEqual(routes.loadedGroups(), ['cluster']);
    t.is((await n.request('GET', '/')).status, 200);
    t.deepEqual(routes.loadedGroups(), ['cluster']);
    t.is((await n.request('HEAD', '/')).status, 200);
    t.is((await n.request('PUT', '/one')).status, 200);
    t.deepEqual(routes.loadedGroups().sort(), ['cluster', 'indices']);
    // the real route's declared parameters apply once its group is loaded
    const bad = await n.request('GET', '/_cluster/health?nonsense=1');
    t.is(bad.status, 400);
    t.is(bad.body.error.reason, 'request [/_cluster/health] contains unrecognized parameter: [nonsense]');
    // a path no route has loads every group before it is refused, as ES refuses it
    const none = await n.request('GET', '/_nothing/here/at/all');
    t.is(none.status, 400);
    t.is(none.text, 'No handler found for uri [/_nothing/here/at/all] and method [GET]');
    t.true(routes.loadedGroups().includes('search'));
  } finally {
    await n.close();
  }
});

test('an empty route table, or one with wrong entries, still routes every request', async (t) => {
  const n = await startTestNode();
  try {
    const ctx = n.node.context;
    t.is((await n.request('GET', '/')).body.tagline, 'You Know, for Search');
    const { createServer } = await import('node:http');
    for (const table of [[], [['search', ['GET'], ['/']], ['cluster', ['GET'], ['/_no_such_route']]]] as const) {
      const dispatcher = new Dispatcher({ source: new LazyRoutes(ctx, table as never) });
      const server = createServer((req, res) => dispatcher.handle(req, res));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      try {
        for (const path of ['/', '/_no_such_route', '/_cluster/health', '/missing/_search', '/_nothing/here/at/all', '/_cat/indices?nonsense']) {
          const expected = await n.request('GET', path);
          const got = await request(base, 'GET', path);
          t.is(got.status, expected.status, path);
          t.is(got.text, expected.text, path);
        }
      } finally {
        await new Promise((r) => server.close(r));
      }
    }
  } finally {
    await n.close();
  }
});

test('a node loads the groups no request needed in the background after start', async (t) => {
  const n = await startTestNode();
  try {
    t.deepEqual(n.node.routeGroupsLoaded(), ['cluster']);
    const deadline = Date.now() + 20_000;
    while (n.node.routeGroupsLoaded().length < ROUTE_GROUPS.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    t.deepEqual(n.node.routeGroupsLoaded().sort(), ROUTE_GROUPS.map(([g]) => g).sort());
  } finally {
    await n.close();
  }
});

test('a gated route runs once its gate opens, and at once (no promise) while the gate answers it is open', async (t) => {
  const n = await startTestNode({ warmRoutes: false });
  try {
    let open = false;
    let release: () => void = () => undefined;
    const gate = {
      wait: (): Promise<void> | undefined => (open ? undefined : new Promise<void>((r) => (release = () => ((open = true), r())))),
      exempt: new Set<string>(),
    };
    const dispatcher = new Dispatcher({ source: new LazyRoutes(n.node.context, undefined, gate) });
    const answer = (): { done: Promise<number>; status: () => number | undefined } => {
      let status: number | undefined;
      const res = {
        headersSent: false,
        destroyed: false,
        writeHead(s: number) {
          status = s;
        },
        end() {},
      };
      const done = dispatcher.dispatch({ url: '/', method: 'GET', headers: {} } as never, res as never, undefined).then(() => status ?? -1);
      return { done, status: () => status };
    };
    const first = answer();
    await new Promise((r) => setTimeout(r, 50));
    t.is(first.status(), undefined, 'the handler waits for the gate');
    release();
    t.is(await first.done, 200);
    // open: the gate gives no promise and the route group is loaded, so the answer is written
    // within the dispatch's own microtasks (before a timer could run)
    const second = answer();
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    t.is(await second.done, 200);
    t.false(timerRan);
  } finally {
    await n.close();
  }
});
