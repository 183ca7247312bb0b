/**
 * The index-level settings ES 5.6 knows, which of them are dynamic, and their validation
 * (`IndexScopedSettings`). Unknown keys are refused as ES refuses them; group settings
 * (`index.analysis.*`, `index.similarity.*`, ...) accept any sub-key.
 */
import { parseBytesSizeValue } from '../units/byte-size-value.js';
import { EsError } from '../errors/es-error.js';
import { illegalArgument } from '../errors/errors.js';
import type { Settings } from './settings.js';
import { parseTimeMs } from './time.js';
import { own } from '../dict.js';
import { parseEnableMode } from './allocation/deciders.js';
import { parseActiveShardCount } from '../action/active-shard-count.js';

interface SettingDef {
  dynamic: boolean;
  validate?: (value: string, key: string) => void;
  /** ES `Property.Deprecated`: accepted, with a deprecation warning. */
  deprecated?: true;
  /** The ES 5.6 default, as `include_defaults` shows it (only settings with a fixed default). */
  default?: string;
}

const intAtLeast = (min: number) => (v: string, key: string): void => {
  const n = Number(v);
  // Java's Integer.parseInt: digits only, and within the int range.
  if (!/^-?\d+$/.test(v.trim()) || n > 2147483647 || n < -2147483648) throw illegalArgument(`Failed to parse value [${v}] for setting [${key}]`);
  if (n < min) throw illegalArgument(`Failed to parse value [${v}] for setting [${key}] must be >= ${min}`);
};
const intBetween = (min: number, max: number) => (v: string, key: string): void => {
  intAtLeast(min)(v, key);
  if (Number(v) > max) throw illegalArgument(`Failed to parse value [${v}] for setting [${key}] must be <= ${max}`);
};
/** ES 5.6 `es.index.max_number_of_shards` (a JVM property, 1024 by default). */
const MAX_NUMBER_OF_SHARDS = 1024;
/**
 * Shard copies (primaries and replicas) one index may have. ES 5.6 has no such bound: it builds
 * one routing entry per copy, so `number_of_replicas: 2147483647` exhausts its heap. Strata
 * builds and renders the routing table on the event loop, where a billion entries froze the
 * node (the 1M fuzz run's stalls); this bound keeps the largest table at a few thousand entries
 * while allowing 1024 shards with 3 replicas.
 */
export const MAX_SHARD_COPIES = 4096;

/**
 * Refuse a replica count that would give an index more than MAX_SHARD_COPIES copies, with the
 * error ES gives for a setting above its maximum.
 */
export function checkShardCopies(settings: Settings, replicasText: string | null | undefined): void {
  if (replicasText === undefined || replicasText === null) return;
  const shards = Number(settings['index.number_of_shards'] ?? '5');
  const max = Math.floor(MAX_SHARD_COPIES / Math.max(1, shards)) - 1;
  if (Number(replicasText) > max) {
    throw illegalArgument(`Failed to parse value [${replicasText}] for setting [index.number_of_replicas] must be <= ${max}`);
  }
}
const bool = (v: string, key: string): void => {
  if (v !== 'true' && v !== 'false') {
    throw illegalArgument(`Failed to parse value [${v}] cannot be parsed to boolean [ true/1/on/yes OR false/0/off/no ]`);
  }
  void key;
};
const time = (v: string, key: string): void => {
  parseTimeMs(v, key);
};
const bytes = (v: string, key: string): void => {
  parseBytesSizeValue(v, key);
};

