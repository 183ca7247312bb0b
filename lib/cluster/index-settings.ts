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

interface SettingDef {
  dynamic: boolean;
  validate?: (value: string, key: string) => void;
}

const intAtLeast = (min: number) => (v: string, key: string): void => {
  if (!/^-?\d+$/.test(v.trim())) throw illegalArgument(`Failed to parse value [${v}] for setting [${key}]`);
  const n = Number(v);
  if (n < min) throw illegalArgument(`Failed to parse value [${v}] for setting [${key}] must be >= ${min}`);
};
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
  'index.number_of_shards': { dynamic: false, validate: intAtLeast(1) },
  'index.number_of_replicas': { dynamic: true, validate: intAtLeast(0) },
  'index.auto_expand_replicas': { dynamic: true },
  'index.refresh_interval': { dynamic: true, validate: time },
  'index.max_result_window': { dynamic: true, validate: intAtLeast(1) },
  'index.max_rescore_window': { dynamic: true, validate: intAtLeast(1) },
  'index.max_inner_result_window': { dynamic: true, validate: intAtLeast(1) },
  'index.max_refresh_listeners': { dynamic: true, validate: intAtLeast(0) },
  'index.max_slices_per_scroll': { dynamic: true, validate: intAtLeast(1) },
  'index.max_adjacency_matrix_filters': { dynamic: true, validate: intAtLeast(1) },
  'index.max_script_fields': { dynamic: true, validate: intAtLeast(0) },
  'index.mapping.total_fields.limit': { dynamic: true, validate: intAtLeast(0) },
  'index.mapping.depth.limit': { dynamic: true, validate: intAtLeast(1) },
  'index.mapping.nested_fields.limit': { dynamic: true, validate: intAtLeast(0) },
  'index.mapping.coerce': { dynamic: false, validate: bool },
  'index.mapping.ignore_malformed': { dynamic: false, validate: bool },
  'index.mapper.dynamic': { dynamic: true, validate: bool },
  'index.mapping.single_type': { dynamic: false, validate: bool },
  'index.gc_deletes': { dynamic: true, validate: time },
  'index.codec': { dynamic: false },
  'index.routing_partition_size': { dynamic: false, validate: intAtLeast(1) },
  'index.number_of_routing_shards': { dynamic: false, validate: intAtLeast(1) },
  'index.shard.check_on_startup': { dynamic: false },
  'index.priority': { dynamic: true, validate: intAtLeast(0) },
  'index.query.default_field': { dynamic: true },
  'index.query.parse.allow_unmapped_fields': { dynamic: true, validate: bool },
  'index.query_string.lenient': { dynamic: true, validate: bool },
  'index.requests.cache.enable': { dynamic: true, validate: bool },
  'index.load_fixed_bitset_filters_eagerly': { dynamic: false, validate: bool },
  'index.ttl.disable_purge': { dynamic: true, validate: bool },
  'index.translog.durability': { dynamic: true },
  'index.translog.sync_interval': { dynamic: false, validate: time },
  'index.translog.flush_threshold_size': { dynamic: true, validate: bytes },
  'index.unassigned.node_left.delayed_timeout': { dynamic: true, validate: time },
  'index.write.wait_for_active_shards': { dynamic: true },
  'index.data_path': { dynamic: false },
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
  const exact = EXACT[key];
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

/** Keys that cannot change on an open index, for `PUT /{index}/_settings`. */
export function nonDynamicKeys(settings: Settings): string[] {
  return Object.keys(settings).filter((k) => !(lookup(k)?.dynamic ?? false));
}

export function cannotUpdate(keys: string[], indices: Array<{ name: string; uuid: string }>): EsError {
  return illegalArgument(
    `Can't update non dynamic settings [[${keys.join(', ')}]] for open indices [${indices.map((i) => `[${i.name}/${i.uuid}]`).join(', ')}]`,
  );
}
