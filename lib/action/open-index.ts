/**
 * The open index service behind a concrete index name, or ES's error: `index_closed_exception`
 * for a closed index, `index_not_found_exception` for a missing one.
 */
import type { NodeContext } from './context.js';
import type { IndexService } from '../indices/index-service.js';
import { indexNotFound } from '../errors/errors.js';
import { indexClosed } from './indices/open-close.js';

export function openIndex(ctx: NodeContext, name: string): IndexService {
  const svc = ctx.indices.get(name);
  if (svc) return svc;
  const meta = ctx.cluster.state().indices[name];
  if (meta && meta.state === 'close') throw indexClosed(name, meta.uuid);
  throw indexNotFound(name);
}
