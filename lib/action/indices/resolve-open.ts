/**
 * Index resolution for the broadcast maintenance APIs (segments, recovery, cache clear, force
 * merge, upgrade, synced flush, field stats/caps): ES 5.6 resolves them with "forbid closed
 * indices", so a closed index named explicitly answers `index_closed_exception` (403) unless
 * `ignore_unavailable` skips it.
 */
import type { NodeContext } from '../context.js';
import { resolveIndices, type IndicesOptions } from '../resolve-indices.js';
import { indexClosed } from '../../errors/errors.js';

/** Concrete open indices of `expression` (sorted as resolution returns them). */
export function resolveOpenIndices(ctx: NodeContext, expression: string | string[] | undefined, opts: IndicesOptions): string[] {
  const state = ctx.cluster.state();
  const out: string[] = [];
  for (const name of resolveIndices(state, expression, opts)) {
    const meta = state.indices[name];
    if (!meta) continue;
    if (meta.state !== 'open' || !ctx.indices.get(name)) {
      if (opts.ignoreUnavailable) continue;
      throw indexClosed(name, meta.uuid);
    }
    out.push(name);
  }
  return out;
}
