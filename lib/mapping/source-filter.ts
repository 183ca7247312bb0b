/**
 * `_source` filtering with ES's `XContentMapValues#filter` semantics, in its two places: the
 * mapping's `_source` includes/excludes applied to the stored bytes (SourceFieldMapper, over
 * JSON trees), and a request's `_source` spec applied when a document is fetched (search hits,
 * get, update `get`, explain; over plain objects). One set of path rules serves both.
 */
import { dict } from '../dict.js';
import { javaToString } from '../errors/java-value.js';
import { simpleMatch } from '../units/simple-match.js';
import { JsonObject, type JsonValue, stringifyTree } from './json-tree.js';

/**
 * The path decisions of ES `XContentMapValues#filter`, shared by the stored-source filter
 * (JSON trees) and the fetch-time filter (plain objects): a path matching an exclude pattern is
 * dropped; one matching an include pattern is kept with everything below it; an object on the
 * way to a possible include match is walked into. Patterns use `*` wildcards.
 */
export class SourcePaths {
  constructor(
    readonly includes: readonly string[],
    readonly excludes: readonly string[],
  ) {}

  excluded(path: string): boolean {
    return this.excludes.some((p) => simpleMatch(p, path));
  }

  /** Kept with everything below it (no includes means everything is included). */
  included(path: string): boolean {
    return this.includes.length === 0 || this.includes.some((p) => simpleMatch(p, path));
  }

  /** Could an include pattern match something under `path.`? */
  mayMatchBelow(path: string): boolean {
    const below = `${path}.`;
    return this.includes.some((pattern) => {
      const star = pattern.indexOf('*');
      if (star < 0) return pattern.startsWith(below);
      const head = pattern.slice(0, star);
      return head.startsWith(below) || below.startsWith(head);
    });
  }
}

/** The stored `_source` bytes: the original when there is nothing to filter. */
export function filterSource(source: Buffer, tree: JsonObject, includes?: readonly string[], excludes?: readonly string[]): Buffer {
  const inc = includes ?? [];
  const exc = excludes ?? [];
  if (inc.length === 0 && exc.length === 0) return source;
  return Buffer.from(stringifyTree(filterTree(tree, inc, exc)), 'utf8');
}

/** Filter a parsed object by include/exclude patterns. */
export function filterTree(tree: JsonObject, includes: readonly string[], excludes: readonly string[]): JsonObject {
  return filterObject(tree, '', new SourcePaths(includes, excludes), includes.length === 0);
}

function filterObject(obj: JsonObject, prefix: string, paths: SourcePaths, included: boolean): JsonObject {
  const out: Array<[string, JsonValue]> = [];
  for (const [k, v] of obj.entries) {
    const path = prefix === '' ? k : `${prefix}.${k}`;
    if (paths.excluded(path)) continue;
    const filtered = filterValue(v, path, paths, included || paths.included(path));
    if (filtered !== undefined) out.push([k, filtered]);
  }
  return new JsonObject(out);
}

function filterValue(v: JsonValue, path: string, paths: SourcePaths, included: boolean): JsonValue | undefined {
  if (v instanceof JsonObject) {
    if (!included && !paths.mayMatchBelow(path)) return undefined;
    const o = filterObject(v, path, paths, included);
    return !included && o.entries.length === 0 ? undefined : o;
  }
  if (Array.isArray(v)) {
    const items: JsonValue[] = [];
    for (const x of v) {
      const f = filterValue(x, path, paths, included);
      if (f !== undefined) items.push(f);
    }
    if (!included && items.length === 0) return undefined;
    return items;
  }
  return included ? v : undefined;
}

export interface SourceFilterSpec {
  includes: string[];
  excludes: string[];
}

/** Normalise the `_source` request forms: bool, string, array, `{includes|include, excludes|exclude}`. */
export function sourceFilterSpec(spec: unknown): SourceFilterSpec | boolean {
  if (spec === undefined || spec === null || spec === true) return true;
  if (spec === false) return false;
  if (typeof spec === 'string') return { includes: spec.split(',').map((s) => s.trim()).filter(Boolean), excludes: [] };
  if (Array.isArray(spec)) return { includes: spec.map(javaToString), excludes: [] };
  if (typeof spec === 'object') {
    const o = spec as Record<string, unknown>;
    const list = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(javaToString) : [javaToString(v)]);
    return { includes: list(o.includes ?? o.include), excludes: list(o.excludes ?? o.exclude) };
  }
  return true;
}

/** Filter a `_source` object by a request's `_source` spec (fetch, get, update, explain). */
export function filterSourceObject(source: Record<string, unknown>, spec: unknown): Record<string, unknown> {
  const s = sourceFilterSpec(spec);
  if (s === true) return source;
  if (s === false) return {};
  if (s.includes.length === 0 && s.excludes.length === 0) return source;
  return filterMap(source, '', new SourcePaths(s.includes, s.excludes), false);
}

function filterMapValue(value: unknown, path: string, paths: SourcePaths, included: boolean): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value) {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const f = filterMap(v as Record<string, unknown>, path, paths, included);
        if (Object.keys(f).length > 0 || included) out.push(f);
      } else if (included) out.push(v);
    }
    return out;
  }
  if (value && typeof value === 'object') return filterMap(value as Record<string, unknown>, path, paths, included);
  return value;
}

function filterMap(map: Record<string, unknown>, prefix: string, paths: SourcePaths, parentIncluded: boolean): Record<string, unknown> {
  const out = dict<unknown>(); // source keys are user data: `__proto__` is a key like any other
  for (const [k, v] of Object.entries(map)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (paths.excluded(path)) continue;
    const included = parentIncluded || paths.included(path);
    const isObj = v !== null && typeof v === 'object';
    if (included) {
      out[k] = isObj ? filterMapValue(v, path, paths, true) : v;
    } else if (isObj && paths.mayMatchBelow(path)) {
      const f = filterMapValue(v, path, paths, false);
      if (Array.isArray(f) ? f.length > 0 : Object.keys(f as object).length > 0) out[k] = f;
    }
  }
  return out;
}
