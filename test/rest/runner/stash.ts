/**
 * The per-test stash of ES's YAML runner (`Stash` in ES 5.6's test framework): `set` stores
 * response values under a name; `$name` (the whole value) and `${name}` (inside a longer
 * string) read them back in parameters, bodies, keys, assertions and path parts. The last
 * response body is always stashed as `body`, so `$body` is the whole response.
 */
import { evaluatePath, type PathPartResolver } from './object-path.js';
import { javaToString } from './java-format.js';

const EXTENDED_KEY = /\$\{([^}]+)\}/g;

/** Raised when a stashed key is read before it was set. */
export class StashError extends Error {}

/** A mutable map of stashed values with ES's substitution rules. */
export class Stash implements PathPartResolver {
  private values: Record<string, unknown> = {};

  /** Forgets everything (ES clears the stash after `setup` and between tests). */
  clear(): void {
    this.values = {};
  }

  /** Stores `value` under `key` (without the leading `$`). */
  stashValue(key: string, value: unknown): void {
    this.values[key] = value;
  }

  /** True when `key` is a string that reads the stash: starts with `$`, or embeds `${...}`. */
  containsStashedValue(key: unknown): boolean {
    if (typeof key !== 'string' || key.length === 0) return false;
    if (key.startsWith('$')) return true;
    EXTENDED_KEY.lastIndex = 0;
    return EXTENDED_KEY.test(key);
  }

  /**
   * Reads `$key` (a path into the stash, so `$body.hits.total` works) or substitutes every
   * `${key}` inside a string (the result is then a string).
   * @throws StashError when a key is not stashed.
   */
  getValue(key: string): unknown {
    if (key.startsWith('$') && key[1] !== '{') return this.unquoted(key.slice(1));
    let found = false;
    const replaced = key.replace(EXTENDED_KEY, (_m, name: string) => {
      found = true;
      return javaToString(this.unquoted(name));
    });
    if (!found) throw new StashError(`Doesn't contain any stash keys [${key}]`);
    return replaced;
  }

  /** Deep copy of `value` with every stashed string (values and keys) replaced. */
  replaceStashedValues(value: unknown): unknown {
    if (typeof value === 'string') return this.containsStashedValue(value) ? this.getValue(value) : value;
    if (Array.isArray(value)) return value.map((v) => this.replaceStashedValues(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const key = this.containsStashedValue(k) ? javaToString(this.getValue(k)) : k;
        out[key] = this.replaceStashedValues(v);
      }
      return out;
    }
    return value;
  }

  private unquoted(path: string): unknown {
    const value = evaluatePath(this.values, path);
    if (value === undefined || value === null) throw new StashError(`stashed value not found for key [${path}]`);
    return value;
  }
}
