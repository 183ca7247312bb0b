/**
 * Node membership by leases: each node puts its `ClusterNodeInfo` under `<prefix>nodes/<id>`
 * attached to a lease it keeps alive; when the process dies (or loses etcd for longer than the
 * lease's TTL) the lease expires, etcd deletes the key, and the master's watch removes the node
 * from the cluster state. A lost lease is re-granted and the key put again.
 */
import type { Etcd3, Lease, Watcher } from 'etcd3';
import type { ClusterNodeInfo } from '../state.js';
import type { Logger } from '../../indices/index-service.js';

/** This node's registration: kept alive until `close()`. */
export class Membership {
  private lease: Lease | undefined;
  private closed = false;

  constructor(
    private readonly client: Etcd3,
    private readonly prefix: string,
    private readonly self: ClusterNodeInfo,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
  ) {}

  /** Register this node (resolves once its key is in etcd). */
  async join(): Promise<void> {
    const lease = this.client.lease(this.ttlSeconds, { autoKeepAlive: true });
    this.lease = lease;
    lease.on('lost', (err) => {
      if (this.closed || this.lease !== lease) return;
      this.logger.warn(`cluster membership lease lost (${err.message}); joining again`);
      setTimeout(() => void this.join().catch((e: Error) => this.logger.error(`joining the cluster again failed: ${e.message}`)), 200).unref();
    });
    await lease.put(nodeKey(this.prefix, this.self.id)).value(JSON.stringify(this.self));
  }

  /** Leave: revoke the lease, so the key goes now rather than after the TTL. */
  async leave(): Promise<void> {
    this.closed = true;
    await this.lease?.revoke().catch(() => undefined);
  }

  /**
   * Stop keeping the lease alive without revoking it: the node disappears only when the TTL runs
   * out, as after a crash (tests of failover use it).
   */
  abandon(): void {
    this.closed = true;
    this.lease?.release();
  }
}

function nodeKey(prefix: string, id: string): string {
  return `${prefix}nodes/${id}`;
}

/** The members registered now. */
export async function readMembers(client: Etcd3, prefix: string): Promise<ClusterNodeInfo[]> {
  const all = await client.getAll().prefix(`${prefix}nodes/`).strings();
  return Object.values(all).map((v) => JSON.parse(v) as ClusterNodeInfo);
}

/** Call `onChange` whenever a member joins or leaves. */
export async function watchMembers(client: Etcd3, prefix: string, onChange: () => void): Promise<Watcher> {
  const w = await client.watch().prefix(`${prefix}nodes/`).create();
  w.on('put', onChange);
  w.on('delete', onChange);
  return w;
}
