/**
 * Alias rules shared by index creation and the alias APIs.
 */
import type { ClusterState } from '../../cluster/state.js';
import { invalidIndexName } from '../../errors/errors.js';
import { EsError } from '../../errors/es-error.js';

export function validateAliasForIndex(state: ClusterState, alias: string, index: string): void {
  if (state.indices[alias] || alias === index) {
    throw new EsError('invalid_alias_name_exception', 400, `Invalid alias name [${alias}], an index exists with the same name as the alias`, {
      metadata: { index_uuid: '_na_', index: alias },
    });
  }
  if (alias.startsWith('_') || alias.startsWith('-') || alias.startsWith('+')) {
    throw invalidIndexName(alias, `must not start with '_', '-', or '+'`);
  }
}
