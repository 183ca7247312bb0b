/**
 * `_source` filtering as ES 5.6 `XContentMapValues.filter`: include and exclude patterns with
 * `*` wildcards over full dotted paths; an included object keeps everything below it; excludes
 * win; arrays are filtered element by element; objects left empty by an include are dropped.
 */
import { simpleMatch } from '../../units/simple-match.js';
import { dict } from '../../dict.js';

export interface SourceFilterSpec {
  includes: string[];
  excludes: string[];
}

/** Normalise the `_source` request forms: bool, string, array, `{includes|include, excludes|exclude}`. */
export function sourceFilterSpec(spec: unknown): SourceFilterSpec | boolean {
  if (spec === undefined || spec === null || spec === true) return true;
  if (spec === false) return false;
  if (typeof spec === 'string') return { includes: spec.split(',').map((s) => s.trim()).filter(Boolean), excludes: [] };
  if (Array.isArray(spec)) return { includes: spec.map(String), excludes: [] };
  if (typeof spec === 'object') {
    const o = spec as Record<string, unknown>;
    const list = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);
    return { includes: list(o.includes ?? o.include), excludes: list(o.excludes ?? o.exclude) };
  }
  return true;
}

export function filterSource(source: Record<string, unknown>, spec: unknown): Record<string, unknown> {
  const s = sourceFilterSpec(spec);
  if (s === true) return source;
  if (s === false) return {};
  if (s.includes.length === 0 && s.excludes.length === 0) return source;
  return filterMap(source, '', s.includes, s.excludes);
}

function matchesAny(patterns: string[], path: string): boolean {
  return patterns.some((p) => simpleMatch(p, path));
}

/** Could some include pattern match below `path`? (so we must descend into the object) */
function mayMatchBelow(patterns: string[], path: string): boolean {
  return patterns.some((p) => {
    const prefix = `${path}.`;
    if (p.startsWith(prefix)) return true;
    const star = p.indexOf('*');
    if (star < 0) return false;
    const fixed = p.slice(0, star);
    return prefix.startsWith(fixed) || fixed.startsWith(prefix);
  });
}

function filterValue(value: unknown, path: string, includes: string[], excludes: string[], included: boolean): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value) {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const f = filterMapInner(v as Record<string, unknown>, path, includes, excludes, included);
        if (Object.keys(f).length > 0 || included) out.push(f);
      } else if (included) out.push(v);
    }
    return out;
  }
  if (value && typeof value === 'object') return filterMapInner(value as Record<string, unknown>, path, includes, excludes, included);
  return value;
}

function filterMapInner(map: Record<string, unknown>, prefix: string, includes: string[], excludes: string[], parentIncluded: boolean): Record<string, unknown> {
  const out = dict<unknown>(); // source keys are user data: `__proto__` is a key like any other
  for (const [k, v] of Object.entries(map)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (matchesAny(excludes, path)) continue;
    const included = parentIncluded || includes.length === 0 || matchesAny(includes, path);
    const isObj = v !== null && typeof v === 'object';
    if (included) {
      out[k] = isObj ? filterValue(v, path, includes, excludes, true) : v;
    } else if (isObj && mayMatchBelow(includes, path)) {
      const f = filterValue(v, path, includes, excludes, false);
      if (Array.isArray(f) ? f.length > 0 : Object.keys(f as object).length > 0) out[k] = f;
    }
  }
  return out;
}

function filterMap(map: Record<string, unknown>, prefix: string, includes: string[], excludes: string[]): Record<string, unknown> {
  return filterMapInner(map, prefix, includes, excludes, false);
}
