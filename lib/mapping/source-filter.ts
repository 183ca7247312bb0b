/**
 * `_source` includes/excludes (mapping-level, SourceFieldMapper) with ES's
 * XContentMapValues#filter semantics: a field is kept when its full path matches an include
 * pattern (then with everything below it) or when it is an object on the way to a possible
 * match; a field whose path matches an exclude pattern is dropped. Patterns use `*` wildcards.
 */
import { simpleMatch } from '../units/simple-match.js';
import { JsonObject, type JsonValue, stringifyTree } from './json-tree.js';

/** The stored `_source` bytes: the original when there is nothing to filter. */
export function filterSource(source: Buffer, tree: JsonObject, includes?: readonly string[], excludes?: readonly string[]): Buffer {
  const inc = includes ?? [];
  const exc = excludes ?? [];
  if (inc.length === 0 && exc.length === 0) return source;
  return Buffer.from(stringifyTree(filterTree(tree, inc, exc)), 'utf8');
}

/** Filter a parsed object by include/exclude patterns. */
export function filterTree(tree: JsonObject, includes: readonly string[], excludes: readonly string[]): JsonObject {
  return filterObject(tree, '', includes, excludes, includes.length === 0);
}

function couldMatchBelow(pattern: string, prefix: string): boolean {
  // a pattern may match something under `prefix.` if its literal head is compatible
  const star = pattern.indexOf('*');
  const head = star < 0 ? pattern : pattern.slice(0, star);
  const p = prefix + '.';
  return star < 0 ? pattern.startsWith(p) : head.startsWith(p) || p.startsWith(head);
}

function filterObject(obj: JsonObject, prefix: string, inc: readonly string[], exc: readonly string[], included: boolean): JsonObject {
  const out: Array<[string, JsonValue]> = [];
  for (const [k, v] of obj.entries) {
    const path = prefix === '' ? k : `${prefix}.${k}`;
    if (exc.some((p) => simpleMatch(p, path))) continue;
    const fullyIncluded = included || inc.some((p) => simpleMatch(p, path));
    const filtered = filterValue(v, path, inc, exc, fullyIncluded);
    if (filtered !== undefined) out.push([k, filtered]);
  }
  return new JsonObject(out);
}

function filterValue(v: JsonValue, path: string, inc: readonly string[], exc: readonly string[], included: boolean): JsonValue | undefined {
  if (v instanceof JsonObject) {
    if (!included && !inc.some((p) => couldMatchBelow(p, path))) return undefined;
    const o = filterObject(v, path, inc, exc, included);
    return !included && o.entries.length === 0 ? undefined : o;
  }
  if (Array.isArray(v)) {
    const items: JsonValue[] = [];
    for (const x of v) {
      const f = filterValue(x, path, inc, exc, included);
      if (f !== undefined) items.push(f);
    }
    if (!included && items.length === 0) return undefined;
    return items;
  }
  return included ? v : undefined;
}
