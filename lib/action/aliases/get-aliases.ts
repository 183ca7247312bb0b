/**
 * Reading aliases: `GET /_alias/{name}`, `/{index}/_alias[/{name}]` (ES 5.6
 * `RestGetAliasesAction`: indices without a matching alias are left out, and names that match
 * nothing make the answer a 404 carrying `error: "alias [x] missing"` beside the found ones),
 * `GET /_alias` and `/_aliases` (every index, aliases or not), the legacy
 * `/{index}/_aliases/{name}` form (every resolved index). `HEAD` answers GET's status.
 */
import type { AliasMetadata, ClusterState } from '../../cluster/state.js';
import { simpleMatch } from '../../units/simple-match.js';
import { resolveIndices, type IndicesOptions } from '../resolve-indices.js';
import { aliasMatches } from './update-aliases.js';

/** Index name → alias name → metadata, indices in resolution order, aliases sorted. */
export type AliasesByIndex = Array<{ index: string; aliases: Array<[string, AliasMetadata]> }>;

/** `MetaData#findAliases`: matching aliases per index; indices without a match are omitted. */
export function findAliases(state: ClusterState, indices: string[], names: string[]): AliasesByIndex {
  const out: AliasesByIndex = [];
  for (const index of indices) {
    const meta = state.indices[index];
    if (!meta) continue;
    const found = Object.keys(meta.aliases)
      .filter((a) => aliasMatches(names, a))
      .sort()
      .map((a): [string, AliasMetadata] => [a, meta.aliases[a]!]);
    if (found.length > 0) out.push({ index, aliases: found });
  }
  return out;
}

/** Names of `requested` that matched no alias (exact names, then wildcard patterns). */
export function missingAliasNames(requested: string[], found: AliasesByIndex): string[] {
  const names = new Set<string>();
  for (const e of found) for (const [a] of e.aliases) names.add(a);
  return [...new Set(requested)]
    .filter((r) => !names.has(r))
    .filter((r) => !(r.includes('*') && [...names].some((n) => simpleMatch(r, n))))
    .sort();
}

function renderEntry(aliases: Array<[string, AliasMetadata]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [a, m] of aliases) out[a] = { ...m };
  return out;
}

/** Split a `name` path parameter; `_all` (or nothing) means every alias. */
export function aliasNamesParam(name: string | undefined): string[] {
  if (name === undefined || name === '' || name === '_all') return [];
  return name.split(',').map((s) => s.trim()).filter(Boolean);
}

/** The body and status of `GET /{index}/_alias/{name}`. */
export function getAliases(
  state: ClusterState,
  indexExpr: string | undefined,
  nameParam: string | undefined,
  opts: IndicesOptions,
): { status: number; body: Record<string, unknown> } {
  const names = aliasNamesParam(nameParam);
  const indices = resolveIndices(state, indexExpr, opts);
  const found = findAliases(state, indices, names);
  const missing = missingAliasNames(names, found);
  const body: Record<string, unknown> = {};
  let status = 200;
  if (missing.length > 0) {
    status = 404;
    body.error = missing.length === 1 ? `alias [${missing[0]}] missing` : `aliases [${missing.join(',')}] missing`;
    body.status = 404;
  }
  for (const e of found) body[e.index] = { aliases: renderEntry(e.aliases) };
  return { status, body };
}

/**
 * `GET /_alias`, `/_aliases`, and the legacy `/{index}/_aliases[/{name}]`: every resolved index,
 * with its (matching) aliases, possibly none.
 */
export function getAllAliases(state: ClusterState, indexExpr: string | undefined, nameParam: string | undefined, opts: IndicesOptions): Record<string, unknown> {
  const names = aliasNamesParam(nameParam);
  const body: Record<string, unknown> = {};
  for (const index of resolveIndices(state, indexExpr, opts)) {
    const meta = state.indices[index]!;
    const aliases = Object.keys(meta.aliases)
      .filter((a) => aliasMatches(names, a))
      .sort()
      .map((a): [string, AliasMetadata] => [a, meta.aliases[a]!]);
    body[index] = { aliases: renderEntry(aliases) };
  }
  return body;
}
