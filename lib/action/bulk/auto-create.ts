/**
 * Automatic index creation for writes to missing indices, as ES 5.6 `AutoCreateIndex`: governed
 * by `action.auto_create_index` (true, false, or `+pattern,-pattern` lists). Returns the errors
 * of indices that could not be created, keyed by the requested name, for the items to report.
 */
import type { NodeContext } from '../context.js';
import type { BulkItemRequest } from './types.js';
import { createIndex } from '../indices/create-index.js';
import { EsError, toEsError } from '../../errors/es-error.js';
import { indexNotFound } from '../../errors/errors.js';
import { indicesOfAlias } from '../resolve-indices.js';
import { simpleMatch } from '../../units/simple-match.js';

export function autoCreateAllowed(setting: string | undefined, index: string): boolean {
  if (setting === undefined || setting === 'true') return true;
  if (setting === 'false') return false;
  for (const raw of setting.split(',').map((s) => s.trim())) {
    if (raw.startsWith('-') && simpleMatch(raw.slice(1), index)) return false;
    if (raw.startsWith('+') && simpleMatch(raw.slice(1), index)) return true;
    if (simpleMatch(raw, index)) return true;
  }
  return false;
}

export async function autoCreateIndices(ctx: NodeContext, items: BulkItemRequest[]): Promise<Map<string, EsError>> {
  const failures = new Map<string, EsError>();
  const state = ctx.cluster.state();
  const missing = new Set<string>();
  for (const it of items) {
    if (!Object.hasOwn(state.indices, it.index) && indicesOfAlias(state, it.index).length === 0) missing.add(it.index);
  }
  const setting =
    ctx.cluster.state().transientSettings['action.auto_create_index'] ??
    ctx.cluster.state().persistentSettings['action.auto_create_index'] ??
    ctx.settings['action.auto_create_index'];
  for (const name of missing) {
    if (!autoCreateAllowed(setting, name)) {
      failures.set(name, indexNotFound(name));
      continue;
    }
    try {
      await createIndex(ctx, { index: name });
    } catch (err) {
      const e = toEsError(err);
      if (e.type !== 'index_already_exists_exception') failures.set(name, e);
    }
  }
  return failures;
}
