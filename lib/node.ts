/**
 * A Strata node: one process's data directory, cluster state, open indices and HTTP endpoint.
 * `startNode` is what `bin/strata` and the tests call.
 */
import { randomBase64Id } from './units/random-id.js';
import { join } from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import type Bunyan from 'bunyan';
import bunyan from './logger/bunyan.js';
import { StateStore } from './cluster/state-store.js';
import { ClusterService } from './cluster/cluster-service.js';
import { emptyState, type ClusterState } from './cluster/state.js';
import { IndicesService } from './indices/indices-service.js';
import { warmShardParts } from './indices/index-service.js';
import type { ScriptService } from './script/script-service.js';
import { queryCacheBytes, queryCacheCount } from './search/query-cache.js';
import { requestCacheBytes } from './search/service/request-cache.js';
import { indexBufferBudget, shardInactiveTimeMs } from './indices/indexing-memory.js';
import { applyDynamicUpdate } from './indices/mapping-update.js';
import { shardClientModeFromEnv, type ShardClientMode } from './indices/shard-client.js';
import { createHttpServer } from '../api/server.js';
import { corsConfigFrom } from '../api/rest/cors.js';
import { compressionConfigFrom } from '../api/rest/compression.js';
import { LazyRoutes } from '../api/routes/lazy-routes.js';
import type { NodeContext } from './action/context.js';
import { createScriptService } from './action/scripts/node-script-service.js';
import { NodeRuntime } from './action/nodes/node-runtime.js';
import { nodeAttributes } from './action/nodes/node-identity.js';
import { parseBytesSizeValue } from './units/byte-size-value.js';
import { DEFAULT_MAX_CLAUSE_COUNT } from './search/clause-limit.js';
import { EsError } from './errors/errors.js';
import { LazyShardSearchService } from './search/service/lazy-shard-service.js';
import { searchClientThrough } from './messages/client-modes.js';
import { resetEnabled } from './embedded/reset-setting.js';
import { DISK_VOLUME, MemoryVolume, type StoreVolume } from '../storage/store-volume.js';
import { clusterModeSettings } from './cluster/coordination/cluster-settings.js';
import type { RoutingDeps } from './transport/routed-clients.js';
import type { TransportFaults } from './transport/fault-injection.js';
import type { ActionHandler } from './transport/actions.js';

export interface StartNodeOptions {
  /** The data directory; required unless `memory` is set, and refused with it. */
  dataPath?: string;
  /**
   * Keep every shard and the cluster state in memory (storage/store-volume.ts `MemoryVolume`):
   * nothing is read from or written to a data directory, and all data is gone at `close()`.
   */
  memory?: boolean;
  host?: string;
  port?: number;
  /** Node settings in ES's flat form, e.g. `{'node.name': 'n1', 'cluster.name': 'c'}`. */
  settings?: Record<string, string>;
  logLevel?: Bunyan.LogLevel;
  /** Log through this bunyan logger instead of a new one on stdout; `false` logs nothing. */
  logger?: Bunyan | false;
  /** How long `close()` lets in-flight HTTP requests finish (default 30 s). */
  drainTimeoutMs?: number;
  /** How the coordinator reaches the shards: `json` / `protobuf` send every shard message through that encoding (default: `STRATA_SHARD_CLIENT`, else `direct`). */
  shardClientMode?: ShardClientMode;
  /**
   * Load the REST route groups not yet used in the background once the node listens (default
   * true), so that no later request pays for importing its group while others wait; `false`
   * keeps them loading on first use only (tests of that loading).
   */
  warmRoutes?: boolean;
  /** Tests only, cluster mode: the node's outgoing transport messages pass through these rules (lib/transport/fault-injection.ts). */
  transportFaults?: TransportFaults;
}

