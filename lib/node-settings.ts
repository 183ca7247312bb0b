/**
 * The node settings `bin/strata` takes (`-E key=value` and the YAML config), checked at startup
 * as ES 5.6's `SettingsModule` checks `elasticsearch.yml`: a setting nobody registered stops the
 * node with `unknown setting [x] ...` (with ES's "did you mean" suggestions), and index-level
 * settings are refused outright. Part of the process-entry layer (it borrows the REST layer's
 * Levenshtein distance, one home for it).
 *
 * Three kinds of names are accepted:
 * - settings Strata reads and applies (APPLIED);
 * - ES settings that cannot change anything on a single node without a transport layer
 *   (NO_EFFECT, e.g. `bootstrap.memory_lock`, `transport.tcp.port`); only the values that keep
 *   the node a single all-roles node are taken;
 * and ES settings Strata knows but does not apply are refused by name (NOT_BUILT) rather than
 * accepted and ignored.
 */
import { levensteinDistance } from '../api/rest/params.js';

/** Node settings Strata reads (see the modules named). */
const APPLIED = [
  'cluster.name', 'node.name', 'path.data', 'path.home', 'path.conf', 'path.scripts', 'network.host', 'http.host', 'http.bind_host',
  'http.port', 'logger.level',
  // api/server.ts, api/rest/cors.ts, api/rest/compression.ts
  'http.cors.enabled', 'http.cors.allow-origin', 'http.cors.allow-methods', 'http.cors.allow-headers', 'http.cors.allow-credentials',
  'http.cors.max-age', 'http.compression', 'http.compression_level', 'http.max_content_length',
  // lib/action/bulk/auto-create.ts
  'action.auto_create_index',
  // lib/action/reindex/remote-info.ts
  'reindex.remote.whitelist',
  // lib/script
  'script.inline', 'script.stored', 'script.file', 'script.search', 'script.update', 'script.aggs', 'script.ingest',
  'script.max_compilations_per_minute', 'script.cache.max_size', 'script.painless.regex.enabled',
  // lib/node.ts -> lib/search/clause-limit.ts
  'indices.query.bool.max_clause_count',
  // lib/node.ts -> lib/search/service/request-cache.ts, lib/search/query-cache.ts
  'indices.requests.cache.size', 'indices.queries.cache.size', 'indices.queries.cache.count',
  // lib/node.ts -> lib/indices/indexing-memory.ts
  'indices.memory.index_buffer_size', 'indices.memory.min_index_buffer_size', 'indices.memory.max_index_buffer_size',
  'indices.memory.shard_inactive_time',
  // lib/embedded/reset-setting.ts (Strata's own)
  'strata.reset.enabled',
  // lib/cluster/coordination/cluster-settings.ts (Strata's own: the etcd members; turns cluster mode on)
  'discovery.etcd.endpoints', 'discovery.etcd.lease_ttl',
];

/** ES settings that take effect in cluster mode (`discovery.etcd.endpoints` set); on a single node they are NO_EFFECT ones. */
const CLUSTER_APPLIED = ['node.master', 'node.data', 'transport.tcp.port', 'transport.host', 'transport.bind_host'];

/** Prefixes of group settings Strata reads (`script.engine.painless.inline.search`, ...). */
const APPLIED_PREFIXES = ['script.engine.', 'node.attr.'];

/** Settings with no consequence on one node, and the values that keep it so (undefined: any). */
const NO_EFFECT = new Map<string, readonly string[] | undefined>([
  ['bootstrap.memory_lock', undefined],
  ['bootstrap.system_call_filter', undefined],
  ['bootstrap.seccomp', undefined],
  ['node.master', ['true']],
  ['node.data', ['true']],
  ['node.ingest', ['true']],
  ['node.max_local_storage_nodes', undefined],
  ['http.enabled', ['true']],
  ['discovery.type', ['single-node', 'zen']],
  ['discovery.zen.minimum_master_nodes', ['-1', '1']],
  ['transport.tcp.port', undefined],
  ['transport.host', undefined],
  ['transport.bind_host', undefined],
  ['transport.publish_host', undefined],
]);

