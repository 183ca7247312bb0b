/**
 * Settings as ES 5 keeps them: a flat map of dotted keys to strings, arrays as `key.0`, `key.1`
 * (ES 5 `Settings`), rendered nested or flat (`flat_settings`).
 */
import { illegalArgument } from '../errors/errors.js';

export type Settings = Record<string, string>;

/** Flatten a nested settings object (`{index: {number_of_shards: 1}}`) into dotted keys. */
export function flattenSettings(input: unknown, prefix = '', out: Settings = {}): Settings {
  if (input === null || input === undefined) return out;
  if (Array.isArray(input)) {
    input.forEach((v, i) => flattenSettings(v, `${prefix}${i}.`, out));
    return out;
  }
  if (typeof input === 'object') {
    for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
      if (v !== null && typeof v === 'object') flattenSettings(v, `${prefix}${k}.`, out);
      else if (v === null) out[`${prefix}${k}`] = null as unknown as string;
      else out[`${prefix}${k}`] = String(v);
    }
    return out;
  }
  out[prefix.replace(/\.$/, '')] = String(input);
  return out;
}

/** Prefix every key with `index.` where it lacks it, as index-level APIs accept `number_of_shards`. */
export function normalizeIndexSettings(flat: Settings): Settings {
  const out: Settings = {};
  for (const [k, v] of Object.entries(flat)) out[k.startsWith('index.') ? k : `index.${k}`] = v;
  return out;
}

/** Render flat settings nested; maps whose keys are 0..n-1 become arrays (ES getAsStructuredMap). */
export function nestSettings(flat: Settings): Record<string, unknown> {
  // Null-prototype nodes: a key such as `__proto__.x` must make an own entry, never reach
  // Object.prototype (that polluted every object of the process).
  const root: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      const next = node[p];
      if (next === undefined || typeof next !== 'object' || next === null) {
        const created: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        node[p] = created;
        node = created;
      } else node = next as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = flat[key];
  }
  return arraysFromNumericMaps(root) as Record<string, unknown>;
}

function arraysFromNumericMaps(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj);
  for (const k of keys) obj[k] = arraysFromNumericMaps(obj[k]);
  if (keys.length > 0 && keys.every((k, i) => k === String(i)) || (keys.length > 0 && isDenseIndexSet(keys))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => obj[k]);
  }
  return obj;
}

function isDenseIndexSet(keys: string[]): boolean {
  const nums = keys.map((k) => (/^\d+$/.test(k) ? Number(k) : -1)).sort((a, b) => a - b);
  return nums.every((n, i) => n === i);
}

/** Render settings for a response: nested unless `flat`. */
export function renderSettings(flat: Settings, asFlat: boolean): Record<string, unknown> {
  if (asFlat) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(flat).sort()) out[k] = flat[k];
    return out;
  }
  return nestSettings(flat);
}

/** Read an integer setting, failing as ES does for malformed values. */
export function intSetting(settings: Settings, key: string, def: number): number {
  const raw = settings[key];
  if (raw === undefined || raw === null) return def;
  if (!/^-?\d+$/.test(raw.trim())) {
    throw illegalArgument(`Failed to parse value [${raw}] for setting [${key}]`);
  }
  return Number(raw);
}

/** Keys of a flat settings map matching `prefix.*` with the prefix removed (for `index.analysis`). */
export function subSettings(flat: Settings, prefix: string): Settings {
  const out: Settings = {};
  const p = prefix.endsWith('.') ? prefix : `${prefix}.`;
  for (const [k, v] of Object.entries(flat)) if (k.startsWith(p)) out[k.slice(p.length)] = v;
  return out;
}

/** Shell-glob style matching with `*`, as ES `Regex.simpleMatch`. */
export function simpleMatch(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const re = new RegExp(`^${pattern.split('*').map(escapeRegex).join('.*')}$`);
  return re.test(value);
}

function escapeRegex(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