export interface RunningNode {
  url: string;
  host: string;
  port: number;
  context: NodeContext;
  /** Where the node's stores live, and the directory of its index stores on that volume. */
  storage: { volume: StoreVolume; indicesPath: string };
  /** The REST route groups loaded so far: each loads when a request first needs it (api/routes/lazy-routes.ts). */
  routeGroupsLoaded(): string[];
  close(): Promise<void>;
}

/**
 * Route groups that answer while the indices of the data directory are still opening: the
 * banner, cluster health and state (which show the shards initializing) and node information.
 */
const UNGATED_ROUTE_GROUPS: ReadonlySet<string> = new Set(['cluster', 'nodes']);

/** The root of a memory node's store paths: never created, only names keys of its volume. */
const MEMORY_ROOT = '/(memory)';

async function loadOrCreateNodeId(stateDir: string): Promise<string> {
  const file = join(stateDir, 'node.id');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const id = randomBase64Id();
    await writeFile(file, id);
    return id;
  }
}

/**
 * `http.max_content_length` (default 100mb). As ES 5.6 `Netty4HttpServerTransport`, a value over
 * 2^31-1 bytes falls back to 100mb with a warning; a value that does not parse stops the node.
 */
function maxContentLength(settings: Record<string, string>, logger: Bunyan): number {
  const dflt = 100 * 1024 * 1024;
  const raw = settings['http.max_content_length'];
  if (raw === undefined) return dflt;
  const bytes = parseBytesSizeValue(raw, 'http.max_content_length').bytes;
  if (bytes > 2147483647) {
    logger.warn({ value: raw }, 'maxContentLength set to high value, resetting it to [100mb]');
    return dflt;
  }
  return bytes;
}

/**
 * `indices.query.bool.max_clause_count`: ES 5.6 `SearchModule` registers it as
 * `Setting.intSetting(..., 1024, 1, NodeScope)`; a bad value stops the node.
 */
function maxClauseCountSetting(settings: Record<string, string>): number {
  const key = 'indices.query.bool.max_clause_count';
  const raw = settings[key];
  if (raw === undefined) return DEFAULT_MAX_CLAUSE_COUNT;
  const n = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n > 2147483647) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${raw}] for setting [${key}]`);
  if (n < 1) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${raw}] for setting [${key}] must be >= 1`);
  return n;
}

/** What a gated request waits for: the script compilers loaded and the indices opened. */
async function scriptsAndIndices(scripts: ScriptService, indices: IndicesService): Promise<void> {
  await scripts.ready();
  await indices.settled();
}

/** How long after listening the node starts loading the route groups no request has needed yet. */
const WARM_ROUTES_AFTER_MS = 1000;

