/**
 * A node's part in an etcd-coordinated cluster: the etcd client, the shared cluster state (read
 * or created at start, then watched), this node's membership lease and, on a master-eligible
 * node, its candidacy. lib/node.ts starts it in cluster mode only; a single node never loads
 * any of it.
 */
import { Etcd3 } from 'etcd3';
import { ClusterService } from '../cluster-service.js';
import { emptyState, type ClusterNodeInfo } from '../state.js';
import { allocate } from '../allocation/allocate.js';
import type { Logger } from '../../indices/index-service.js';
import { clusterPrefix, type ClusterModeSettings } from './cluster-settings.js';
import { EtcdStateStore } from './etcd-state-store.js';
import { Membership } from './membership.js';
import { MasterElection } from './master.js';

export class EtcdCoordination {
  private membership: Membership | undefined;
  private election: MasterElection | undefined;

  private constructor(
    private readonly client: Etcd3,
    private readonly store: EtcdStateStore,
    readonly cluster: ClusterService,
    private readonly settings: ClusterModeSettings,
    private readonly logger: Logger,
  ) {}

  /**
   * Connect to etcd and load the cluster's state (creating it with `newClusterUuid` when this is
   * the cluster's first node). The returned ClusterService writes by compare-and-set into etcd and
   * runs allocation after every update.
   */
  static async connect(settings: ClusterModeSettings, newClusterUuid: string, logger: Logger): Promise<EtcdCoordination> {
    const client = new Etcd3({ hosts: settings.endpoints, dialTimeout: 5000 });
    const prefix = clusterPrefix(settings.clusterName);
    const store = new EtcdStateStore(client, `${prefix}state`);
    try {
      const initial = await store.loadOrCreate(emptyState(newClusterUuid));
      const cluster = new ClusterService(initial, store, allocate);
      return new EtcdCoordination(client, store, cluster, settings, logger);
    } catch (err) {
      client.close();
      throw new Error(`cannot reach etcd at [${settings.endpoints.join(',')}] (${ETCD_SETTING}): ${(err as Error).message}`, { cause: err });
    }
  }

  /** Watch the state, register this node and stand for master if eligible. Call once the node serves. */
  async join(self: ClusterNodeInfo): Promise<void> {
    const prefix = clusterPrefix(this.settings.clusterName);
    await this.store.watch((state) => void this.cluster.adopt(state).catch((err: Error) => this.logger.error({ err }, 'applying the cluster state failed')));
    // a write between the load and the watch would be missed: read once more now the watch runs
    const latest = await this.store.read();
    if (latest) await this.cluster.adopt(latest);
    this.membership = new Membership(this.client, prefix, self, this.settings.leaseTtlSeconds, this.logger);
    await this.membership.join();
    if (this.settings.master) {
      this.election = new MasterElection(this.client, prefix, self.id, this.settings.leaseTtlSeconds, this.cluster, this.logger);
      this.election.campaignNow();
    }
  }

  /** This node's election fence while it is the elected master (its metadata writes carry it), else undefined. */
  masterFence(): string | undefined {
    return this.election?.currentFence;
  }

  /** Whether this node is the elected master now. */
  get isMaster(): boolean {
    return this.election?.isMaster ?? false;
  }

  /** Leave the cluster: resign, revoke the membership lease, stop watching, disconnect. */
  async close(): Promise<void> {
    await this.election?.close();
    await this.membership?.leave();
    await this.store.close();
    this.client.close();
  }
}

const ETCD_SETTING = 'discovery.etcd.endpoints';
