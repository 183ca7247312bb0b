/**
 * The node's routes with each group loaded when a request first needs it. Until then a group
 * is stood in for by placeholders built from route-table.ts (methods and paths only), so the
 * dispatcher can tell which group a request belongs to; the group's real routes (handlers,
 * declared parameters, plain-text and any-parameter flags) replace them once it is loaded.
 * The table must hold every route (test/api/route-table.test.ts): a route it lacks could be
 * shadowed by another group's wildcard placeholder. Extra entries are harmless (a group loaded
 * for nothing, and the path matched again), and a path it places nowhere loads every group
 * before it is refused (api/rest/dispatcher.ts `resolve`).
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import type { RouteSource } from '../rest/dispatcher.js';
import { ROUTE_GROUPS } from './index.js';
import { ROUTE_TABLE, type RouteTableEntry } from './route-table.js';

const notLoaded = (): never => {
  throw new Error('a placeholder route ran: the dispatcher loads its group first');
};

/**
 * Requests wait for `wait()` before their handler runs, but those of the `exempt` groups: the
 * node opens its indices after it listens (lib/node.ts), and index requests wait for them.
 */
export interface RouteGate {
  /** What to wait for; undefined once the gate is open (no promise, no microtask turn per request). */
  wait(): Promise<void> | undefined;
  exempt: ReadonlySet<string>;
}

/** `route` with its handler run once the gate opens. */
function gated(route: RouteDef, gate: RouteGate): RouteDef {
  const handler = route.handler;
  return {
    ...route,
    handler: (req) => {
      const waiting = gate.wait();
      return waiting === undefined ? handler(req) : waiting.then(() => handler(req));
    },
  };
}

/** One node's routes, its groups loaded on demand (per node: nothing is shared between nodes). */
export class LazyRoutes implements RouteSource {
  private readonly loaded = new Map<string, RouteDef[]>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly placeholders = new Map<string, RouteDef[]>();
  private readonly groupOf = new WeakMap<RouteDef, string>();
  private changes = 0;

  constructor(
    private readonly ctx: NodeContext,
    table: readonly RouteTableEntry[] = ROUTE_TABLE,
    private readonly gate?: RouteGate,
    /**
     * Other first-use imports the routes need (the script compilers, the shard engine and
     * mapper): loaded by {@link warm} before the groups, and by {@link loadAll} with them.
     */
    private readonly extras: ReadonlyArray<() => Promise<void>> = [],
  ) {
    for (const [group, methods, paths] of table) {
      const route: RouteDef = { methods: [...methods], paths: [...paths], params: [], handler: notLoaded };
      this.groupOf.set(route, group);
      let list = this.placeholders.get(group);
      if (!list) this.placeholders.set(group, (list = []));
      list.push(route);
    }
  }

  get version(): number {
    return this.changes;
  }

  current(): RouteDef[] {
    const routes: RouteDef[] = [];
    for (const [group] of ROUTE_GROUPS) routes.push(...(this.loaded.get(group) ?? this.placeholders.get(group) ?? []));
    return routes;
  }

  pending(route: RouteDef): boolean {
    return this.groupOf.has(route);
  }

  load(route: RouteDef): Promise<void> {
    const group = this.groupOf.get(route);
    return group === undefined ? Promise.resolve() : this.loadGroup(group);
  }

  async loadAll(): Promise<boolean> {
    const missing = ROUTE_GROUPS.filter(([group]) => !this.loaded.has(group));
    await Promise.all([...this.extras.map((load) => load()), ...missing.map(([group]) => this.loadGroup(group))]);
    return missing.length > 0;
  }

  /** Load `group` now (the node loads the banner's group before it listens: nearly every first request is `GET /`). */
  async preload(group: string): Promise<void> {
    await this.loadGroup(group);
  }

  /**
   * Load the remaining groups in the background, starting after `delayMs` and one group per turn
   * of the event loop: importing a group is a synchronous chunk of module evaluation (tens of ms
   * for the larger ones), better paid at idle just after start than by the first request that
   * needs it while other requests wait behind it. The extras of the constructor come first.
   */
  warm(delayMs: number): void {
    const steps: Array<() => Promise<void>> = [...this.extras, ...ROUTE_GROUPS.map(([group]) => () => this.loadGroup(group))];
    const next = (i: number): void => {
      const step = steps[i];
      if (!step) return;
      const go = (): void => void step().then(
        () => setTimeout(() => next(i + 1), 10).unref(),
        () => undefined, // a failed import is retried by the first request that needs it
      );
      go();
    };
    setTimeout(() => next(0), delayMs).unref();
  }

  /** The group names loaded so far (tests, `--trace` of start). */
  loadedGroups(): string[] {
    return [...this.loaded.keys()];
  }

  private loadGroup(group: string): Promise<void> {
    let p = this.loading.get(group);
    if (p === undefined) {
      const entry = ROUTE_GROUPS.find(([name]) => name === group);
      p = entry
        ? entry[1]().then((factory) => {
            const gate = this.gate;
            const routes = factory(this.ctx);
            this.loaded.set(group, gate === undefined || gate.exempt.has(group) ? routes : routes.map((r) => gated(r, gate)));
            this.changes++;
          })
        : Promise.resolve();
      // A failed import is retried by the next request rather than remembered.
      p.catch(() => this.loading.delete(group));
      this.loading.set(group, p);
    }
    return p;
  }
}
