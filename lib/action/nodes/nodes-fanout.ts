/**
 * A nodes request (ES 5.6 `TransportNodesAction`): resolve the `{node_id}` selection over the
 * members, ask every selected member at once for its own part over the transport (this node
 * answers in process), and report who failed as ES's `_nodes` header does
 * (`RestActions#buildNodesHeader`: `total`, `successful`, `failed` and a `failures` array of
 * `failed_node_exception`s). On a single node the only member is this node.
 */
import type { NodeContext } from '../context.js';
import { clusterMembers, selectsMember, type Member } from './cluster-members.js';
import { EsError, toEsError } from '../../errors/errors.js';
import { errorJson } from '../search/search-errors.js';
import { decodeRendered, encodeRendered, type WireJson } from '../../messages/wire-json.js';

/** The answers of the selected members, in member order, and the failed ones. */
export interface NodesAnswers<T> {
  answers: Array<{ member: Member; value: T }>;
  failures: Array<{ member: Member; error: EsError }>;
}

/**
 * Ask every member `nodeIds` selects: `local` on this node, the transport action `action` with
 * `body` on the others (their answer is a rendered value: JsonDouble and the like survive).
 */
export async function askNodes<T>(ctx: NodeContext, nodeIds: readonly string[], action: string, body: unknown, local: () => Promise<T>): Promise<NodesAnswers<T>> {
  const remote = ctx.remote;
  const selected = clusterMembers(ctx).filter((m) => selectsMember(m, nodeIds));
  const out: NodesAnswers<T> = { answers: [], failures: [] };
  const settled = await Promise.all(
    selected.map(async (member): Promise<() => void> => {
      try {
        let value: T;
        if (member.local) value = await local();
        else if (!remote) throw new EsError('node_not_connected_exception', 500, `[${member.id}] is not a member of the cluster`);
        else value = decodeRendered((await remote.call(member.id, action, body)) as WireJson) as T;
        return () => out.answers.push({ member, value });
      } catch (err) {
        return () => out.failures.push({ member, error: toEsError(err) });
      }
    }),
  );
  // in member order, whichever answered first
  for (const add of settled) add();
  return out;
}

/** A node's answer as it crosses the transport (see {@link askNodes}). */
export function nodeAnswer(value: unknown): unknown {
  return encodeRendered(value);
}

/** ES 5.6's `_nodes` header of a nodes response; `failures` only when a node failed. */
export function nodesHeader(r: NodesAnswers<unknown>): Record<string, unknown> {
  const failed = r.failures.length;
  const header: Record<string, unknown> = { total: r.answers.length + failed, successful: r.answers.length, failed };
  if (failed > 0) {
    // ES `FailedNodeException`: "Failed node [id]", its node_id, the transport failure as the cause
    header.failures = r.failures.map(({ member, error }) => ({
      type: 'failed_node_exception',
      reason: `Failed node [${member.id}]`,
      node_id: member.id,
      caused_by: errorJson(error),
    }));
  }
  return header;
}
