/**
 * `filter_path` response filtering as ES 5.6 does it (`FilterPath`, `FilterPathBasedFilter` over
 * Jackson's `FilteringGeneratorDelegate` with path inclusion):
 * - filters are comma-separated dot paths; `\.` escapes a dot; a segment may hold `*`
 *   wildcards, `*` alone matches any one property and `**` any depth;
 * - a leading `-` makes an exclusion; exclusions apply first, then inclusions;
 * - arrays are filtered element by element; objects or arrays left with nothing matching
 *   are dropped, scalars under a partial match are dropped (inclusion) or kept (exclusion);
 * - the root object itself always stays, so nothing matching renders `{}`.
 */
import { dict } from '../../lib/dict.js';
import { JsonDouble, JsonFloat, RawJson } from '../../lib/units/java-number.js';
import { simpleMatch } from '../../lib/units/simple-match.js';

class FilterPath {
  readonly simpleWildcard: boolean;
  readonly doubleWildcard: boolean;
  constructor(readonly segment: string, readonly next: FilterPath | null) {
    this.simpleWildcard = segment === '*';
    this.doubleWildcard = segment === '**';
  }
  /** The remaining path when `name` matches this segment. */
  matchProperty(name: string): FilterPath | null {
    if (this.next !== null && (this.simpleWildcard || this.doubleWildcard || simpleMatch(this.segment, name))) return this.next;
    return null;
  }
  /** True for the empty tail: the whole property matched. */
  matches(): boolean {
    return this.next === null;
  }
}

const EMPTY = new FilterPath('', null);

function parsePath(segment: string): FilterPath {
  for (let i = 0; i < segment.length; ) {
    const c = segment.charAt(i);
    if (c === '.') {
      return new FilterPath(segment.substring(0, i).replace(/\\\./g, '.'), parsePath(segment.substring(i + 1)));
    }
    ++i;
    if (c === '\\' && i < segment.length && segment.charAt(i) === '.') ++i;
  }
  return new FilterPath(segment.replace(/\\\./g, '.'), EMPTY);
}

const MATCHING = 'match' as const;
const NO_MATCHING = 'none' as const;
type Evaluation = typeof MATCHING | typeof NO_MATCHING | FilterPath[];

function evaluate(name: string, filters: FilterPath[]): Evaluation {
  let nextFilters: FilterPath[] | null = null;
  for (const filter of filters) {
    const next = filter.matchProperty(name);
    if (next !== null) {
      if (next.matches()) return MATCHING;
      nextFilters ??= [];
      if (filter.doubleWildcard) nextFilters.push(filter);
      nextFilters.push(next);
    }
  }
  return nextFilters !== null && nextFilters.length > 0 ? nextFilters : NO_MATCHING;
}

/** Parsed include and exclude filters of one request. */
export interface FilterPaths {
  includes: FilterPath[];
  excludes: FilterPath[];
}

/** Parse a `filter_path` value (ES tokenizes on commas, trims and drops empties). */
export function parseFilterPath(param: string | string[] | undefined): FilterPaths | undefined {
  if (param === undefined) return undefined;
  const tokens = (Array.isArray(param) ? param : [param]).flatMap((p) => p.split(',')).map((t) => t.trim()).filter((t) => t.length > 0);
  if (tokens.length === 0) return undefined;
  const includes: FilterPath[] = [];
  const excludes: FilterPath[] = [];
  for (const t of new Set(tokens)) {
    if (t.charAt(0) === '-') excludes.push(parsePath(t.substring(1)));
    else includes.push(parsePath(t));
  }
  return { includes, excludes };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonDouble) && !(v instanceof JsonFloat);
}

function unwrap(v: unknown): unknown {
  if (v instanceof RawJson) return v.value();
  if (isObject(v)) {
    const o = v as { toJSON?: () => unknown };
    if (typeof o.toJSON === 'function') return o.toJSON();
  }
  return v;
}

/** The filtered value, or undefined when nothing of it is written. */
function filterValue(raw: unknown, filters: FilterPath[], inclusive: boolean): unknown {
  const v = unwrap(raw);
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const el of v) {
      const f = filterValue(el, filters, inclusive);
      if (f !== undefined) out.push(f);
    }
    return out.length > 0 ? out : undefined;
  }
  if (isObject(v)) {
    const out = dict<unknown>(); // `__proto__` in a response body is a key like any other
    let any = false;
    for (const k of Object.keys(v)) {
      const child = v[k];
      if (child === undefined) continue;
      const ev = evaluate(k, filters);
      let kept: unknown;
      if (ev === MATCHING) kept = inclusive ? child : undefined;
      else if (ev === NO_MATCHING) kept = inclusive ? undefined : child;
      else kept = filterValue(child, ev, inclusive);
      if (kept !== undefined) {
        out[k] = kept;
        any = true;
      }
    }
    return any ? out : undefined;
  }
  return inclusive ? undefined : v;
}

/** Apply parsed filters to a response value (exclusions first, then inclusions). */
export function applyFilterPath(value: unknown, paths: FilterPaths): unknown {
  let v = unwrap(value);
  const rootIsObject = isObject(v);
  if (paths.excludes.length > 0) v = filterValue(v, paths.excludes, false);
  if (v !== undefined && paths.includes.length > 0) v = filterValue(v, paths.includes, true);
  if (v === undefined) return rootIsObject ? {} : undefined;
  return v;
}
