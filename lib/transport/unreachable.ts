/**
 * The transport failures that mean a node could not be reached (as opposed to a node that
 * answered with an error): a metadata update reports that no master is known (a read moves on
 * to the next copy after these and after a copy's own failure alike, lib/transport/routed-clients.ts). Its own module, without the transport, so a single node never loads that.
 */
export const UNREACHABLE_NODE_ERRORS: ReadonlySet<string> = new Set([
  'connect_transport_exception',
  'node_disconnected_exception',
  'node_not_connected_exception',
  'receive_timeout_transport_exception',
]);
