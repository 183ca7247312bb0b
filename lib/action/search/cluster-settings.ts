/**
 * Cluster-level settings that search reads (transient wins over persistent, as ES merges them).
 */
import type { ClusterState } from '../../cluster/state.js';
import type { NodeContext } from '../context.js';
import { flattenSettings, renderSettings, type Settings } from '../../cluster/settings.js';
import { EsError, actionRequestValidation, notBuiltYet } from '../../errors/errors.js';
import { parseTimeout } from './search-request.js';
import { dict, dictOf } from '../../dict.js';
import { parseEnableMode } from '../../cluster/allocation/deciders.js';
import { parseBytesSizeValue } from '../../units/byte-size-value.js';
import { onMaster } from '../master-task.js';

/** A cluster setting's effective value. */
export function clusterSetting(state: ClusterState, key: string): string | undefined {
  return state.transientSettings[key] ?? state.persistentSettings[key];
}


/** log4j 2's standard levels. */
const LOG_LEVELS = new Set(['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE', 'ALL']);

/** Check the values of the settings search owns (ES validates dynamic settings on update). */
function validateSetting(key: string, value: string): void {
  if (key === 'search.default_search_timeout') {
    try {
      parseTimeout(value);
    } catch {
      throw new EsError('illegal_argument_exception', 400, `failed to parse setting [${key}] with value [${value}] as a time value: unit is missing or unrecognized`);
    }
  } else if (key === 'search.low_level_cancellation') {
    if (value !== 'true' && value !== 'false') throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${value}] as only [true] or [false] are allowed.`);
  } else if (key === 'script.max_compilations_per_minute') {
    // ES 5.6 ScriptService: Setting.intSetting(..., 15, 0, Dynamic)
    const n = Number(value);
    if (!Number.isInteger(n)) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${value}] for setting [${key}]`);
    if (n < 0) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${value}] for setting [${key}] must be >= 0`);
  } else if (key.startsWith('logger.')) {
    // ES 5.6 Loggers.LOG_LEVEL_SETTING parses with log4j's Level.valueOf (upper-cased name).
    if (!LOG_LEVELS.has(value.trim().toUpperCase())) throw new EsError('illegal_argument_exception', 400, `Unknown level constant [${value.trim().toUpperCase()}].`);
    // A valid level would be stored and never applied: Strata has one logger, its level set at
    // start (`-E logger.level`), not ES's per-package loggers.
    throw notBuiltYet(`${key}`);
  } else if (key === 'cluster.routing.allocation.enable') {
    parseEnableMode(value);
  } else if (key === 'indices.recovery.max_bytes_per_sec') {
    parseBytesSizeValue(value, key);
  } else if (key === 'action.search.shard_count.limit') {
    const n = Number(value);
    if (!Number.isInteger(n)) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${value}] for setting [${key}]`);
    if (n < 1) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${value}] for setting [${key}] must be >= 1`);
  }
}

/**
 * Namespaces that hold ES 5.6's dynamic cluster settings (`ClusterSettings.BUILT_IN_CLUSTER_SETTINGS`).
 * A key outside them is not a dynamic cluster setting, and ES refuses it
 * (`AbstractScopedSettings#updateSettings`). This is coarser than ES's per-key registry: it keeps
 * arbitrary keys such as `__proto__.dynamic` out of the state without refusing a real setting.
 */
const DYNAMIC_NAMESPACES = new Set(['action', 'cluster', 'discovery', 'indices', 'ingest', 'logger', 'network', 'script', 'search', 'transport']);

function checkDynamic(scope: 'persistent' | 'transient', key: string): void {
  if (!key.endsWith('*') && !DYNAMIC_NAMESPACES.has(key.split('.', 1)[0]!)) {
    throw new EsError('illegal_argument_exception', 400, `${scope} setting [${key}], not dynamically updateable`);
  }
}

function apply(scope: 'persistent' | 'transient', current: Settings, update: Record<string, unknown> | undefined): { next: Settings; changed: Settings } {
  const next: Settings = dictOf(current);
  const changed: Settings = dict();
  if (!update) return { next, changed };
  const nulls: string[] = [];
  const flat = flattenSettings(update);
  collectNulls(update, '', nulls);
  for (const [k, v] of Object.entries(flat)) {
    checkDynamic(scope, k);
    if (v === null || v === undefined) continue;
    validateSetting(k, v);
    next[k] = v;
    changed[k] = v;
  }
  for (const k of nulls) {
    for (const existing of Object.keys(next)) if (existing === k || (k.endsWith('*') && existing.startsWith(k.slice(0, -1)))) delete next[existing];
  }
  return { next, changed };
}

function collectNulls(v: Record<string, unknown>, prefix: string, out: string[]): void {
  for (const [k, val] of Object.entries(v)) {
    const key = prefix === '' ? k : `${prefix}.${k}`;
    if (val === null) out.push(key);
    else if (typeof val === 'object' && !Array.isArray(val)) collectNulls(val as Record<string, unknown>, key, out);
  }
}

/** `PUT /_cluster/settings`: merge into the cluster state (null resets), answer the changes. */
export async function putClusterSettings(ctx: NodeContext, body: Record<string, unknown>, flat: boolean): Promise<Record<string, unknown>> {
  for (const k of Object.keys(body)) {
    if (k !== 'persistent' && k !== 'transient') throw new EsError('illegal_argument_exception', 400, `unknown cluster settings section [${k}]`);
  }
  const persistentUpdate = body['persistent'] as Record<string, unknown> | undefined;
  const transientUpdate = body['transient'] as Record<string, unknown> | undefined;
  // ES 5.6 ClusterUpdateSettingsRequest#validate.
  const isEmpty = (u: unknown): boolean => u === undefined || u === null || (typeof u === 'object' && Object.keys(u).length === 0);
  if (isEmpty(persistentUpdate) && isEmpty(transientUpdate)) throw actionRequestValidation(['no settings to update']);
  // validate before submitting
  const state = ctx.cluster.state();
  // ES applies (and so validates) the transient section first.
  const t = apply('transient', state.transientSettings, transientUpdate);
  const p = apply('persistent', state.persistentSettings, persistentUpdate);
  await onMaster(ctx, CLUSTER_SETTINGS_TASK, clusterSettingsTask, { persistentUpdate, transientUpdate });
  return { acknowledged: true, persistent: renderSettings(p.changed, flat), transient: renderSettings(t.changed, flat) };
}

export const CLUSTER_SETTINGS_TASK = 'cluster:update-settings';

/** The master task of `PUT /_cluster/settings`: both sections merged into the latest state. */
export function clusterSettingsTask(s: ClusterState, p: { persistentUpdate?: Record<string, unknown>; transientUpdate?: Record<string, unknown> }): ClusterState {
  return {
    ...s,
    persistentSettings: apply('persistent', s.persistentSettings, p.persistentUpdate).next,
    transientSettings: apply('transient', s.transientSettings, p.transientUpdate).next,
  };
}

/** `GET /_cluster/settings`. */
export function getClusterSettings(ctx: NodeContext, flat: boolean): Record<string, unknown> {
  const s = ctx.cluster.state();
  return { persistent: renderSettings(s.persistentSettings, flat), transient: renderSettings(s.transientSettings, flat) };
}
