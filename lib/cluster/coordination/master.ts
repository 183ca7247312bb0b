/**
 * Master election on etcd (etcd3's `Election`: the candidate whose key, tied to its lease, was
 * created first leads; its key vanishes with its lease). The elected master publishes the
 * membership into the cluster state (`nodes`, `masterNode`; allocation follows through the
 * ClusterService's after-update step) whenever a member joins or leaves. Every one of its writes
 * is fenced by its election key: a master whose lease expired (paused, partitioned) finds the key
 * gone and its write refused, steps down and campaigns again.
 */
import type { Campaign, Etcd3, Watcher } from 'etcd3';
import type { ClusterService } from '../cluster-service.js';
import type { ClusterNodeInfo, ClusterState } from '../state.js';
import { dict } from '../../dict.js';
import { StateConflictError } from '../state-conflict.js';
import type { Logger } from '../../indices/index-service.js';
import { readMembers, watchMembers } from './membership.js';

export class MasterElection {
  private campaign: Campaign | undefined;
  private fence: string | undefined;
  private watcher: Watcher | undefined;
  private closed = false;
  private publishing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly client: Etcd3,
    private readonly prefix: string,
    private readonly nodeId: string,
    private readonly ttlSeconds: number,
    private readonly cluster: ClusterService,
    private readonly logger: Logger,
  ) {}

  /** Whether this node is the elected master now. */
  /** The election key that fences this master's writes, while it is the elected master. */
  get currentFence(): string | undefined {
    return this.fence;
  }

  get isMaster(): boolean {
    return this.fence !== undefined;
  }

  /** Stand for election (a master-eligible node does so as it starts). */
  campaignNow(): void {
    if (this.closed) return;
    const c = this.client.election(`${this.prefix}master`, this.ttlSeconds).campaign(this.nodeId);
    this.campaign = c;
    c.on('elected', () => void this.elected(c).catch((err: Error) => this.lost(c, err)));
    c.on('error', (err: Error) => this.lost(c, err));
  }

  private async elected(c: Campaign): Promise<void> {
    const key = await c.getCampaignKey();
    if (this.campaign !== c || this.closed) return;
    this.fence = key;
    this.logger.info(`elected master of the cluster (election key ${key})`);
    this.watcher = await watchMembers(this.client, this.prefix, () => this.publish());
    this.publish();
  }

  /** Publish the current members (coalesced: one run at a time, re-run when more changes came in). */
  private publish(): void {
    this.dirty = true;
    this.publishing = this.publishing.then(async () => {
      while (this.dirty && this.fence !== undefined && !this.closed) {
        this.dirty = false;
        const fence = this.fence;
        try {
          const members = await readMembers(this.client, this.prefix);
          await this.cluster.submit((s) => withMembers(s, members, this.nodeId), { fence });
        } catch (err) {
          if (err instanceof StateConflictError && err.fenced) {
            this.lost(this.campaign, err);
            return;
          }
          this.logger.warn(`publishing the cluster membership failed: ${(err as Error).message}; retrying`);
          this.dirty = true;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    });
  }

  /** The campaign failed or the master was fenced: stop acting as master and stand again. */
  private lost(c: Campaign | undefined, err: Error): void {
    if (c !== this.campaign) return;
    if (this.fence !== undefined) this.logger.warn(`no longer the master: ${err.message}`);
    this.fence = undefined;
    this.campaign = undefined;
    void this.watcher?.cancel();
    this.watcher = undefined;
    if (!this.closed) setTimeout(() => this.campaignNow(), 500).unref();
  }

  /** Stop: resign (another candidate takes over at once) and stop watching. */
  async close(): Promise<void> {
    this.closed = true;
    this.fence = undefined;
    await this.watcher?.cancel();
    await this.publishing;
    await this.campaign?.resign().catch(() => undefined);
  }
}

/** `state` with `members` as its nodes and `master` as the master (the same object when nothing changed). */
export function withMembers(state: ClusterState, members: ClusterNodeInfo[], master: string): ClusterState {
  const nodes = dict<ClusterNodeInfo>();
  for (const m of [...members].sort((a, b) => a.id.localeCompare(b.id))) nodes[m.id] = m;
  const same = state.masterNode === master && JSON.stringify(state.nodes ?? {}) === JSON.stringify(nodes);
  return same ? state : { ...state, nodes, masterNode: master };
}
