/**
 * Alias rules shared by index creation, templates, rollover and the alias APIs (ES 5.6
 * `AliasValidator`): the name follows the index-name rules (reported as
 * `invalid_alias_name_exception`), no index may carry the alias's name, `index_routing` holds one
 * value, and a filter must parse as a query (`failed to parse filter for alias [x]`).
 */
import type { AliasMetadata, ClusterState } from '../../cluster/state.js';
import { EsError, illegalArgument, toEsError } from '../../errors/errors.js';
import { parseQuery } from '../../dsl/parse-query.js';

const INVALID_CHARS = [' ', '"', '*', '\\', '<', '|', ',', '>', '/', '?'];

function invalidAliasName(alias: string, why: string, index?: { name: string; uuid: string }): EsError {
  return new EsError('invalid_alias_name_exception', 400, `Invalid alias name [${alias}], ${why}`, {
    metadata: index ? { index_uuid: index.uuid, index: index.name } : {},
  });
}

/**
 * `AliasValidator#validateAliasStandalone`: name rules and a single index routing value.
 * Used for template aliases, which have no index yet.
 */
export function validateAliasStandalone(alias: string, meta: AliasMetadata = {}): void {
  if (alias.trim().length === 0) throw illegalArgument('alias name is required');
  if (INVALID_CHARS.some((c) => alias.includes(c))) {
    throw invalidAliasName(alias, `must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]`);
  }
  if (alias.includes('#')) throw invalidAliasName(alias, `must not contain '#'`);
  if (alias.startsWith('_') || alias.startsWith('-') || alias.startsWith('+')) {
    throw invalidAliasName(alias, `must not start with '_', '-', or '+'`);
  }
  if (alias !== alias.toLowerCase()) throw invalidAliasName(alias, 'must be lowercase');
  const bytes = Buffer.byteLength(alias, 'utf8');
  if (bytes > 255) throw invalidAliasName(alias, `alias name is too long, (${bytes} > 255)`);
  if (alias === '.' || alias === '..') throw invalidAliasName(alias, `must not be '.' or '..'`);
  if (meta.index_routing !== undefined && meta.index_routing.includes(',')) {
    throw illegalArgument(`alias [${alias}] has several index routing values associated with it`);
  }
}

/** `AliasValidator#validateAliasFilter`: the filter must parse as a query. */
export function validateAliasFilter(alias: string, filter: Record<string, unknown> | undefined): void {
  if (filter === undefined) return;
  try {
    parseQuery(filter);
  } catch (e) {
    throw illegalArgument(`failed to parse filter for alias [${alias}]`, toEsError(e));
  }
}

/**
 * Full check before adding `alias` (with `meta`) to `index` in `state`: standalone rules, no index
 * of that name, a parsable filter.
 */
export function validateAliasForIndex(state: ClusterState, alias: string, index: string, meta: AliasMetadata = {}): void {
  validateAliasStandalone(alias, meta);
  const clash = state.indices[alias];
  if (clash) throw invalidAliasName(alias, 'an index exists with the same name as the alias', { name: clash.name, uuid: clash.uuid });
  if (alias === index) throw invalidAliasName(alias, 'an index exists with the same name as the alias', { name: index, uuid: '_na_' });
  validateAliasFilter(alias, meta.filter);
}
