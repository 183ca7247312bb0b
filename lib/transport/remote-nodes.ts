/**
 * Node-level actions between members (`nodes:info`, ...): a JSON-like request and answer carried
 * as the shard schema's generic `Value` tree, so they need no message type of their own. The
 * coordinator reaches them as `NodeContext.remote`.
 */
import type { ClusterState } from '../cluster/state.js';
import type { RemoteNodes } from '../action/context.js';
import { wireType } from '../messages/wire.js';
import { EsError } from '../errors/errors.js';
import type { ActionHandler } from './actions.js';
import type { TransportClient } from './transport-client.js';

const VALUE = wireType<unknown>('Value');

/** The coordinator's side: call `action` on the member `nodeId`. */
export function remoteNodes(transport: TransportClient, state: () => ClusterState): RemoteNodes {
  return {
    async call(nodeId, action, body) {
      const node = state().nodes?.[nodeId];
      if (!node) throw new EsError('node_not_connected_exception', 500, `[${nodeId}] is not a member of the cluster`);
      return VALUE.decode(await transport.request({ id: node.id, host: node.host, port: node.transportPort }, action, VALUE.encode(body)));
    },
  };
}

/** The answering side: a node-level action as a transport action handler. */
export function valueAction(run: (body: unknown) => Promise<unknown>): ActionHandler {
  return async (bytes) => VALUE.encode(await run(VALUE.decode(bytes)));
}
