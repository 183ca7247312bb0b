/**
 * Checks of a reindex destination before anything is read (ES 5.6
 * `TransportReindexAction#validateAgainstAliases` with `AutoCreateIndex#shouldAutoCreate`): a
 * missing destination must be creatable under `action.auto_create_index` (refused with ES's
 * three messages), and a local reindex may not write into an index it reads from.
 */
import type { NodeContext } from '../context.js';
import { EsError, actionRequestValidation } from '../../errors/errors.js';
import { indicesOfAlias, resolveIndices, STRICT_EXPAND_OPEN } from '../resolve-indices.js';
import { simpleMatch } from '../../units/simple-match.js';
import type { ByScrollRequest } from './request.js';

function noSuchIndex(index: string, why: string): EsError {
  return new EsError('index_not_found_exception', 404, `no such index and ${why}`, {
    metadata: { 'resource.type': 'index_expression', 'resource.id': index, index_uuid: '_na_', index },
  });
}

/** ES `AutoCreateIndex#shouldAutoCreate` for a missing index: throws why it may not be created. */
function checkAutoCreate(setting: string | undefined, index: string): void {
  if (setting === undefined || setting === 'true') return;
  if (setting === 'false') throw noSuchIndex(index, '[action.auto_create_index] is [false]');
  for (const raw of setting.split(',').map((s) => s.trim())) {
    if (raw.startsWith('-') && simpleMatch(raw.slice(1), index)) {
      throw noSuchIndex(index, `[action.auto_create_index] contains [${raw}] which forbids automatic creation of the index`);
    }
    if (simpleMatch(raw.replace(/^\+/, ''), index)) return;
  }
  throw noSuchIndex(index, `[action.auto_create_index] ([${setting}]) doesn't match`);
}

/** Validate a local or remote reindex's destination against the cluster state. */
export function checkReindexDest(ctx: NodeContext, r: ByScrollRequest): void {
  const dest = r.dest?.index;
  if (dest === undefined) return;
  const state = ctx.cluster.state();
  const exists = Object.hasOwn(state.indices, dest) || indicesOfAlias(state, dest).length > 0;
  if (!exists) {
    const setting = state.transientSettings['action.auto_create_index'] ?? state.persistentSettings['action.auto_create_index'] ?? ctx.settings['action.auto_create_index'];
    checkAutoCreate(setting, dest);
    return;
  }
  if (r.remote) return;
  const targets = Object.hasOwn(state.indices, dest) ? [dest] : indicesOfAlias(state, dest).map((m) => m.name);
  let sources: string[] = [];
  try {
    sources = resolveIndices(state, r.search.indices, STRICT_EXPAND_OPEN);
  } catch {
    return; // the search reports a missing source itself
  }
  for (const t of targets) if (sources.includes(t)) throw actionRequestValidation([`reindex cannot write into an index its reading from [${t}]`]);
}
