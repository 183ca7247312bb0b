/**
 * Index expression resolution as ES 5.6 `IndexNameExpressionResolver`: comma lists, `_all`,
 * wildcards over indices and aliases, `+`/`-` inclusion and exclusion, aliases to their indices,
 * and the `ignore_unavailable` / `allow_no_indices` / `expand_wildcards` options.
 */
import type { ClusterState, IndexMetadata } from '../cluster/state.js';
import { simpleMatch } from '../units/simple-match.js';
import { illegalArgument, indexNotFound } from '../errors/errors.js';
import { resolveDateMathIndexName } from '../datemath-index-name.js';

export interface IndicesOptions {
  ignoreUnavailable: boolean;
  allowNoIndices: boolean;
  expandOpen: boolean;
  expandClosed: boolean;
}

export const STRICT_EXPAND_OPEN: IndicesOptions = { ignoreUnavailable: false, allowNoIndices: true, expandOpen: true, expandClosed: false };
export const STRICT_EXPAND_OPEN_CLOSED: IndicesOptions = { ignoreUnavailable: false, allowNoIndices: true, expandOpen: true, expandClosed: true };
export const LENIENT_EXPAND_OPEN: IndicesOptions = { ignoreUnavailable: true, allowNoIndices: true, expandOpen: true, expandClosed: false };

/** Parse the standard `ignore_unavailable`, `allow_no_indices`, `expand_wildcards` parameters. */
export function indicesOptionsFrom(
  get: (name: string) => string | undefined,
  defaults: IndicesOptions,
): IndicesOptions {
  const bool = (v: string | undefined, d: boolean): boolean => (v === undefined ? d : !['false', '0', 'no', 'off'].includes(v));
  const out = {
    ignoreUnavailable: bool(get('ignore_unavailable'), defaults.ignoreUnavailable),
    allowNoIndices: bool(get('allow_no_indices'), defaults.allowNoIndices),
    expandOpen: defaults.expandOpen,
    expandClosed: defaults.expandClosed,
  };
  const ew = get('expand_wildcards');
  if (ew !== undefined) {
    out.expandOpen = false;
    out.expandClosed = false;
    for (const w of ew.split(',')) {
      if (w === 'open') out.expandOpen = true;
      else if (w === 'closed') out.expandClosed = true;
      else if (w === 'all') out.expandOpen = out.expandClosed = true;
      else if (w === 'none') {
        /* nothing */
      } else throw illegalArgument(`No valid expand wildcard value [${w}]`);
    }
  }
  return out;
}

/** Split a path/list expression into names (`a,b` → [a, b]; empty → []). */
export function splitExpression(expr: string | undefined): string[] {
  if (expr === undefined || expr === '') return [];
  return expr.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

function isAll(names: string[]): boolean {
  return names.length === 0 || (names.length === 1 && (names[0] === '_all' || names[0] === '*'));
}

function wildcardStates(meta: IndexMetadata, o: IndicesOptions): boolean {
  return (meta.state === 'open' && o.expandOpen) || (meta.state === 'close' && o.expandClosed);
}

/** Indices that alias `alias` points to. */
export function indicesOfAlias(state: ClusterState, alias: string): IndexMetadata[] {
  return Object.values(state.indices).filter((m) => Object.hasOwn(m.aliases, alias));
}

/**
 * Concrete index names for an expression, in ES's order (sorted when from wildcards/_all,
 * request order otherwise). Throws `index_not_found_exception` as ES does.
 */
export function resolveIndices(state: ClusterState, expression: string | string[] | undefined, opts: IndicesOptions): string[] {
  // ES resolves date math (`<logs-{now/d}>`) before wildcards and existence checks, so a
  // missing index is reported under its resolved name (DateMathExpressionResolver first).
  const now = Date.now();
  const names = (Array.isArray(expression) ? expression : splitExpression(expression)).map((n) => resolveDateMathIndexName(n, now));
  const all = Object.values(state.indices);
  let result: string[] = [];
  if (isAll(names)) {
    result = all.filter((m) => wildcardStates(m, opts)).map((m) => m.name).sort();
  } else {
    const set = new Set<string>();
    names.forEach((raw, i) => {
      let name = raw;
      let exclude = false;
      if (name.startsWith('+')) name = name.slice(1);
      else if (name.startsWith('-') && i > 0) {
        exclude = true;
        name = name.slice(1);
      }
      const matched: string[] = [];
      if (name.includes('*')) {
        for (const m of all) if (simpleMatch(name, m.name) && wildcardStates(m, opts)) matched.push(m.name);
        for (const m of all) {
          for (const a of Object.keys(m.aliases)) if (simpleMatch(name, a) && wildcardStates(m, opts)) matched.push(m.name);
        }
        matched.sort();
      } else if (Object.hasOwn(state.indices, name)) {
        matched.push(name);
      } else {
        const viaAlias = indicesOfAlias(state, name);
        if (viaAlias.length > 0) matched.push(...viaAlias.map((m) => m.name).sort());
        else if (!exclude && !opts.ignoreUnavailable) throw indexNotFound(name);
      }
      for (const m of matched) {
        if (exclude) set.delete(m);
        else set.add(m);
      }
    });
    result = [...set];
  }
  if (result.length === 0 && !opts.allowNoIndices) {
    throw indexNotFound(Array.isArray(expression) ? expression.join(',') : (expression ?? '_all'));
  }
  return result;
}
