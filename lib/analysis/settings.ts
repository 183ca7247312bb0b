/**
 * Reading one component's settings the way ES's `Settings` getters do: numbers and booleans
 * may arrive as strings, lists as arrays or comma-separated strings.
 *
 * ES flattens a definition into dotted keys before reading it (`{"max_gram":{"a":1}}` becomes
 * `max_gram.a: 1`, an array `[x, y]` becomes `k.0: x`, `k.1: y`), so a key whose value is an
 * object is simply not set, and a list ends before its first item that is an object or array.
 * Reading the nested form here the same way means an object is never printed as text.
 */
import { EsError } from '../errors/errors.js';

/** Typed view over a component's raw settings object. */
export class ComponentSettings {
  constructor(readonly raw: Readonly<Record<string, unknown>>) {}

  /** The value ES sees under `key`: undefined for an object, the leading plain items of an array. */
  private value(key: string): unknown {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) {
      const end = v.findIndex((x) => x !== null && typeof x === 'object');
      const items = end < 0 ? v : v.slice(0, end);
      return items.length > 0 ? items : undefined;
    }
    return typeof v === 'object' ? undefined : v;
  }

  has(key: string): boolean {
    return this.value(key) !== undefined;
  }

  /** `Settings.get(key)` of a plain value: undefined for a list or object (stored under `key.*`). */
  scalar(key: string): string | undefined {
    const v = this.value(key);
    return v === undefined || Array.isArray(v) ? undefined : String(v);
  }

  str(key: string): string | undefined;
  str(key: string, def: string): string;
  str(key: string, def?: string): string | undefined {
    const v = this.value(key);
    if (v === undefined) return def;
    if (Array.isArray(v)) return v.map(String).join(',');
    return String(v);
  }

  int(key: string, def: number): number {
    const v = this.value(key);
    // A list is stored under `key.0`, `key.1`: `getAsInt(key)` finds nothing there.
    if (v === undefined || Array.isArray(v)) return def;
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isInteger(n) || String(v).trim() === '') {
      throw new EsError('settings_exception', 500, `Failed to parse int setting [${key}] with value [${String(v)}]`);
    }
    return n;
  }

  /** Lenient boolean as ES 5 index settings allow ("false", "0", "off", "no" are false). */
  bool(key: string, def: boolean): boolean {
    const v = this.value(key);
    if (v === undefined || Array.isArray(v)) return def;
    if (typeof v === 'boolean') return v;
    const s = String(v);
    return !(s === 'false' || s === '0' || s === 'off' || s === 'no');
  }

  /** A list setting: an array, or a comma-separated string (ES `getAsArray`). */
  list(key: string): string[] | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    if (Array.isArray(v)) return v.map(String);
    return String(v)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  }

  /** A list setting that keeps its items untrimmed (rules such as synonyms and mappings). */
  rawList(key: string): string[] | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    if (Array.isArray(v)) return v.map(String);
    return [String(v)];
  }
}
