/**
 * Reading one component's settings the way ES's `Settings` getters do: numbers and booleans
 * may arrive as strings, lists as arrays or comma-separated strings.
 */
import { EsError } from '../errors/errors.js';

/** Typed view over a component's raw settings object. */
export class ComponentSettings {
  constructor(readonly raw: Readonly<Record<string, unknown>>) {}

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  str(key: string): string | undefined;
  str(key: string, def: string): string;
  str(key: string, def?: string): string | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return def;
    if (Array.isArray(v)) return v.map(String).join(',');
    return String(v);
  }

  int(key: string, def: number): number {
    const v = this.raw[key];
    if (v === undefined || v === null) return def;
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isInteger(n) || String(v).trim() === '') {
      throw new EsError('settings_exception', 500, `Failed to parse int setting [${key}] with value [${String(v)}]`);
    }
    return n;
  }

  /** Lenient boolean as ES 5 index settings allow ("false", "0", "off", "no" are false). */
  bool(key: string, def: boolean): boolean {
    const v = this.raw[key];
    if (v === undefined || v === null) return def;
    if (typeof v === 'boolean') return v;
    const s = String(v);
    return !(s === 'false' || s === '0' || s === 'off' || s === 'no');
  }

  /** A list setting: an array, or a comma-separated string (ES `getAsArray`). */
  list(key: string): string[] | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v.map(String);
    return String(v)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  }

  /** A list setting that keeps its items untrimmed (rules such as synonyms and mappings). */
  rawList(key: string): string[] | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v.map(String);
    return [String(v)];
  }
}