export async function startNode(opts: StartNodeOptions): Promise<RunningNode> {
  const settings = opts.settings ?? {};
  if (opts.memory && opts.dataPath !== undefined) throw new Error('startNode: [dataPath] and [memory: true] exclude each other');
  if (!opts.memory && opts.dataPath === undefined) throw new Error('startNode: [dataPath] is required unless [memory: true]');
  const logger =
    opts.logger ||
    bunyan.createLogger({
      name: 'strata',
      // Log thrown errors with their stack: the error body a client gets never carries a JS message.
      serializers: bunyan.stdSerializers,
      // `logger: false`: above FATAL, so nothing is written.
      level: opts.logger === false ? bunyan.FATAL + 1 : opts.logLevel ?? ((settings['logger.level'] as Bunyan.LogLevel | undefined) ?? 'info'),
    });
  // HTTP settings are checked before anything is opened, so a bad one leaves nothing behind.
  const cors = corsConfigFrom(settings);
  const compression = compressionConfigFrom(settings);
  const maxClauseCount = maxClauseCountSetting(settings);
  const inactiveTimeMs = shardInactiveTimeMs(settings);
  resetEnabled(settings);
  // ES: http.bind_host defaults to http.host, which defaults to network.host.
  const host = opts.host ?? settings['http.bind_host'] ?? settings['http.host'] ?? settings['network.host'] ?? '127.0.0.1';
  // cluster mode (docs/cluster.md) only with discovery.etcd.endpoints: otherwise nothing below touches etcd or a transport
  const clusterMode = clusterModeSettings(settings, host);
  const dataPath = opts.dataPath ?? MEMORY_ROOT;
  const volume: StoreVolume = opts.memory ? new MemoryVolume() : DISK_VOLUME;
  const nodeDir = join(dataPath, 'nodes', '0');
  const stateDir = join(nodeDir, '_state');
  await volume.prepare(stateDir);
  // A memory node is a new node every time: its id is never written down.
  const nodeId = opts.memory ? randomBase64Id() : await loadOrCreateNodeId(stateDir);
  // Loaded only in cluster mode (lib/cluster/coordination/cluster-mode-parts.ts).
  const parts = clusterMode ? await import('./cluster/coordination/cluster-mode-parts.js') : undefined;
  const coordination = clusterMode && parts ? await parts.EtcdCoordination.connect(clusterMode, randomBase64Id(), logger) : undefined;
  const store = coordination ? undefined : await StateStore.open(join(stateDir, 'cluster'), volume);
  const cluster = coordination?.cluster ?? new ClusterService((await store!.load()) ?? emptyState(randomBase64Id()), store!);
  const transportOpts = { stateVersion: () => cluster.state().version };
  const transportClient =
    coordination && parts
      ? opts.transportFaults
        ? new parts.FaultyTransportClient(transportOpts, nodeId, opts.transportFaults)
        : new parts.TransportClient(transportOpts)
      : undefined;
  const routing: RoutingDeps | undefined = transportClient && {
    nodeId,
    state: () => cluster.state(),
    transport: transportClient,
    whenVersion: (v, ms) => cluster.whenVersion(v, ms),
    nextSeed: roundRobin(),
  };
  const scripts = createScriptService(settings, cluster);
  // cluster mode: a primary's writes go to its replicas (lib/cluster/replication/)
  const replication = transportClient && parts && new parts.PrimaryReplication({ nodeId, cluster, transport: transportClient, logger });
  const shardClientMode = opts.shardClientMode ?? shardClientModeFromEnv();
  const indicesPath = join(nodeDir, 'indices');
  const indices = new IndicesService(indicesPath, logger, {
    scripts,
    volume,
    requestCacheBytes: requestCacheBytes(settings['indices.requests.cache.size']),
    queryCacheBytes: queryCacheBytes(settings['indices.queries.cache.size']),
    queryCacheCount: queryCacheCount(settings['indices.queries.cache.count']),
    indexBufferBytes: indexBufferBudget(settings),
    // ES 5.6: a shard with no write for `indices.memory.shard_inactive_time` is synced-flushed by its primary
    shardInactivity: { timeMs: inactiveTimeMs, onInactive: (index, shard) => void syncInactive(index, shard) },
    // through the master in cluster mode (`context` is complete before any document is parsed)
    updateMapping: (index, type, update) => applyDynamicUpdate(context, index, type, update),
    shardClientMode,
    ...(routing && parts
      ? {
          // the primaries and the STARTED replicas allocated here (an initializing replica's store is being copied)
          localShards: (meta) =>
            new Set((meta.routing ?? []).flatMap((a, s) => (a.node === nodeId || (a.replicas ?? []).some((r) => r.node === nodeId && r.state === 'STARTED') ? [s] : []))),
          ...(replication ? { replication } : {}),
          route: (local) => parts.routedShardHandler(local, routing),
        }
      : {}),
  });
  cluster.addListener((next) => indices.apply(next));
  const replicaSide = coordination && parts && new parts.ReplicaSide({ nodeId, cluster, indices, logger });
  const recoverySource =
    replication &&
    transportClient &&
    parts &&
    new parts.RecoverySource({ nodeId, cluster, indices, transport: transportClient, replication, logger, maxBytesPerSec: () => recoveryRate(cluster.state(), settings) });
  if (recoverySource) cluster.addListener(async (next) => recoverySource.onState(next));
  const syncedFlush = transportClient && parts && new parts.SyncedFlush({ nodeId, cluster, indices, transport: transportClient, ...(replication ? { replication } : {}) });
  /** The synced flush of a shard that turned inactive: by its primary in a cluster, in place on a single node; failures are logged only (ES). */
  async function syncInactive(index: string, shard: number): Promise<void> {
    try {
      const failed = syncedFlush
        ? await syncedFlush.onShardInactive(index, shard)
        : [await (await import('./action/indices/synced-flush.js')).syncInactiveShard({ indices }, index, shard)].filter((r): r is string => r !== undefined);
      if (failed === undefined) return; // a replica: its primary runs the synced flush
      if (failed.length > 0) logger.info(`[${index}][${shard}] shard is now inactive: synced flush: not every copy synced: ${failed.join('; ')}`);
      else logger.info(`[${index}][${shard}] shard is now inactive: synced flush done`);
    } catch (err) {
      logger.warn({ err }, `[${index}][${shard}] synced flush of the inactive shard failed`);
    }
  }
  // per-shard locks and finished recoveries of deleted indices are dropped
  if (replication) cluster.addListener(async (next) => replication.forgetRemoved(next));
  if (replicaSide) cluster.addListener(async (next) => replicaSide.forgetRemoved(next));
  // the master re-allocates delayed copies when their delay ends (index.unassigned.node_left.delayed_timeout)
  const delayedReroute = coordination && parts && new parts.DelayedReroute({ cluster, isMaster: () => coordination.isMaster, logger });
  if (delayedReroute) cluster.addListener(async (next) => delayedReroute.onState(next));
  // The indices on disk open in the background, after the node listens: with thousands of
  // shards that takes minutes, and ES too answers while its primaries are INITIALIZING (health
  // red, then green). Requests that reach indices wait for it (the gate of LazyRoutes below);
  // nothing is acknowledged before the shards it touches have replayed their op logs.
  let listening = (): void => undefined;
  let notListening = (_err: unknown): void => undefined;
  const listened = new Promise<void>((resolve, reject) => {
    listening = resolve;
    notListening = reject;
  });
  const opened = indices.apply(cluster.state(), listened); // the normalised state (null-prototype records)
  opened.catch((err: unknown) => {
    if (err !== listenError) logger.error({ err }, 'failed to open the indices of the data directory');
  });
  let listenError: unknown;

  const port = opts.port ?? Number(settings['http.port'] ?? 9200);
  const runtime = new NodeRuntime();
  const searchService = new LazyShardSearchService({
    indices,
    nodeId,
    scripts,
    maxClauseCount,
    logger,
    requestCache: indices.requestCache,
    tasks: runtime.tasks,
  });
  const context: NodeContext = {
    nodeId,
    nodeName: settings['node.name'] ?? nodeId.slice(0, 7),
    clusterName: settings['cluster.name'] ?? 'elasticsearch',
    settings,
    dataPath,
    logger,
    cluster,
    indices,
    searchShards: searchClientThrough(shardClientMode, routing && parts ? parts.routedSearchClient(searchService, routing) : searchService),
    scripts,
    maxClauseCount,
    startedAt: Date.now(),
    attributes: nodeAttributes(settings),
    runtime,
    transportAddress: { host, port: 9300 },
    httpAddress: { host, port },
    ...(transportClient && parts ? { remote: parts.remoteNodes(transportClient, () => cluster.state()) } : {}),
    ...(coordination ? { masterFence: () => coordination.masterFence() } : {}),
  };
  // Gated requests also wait for the script compilers, which load after the node listens.
  const routes = new LazyRoutes(context, undefined, { wait: () => (scripts.isReady() && indices.isSettled() ? undefined : scriptsAndIndices(scripts, indices)), exempt: UNGATED_ROUTE_GROUPS }, [() => scripts.ready(), warmShardParts]);
  await routes.preload('cluster');
  const server = createHttpServer({
    host,
    port,
    source: routes,
    logger,
    ...(cors ? { cors } : {}),
    ...(compression ? { compression } : {}),
    ...(opts.drainTimeoutMs !== undefined ? { drainTimeoutMs: opts.drainTimeoutMs } : {}),
    maxContentLength: maxContentLength(settings, logger),
  });
  // Shard requests from other nodes do not pass the route gate: the compilers load first.
  if (clusterMode) await scripts.ready();
  const transport =
    clusterMode &&
    parts &&
    (await parts.TransportServer.listen({
      host: clusterMode.transportHost,
      port: clusterMode.transportPort,
      actions: parts.localActions(
        indices.host,
        searchService,
        new Map([
          ...parts.nodeLevelActions(context).map(([name, run]): [string, ActionHandler] => [name, parts.valueAction(run)]),
          [parts.MASTER_TASK_ACTION, parts.valueAction(parts.masterTaskHandler(context, parts.masterTasks()))],
          [parts.STATE_APPLIED_ACTION, parts.valueAction(parts.stateAppliedHandler(cluster))],
          ...(replicaSide ? replicaSide.actions() : []),
          ...(syncedFlush ? syncedFlush.actions() : []),
        ]),
      ),
      // a request routed with a newer state waits (bounded) until this node has applied it and opened its shards
      awaitStateVersion: (v) => cluster.whenVersion(v, 10_000),
      logger,
    }));
  if (transport) context.transportAddress = transport.address;
  const bound = await server.listen().catch((err: unknown) => {
    // Nothing was opened: the shards open only once the node listens.
    listenError = err;
    notListening(err);
    throw err;
  });
  // One turn of the event loop for the first requests before the shards start opening.
  setImmediate(listening);
  // The script compilers load with the first gated request or with the warm-up, whichever is first.
  if (opts.warmRoutes !== false) routes.warm(WARM_ROUTES_AFTER_MS);
  context.httpAddress = bound;
  if (coordination && clusterMode) {
    await coordination.join({
      id: nodeId,
      name: context.nodeName,
      host: transport ? transport.address.host : bound.host,
      transportPort: context.transportAddress.port,
      httpPort: bound.port,
      master: clusterMode.master,
      data: clusterMode.data,
      attributes: Object.fromEntries(context.attributes),
    });
  }
  context.runtime.setHttpStats(() => server.connections());
  logger.info({ host: bound.host, port: bound.port, node: context.nodeName }, 'started');
  let closed = false;
  return {
    url: `http://${bound.host.includes(':') ? `[${bound.host}]` : bound.host}:${bound.port}`,
    host: bound.host,
    port: bound.port,
    context,
    storage: { volume, indicesPath },
    routeGroupsLoaded: () => routes.loadedGroups(),
    async close() {
      if (closed) return;
      closed = true;
      recoverySource?.close();
      delayedReroute?.close();
      await coordination?.close();
      await server.close();
      if (transport) await transport.close();
      transportClient?.close();
      context.runtime.close();
      searchService.close();
      await context.scripts.close();
      await replicaSide?.close();
      await indices.closeAll();
      await store?.close();
      logger.info('closed');
    },
  };
}

/** `indices.recovery.max_bytes_per_sec` (a dynamic cluster setting, else the node's; ES's default 40mb), in bytes. */
function recoveryRate(state: ClusterState, settings: Record<string, string>): number {
  const key = 'indices.recovery.max_bytes_per_sec';
  const raw = state.transientSettings[key] ?? state.persistentSettings[key] ?? settings[key] ?? '40mb';
  try {
    return Math.max(0, parseBytesSizeValue(raw, key).bytes);
  } catch {
    return 40 * 1024 * 1024;
  }
}

/** A node's round-robin counter over shard copies (ES `RotationShardShuffler`: starts at a random point). */
function roundRobin(): () => number {
  let n = Math.floor(Math.random() * 0x7fffffff);
  return () => (n = (n + 1) % 0x7fffffff);
}