/** ES 5.6 node settings Strata does not apply yet: refused by name, never ignored. */
const NOT_BUILT = [
  'path.logs', 'path.repo', 'path.shared_data', 'network.bind_host', 'network.publish_host', 'http.publish_host', 'http.publish_port',
  'http.max_initial_line_length', 'http.max_header_size', 'http.detailed_errors.enabled', 'http.pipelining', 'http.pipelining.max_events',
  'http.reset_cookies', 'discovery.zen.ping.unicast.hosts', 'action.destructive_requires_name', 'script.max_size_in_bytes',
  'script.cache.expire', 'script.auto_reload_enabled', 'script.legacy.default_lang',
  // dynamic cluster settings Strata reads only from the cluster state (PUT /_cluster/settings)
  'search.default_search_timeout', 'search.low_level_cancellation', 'action.search.shard_count.limit',
];
const NOT_BUILT_PREFIXES = ['logger.', 'cluster.routing.', 'thread_pool.', 'indices.', 'xpack.'];

/** Every name a suggestion may point at. */
const SUGGESTABLE = [...APPLIED, ...NO_EFFECT.keys()];

/** Why a node setting is refused, or undefined when it is taken. */
export function nodeSettingError(key: string, value: string, clusterMode = false): string | undefined {
  if (clusterMode && CLUSTER_APPLIED.includes(key)) return undefined;
  if (APPLIED.includes(key) || APPLIED_PREFIXES.some((p) => key.startsWith(p))) return undefined;
  if (NO_EFFECT.has(key)) {
    const allowed = NO_EFFECT.get(key);
    if (allowed === undefined || allowed.includes(value)) return undefined;
    return `setting [${key}] with value [${value}] is not supported by Strata yet (a Strata node is a single node with every role unless [discovery.etcd.endpoints] is set)`;
  }
  if (NOT_BUILT.includes(key) || NOT_BUILT_PREFIXES.some((p) => key.startsWith(p) && key !== p)) {
    const hint = key.startsWith('search.') || key.startsWith('action.search') ? ' as a node setting (set it with PUT /_cluster/settings)' : '';
    return `[${key}] is not supported by Strata yet${hint}`;
  }
  // ES AbstractScopedSettings#validate: keys more than 70% similar, most similar first.
  const scored = SUGGESTABLE.map((k) => ({ k, d: levensteinDistance(key, k) }))
    .filter((s) => s.d > 0.7)
    .sort((a, b) => b.d - a.d);
  if (scored.length === 1) return `unknown setting [${key}] did you mean [${scored[0]!.k}]?`;
  if (scored.length > 1) return `unknown setting [${key}] did you mean any of [${scored.map((s) => s.k).join(', ')}]?`;
  return `unknown setting [${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`;
}

/**
 * Check node settings before the node starts.
 * @returns the message to stop with, or undefined when every setting is taken
 */
export function validateNodeSettings(settings: Readonly<Record<string, string>>): string | undefined {
  const keys = Object.keys(settings);
  const indexLevel = keys.filter((k) => k.startsWith('index.'));
  if (indexLevel.length > 0) {
    // ES 5 SettingsModule: index settings cannot be node defaults any more (use templates).
    return (
      'Found index level settings on node level configuration.\n\n' +
      'Since elasticsearch 5.x index level settings can NOT be set on the nodes \n' +
      'configuration like the elasticsearch.yaml, in system properties or command line \n' +
      'arguments. Indices created in the future should use index templates \n' +
      `to set default values. Index level settings found: [${indexLevel.sort().join(', ')}]`
    );
  }
  for (const k of keys.sort()) {
    const err = nodeSettingError(k, settings[k]!, (settings['discovery.etcd.endpoints'] ?? '') !== '');
    if (err) return err;
  }
  return undefined;
}
