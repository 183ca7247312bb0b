/**
 * `DELETE /{index}`: lists, wildcards and `_all`; aliases are refused as in ES 5.6 (a concrete
 * index name is required; a wildcard never matches through an alias here).
 */
import type { NodeContext } from '../context.js';
import type { IndicesOptions } from '../resolve-indices.js';
import { indexNotFound } from '../../errors/errors.js';
import { simpleMatch } from '../../cluster/settings.js';

export async function deleteIndex(ctx: NodeContext, expression: string, opts: IndicesOptions): Promise<{ acknowledged: true }> {
  await ctx.cluster.submit((state) => {
    const names = expression.split(',').map((s) => s.trim()).filter(Boolean);
    let targets: string[];
    if (names.some((n) => n.includes('*') || n === '_all')) {
      const set = new Set<string>();
      for (const n of names) {
        if (n === '_all' || n.includes('*')) {
          for (const m of Object.keys(state.indices)) if (n === '_all' || simpleMatch(n, m)) set.add(m);
        } else if (n.startsWith('-')) {
          for (const m of [...set]) if (simpleMatch(n.slice(1), m)) set.delete(m);
        } else if (state.indices[n]) set.add(n);
        else if (!opts.ignoreUnavailable) throw indexNotFound(n);
      }
      targets = [...set];
    } else {
      targets = [];
      for (const n of names) {
        if (state.indices[n]) targets.push(n);
        else if (!opts.ignoreUnavailable) throw indexNotFound(n);
      }
    }
    if (targets.length === 0) return state;
    const indices = { ...state.indices };
    for (const t of targets) delete indices[t];
    return { ...state, indices };
  });
  return { acknowledged: true };
}