const EXACT: Record<string, SettingDef> = {
  'index.number_of_shards': { dynamic: false, validate: intBetween(1, MAX_NUMBER_OF_SHARDS) },
  'index.number_of_replicas': { dynamic: true, validate: intAtLeast(0) },
  'index.auto_expand_replicas': { dynamic: true, default: 'false' },
  'index.refresh_interval': { dynamic: true, validate: time, default: '1s' },
  'index.max_result_window': { dynamic: true, validate: intAtLeast(1), default: '10000' },
  'index.max_rescore_window': { dynamic: true, validate: intAtLeast(1), default: '10000' },
  'index.max_inner_result_window': { dynamic: true, validate: intAtLeast(1) },
  'index.max_refresh_listeners': { dynamic: true, validate: intAtLeast(0), default: '1000' },
  'index.max_slices_per_scroll': { dynamic: true, validate: intAtLeast(1), default: '1024' },
  // ES 6's `_analyze` token limit, accepted and enforced though 5.6 lacks it (docs/analysis.md).
  'index.analyze.max_token_count': { dynamic: true, validate: intAtLeast(1) },
  'index.max_adjacency_matrix_filters': { dynamic: true, validate: intAtLeast(1), default: '100' },
  'index.max_script_fields': { dynamic: true, validate: intAtLeast(0) },
  'index.mapping.total_fields.limit': { dynamic: true, validate: intAtLeast(0), default: '1000' },
  'index.mapping.depth.limit': { dynamic: true, validate: intAtLeast(1), default: '20' },
  'index.mapping.nested_fields.limit': { dynamic: true, validate: intAtLeast(0), default: '50' },
  'index.mapping.coerce': { dynamic: false, validate: bool, default: 'false' },
  'index.mapping.ignore_malformed': { dynamic: false, validate: bool, default: 'false' },
  'index.mapper.dynamic': { dynamic: true, validate: bool, default: 'true' },
  'index.mapping.single_type': { dynamic: false, validate: bool, default: 'false' },
  'index.gc_deletes': { dynamic: true, validate: time, default: '60s' },
  'index.codec': { dynamic: false, default: 'default' },
  'index.routing_partition_size': { dynamic: false, validate: intAtLeast(1), default: '1' },
  'index.number_of_routing_shards': { dynamic: false, validate: intAtLeast(1) },
  'index.shard.check_on_startup': { dynamic: false, default: 'false' },
  'index.priority': { dynamic: true, validate: intAtLeast(0), default: '1' },
  'index.query.default_field': { dynamic: true, default: '_all' },
  'index.query.parse.allow_unmapped_fields': { dynamic: true, validate: bool, default: 'true' },
  'index.query_string.lenient': { dynamic: true, validate: bool, default: 'false' },
  'index.requests.cache.enable': { dynamic: true, validate: bool, default: 'true' },
  'index.queries.cache.enabled': { dynamic: false, validate: bool, default: 'true' },
  'index.load_fixed_bitset_filters_eagerly': { dynamic: false, validate: bool, default: 'true' },
  'index.ttl.disable_purge': { dynamic: true, validate: bool, default: 'false' },
  'index.translog.durability': { dynamic: true, default: 'REQUEST' },
  'index.translog.sync_interval': { dynamic: false, validate: time, default: '5s' },
  'index.translog.flush_threshold_size': { dynamic: true, validate: bytes, default: '512mb' },
  'index.merge.policy.max_merged_segment': { dynamic: true, validate: bytes, default: '5gb' },
  'index.unassigned.node_left.delayed_timeout': { dynamic: true, validate: time, default: '1m' },
  'index.write.wait_for_active_shards': { dynamic: true, validate: (v) => void parseActiveShardCount(v), default: '1' },
  'index.routing.allocation.enable': { dynamic: true, validate: (v) => void parseEnableMode(v), default: 'all' },
  'index.data_path': { dynamic: false, default: '' },
  // Shadow replicas were deprecated in 5.2 (removed in 6.0); 5.6 still accepts the settings.
  'index.shadow_replicas': { dynamic: false, validate: bool, deprecated: true, default: 'false' },
  'index.shared_filesystem': { dynamic: false, validate: bool, deprecated: true, default: 'false' },
  'index.shared_filesystem.recover_on_any_node': { dynamic: true, validate: bool, deprecated: true, default: 'false' },
  'index.format': { dynamic: false },
  'index.hidden': { dynamic: true, validate: bool },
  // Written by the node itself at creation; private, refused from users on update.
  'index.creation_date': { dynamic: false },
  'index.uuid': { dynamic: false },
  'index.version.created': { dynamic: false },
  'index.version.upgraded': { dynamic: false },
  'index.provided_name': { dynamic: false },
};

/** Group settings: any sub-key is accepted (ES affix/group settings). */
const GROUPS: Array<{ prefix: string; dynamic: boolean }> = [
  { prefix: 'index.analysis.', dynamic: false },
  { prefix: 'index.similarity.', dynamic: false },
  { prefix: 'index.blocks.', dynamic: true },
  { prefix: 'index.routing.', dynamic: true },
  { prefix: 'index.merge.', dynamic: true },
  { prefix: 'index.search.slowlog.', dynamic: true },
  { prefix: 'index.indexing.slowlog.', dynamic: true },
  { prefix: 'index.store.', dynamic: false },
  { prefix: 'index.translog.', dynamic: true },
  { prefix: 'index.allocation.', dynamic: true },
  { prefix: 'index.shard.', dynamic: false },
  { prefix: 'index.fielddata.', dynamic: true },
  { prefix: 'index.recovery.', dynamic: true },
  { prefix: 'index.lifecycle.', dynamic: true },
  { prefix: 'index.percolator.', dynamic: false },
  { prefix: 'index.warmer.', dynamic: true },
  { prefix: 'index.queries.', dynamic: true },
  { prefix: 'index.version.', dynamic: false },
];

function lookup(key: string): SettingDef | { dynamic: boolean } | undefined {
  const exact = own(EXACT, key);
  if (exact) return exact;
  return GROUPS.find((g) => key.startsWith(g.prefix));
}

/** Refuse unknown keys and invalid values (ES `AbstractScopedSettings#validate`). */
export function validateIndexSettings(settings: Settings): void {
  for (const [key, value] of Object.entries(settings)) {
    const def = lookup(key);
    if (!def) {
      throw illegalArgument(
        `unknown setting [${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`,
      );
    }
    if (value !== null && 'validate' in def && def.validate) def.validate(value, key);
  }
}

/**
 * `include_defaults`: the default of every known setting the index does not set (ES 5.6
 * `IndexScopedSettings#diff`), sorted by key.
 */
export function defaultIndexSettings(settings: Settings): Settings {
  const out: Settings = {};
  for (const key of Object.keys(EXACT).sort()) {
    const def = EXACT[key]!.default;
    if (def !== undefined && !Object.hasOwn(settings, key)) out[key] = def;
  }
  return out;
}

/** ES 5.6's deprecation warning for each deprecated setting present (`Setting#checkDeprecation`). */
export function deprecatedSettingWarnings(settings: Settings): string[] {
  return Object.keys(settings)
    .filter((k) => own(EXACT, k)?.deprecated)
    .map(
      (k) =>
        `[${k}] setting was deprecated in Elasticsearch and will be removed in a future release! See the breaking changes documentation for the next major version.`,
    );
}

/** Keys that cannot change on an open index, for `PUT /{index}/_settings`. */
export function nonDynamicKeys(settings: Settings): string[] {
  return Object.keys(settings).filter((k) => !(lookup(k)?.dynamic ?? false));
}

export function cannotUpdate(keys: string[], indices: Array<{ name: string; uuid: string }>): EsError {
  return illegalArgument(
    `Can't update non dynamic settings [[${keys.join(', ')}]] for open indices [${indices.map((i) => `[${i.name}/${i.uuid}]`).join(', ')}]`,
  );
}
