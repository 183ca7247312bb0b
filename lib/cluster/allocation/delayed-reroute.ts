/**
 * ES 5.6's `DelayedAllocationService`: when the earliest delayed copy of the state stops waiting
 * for its node (`index.unassigned.node_left.delayed_timeout` after the node left), the elected
 * master runs allocation again, which replaces the copy elsewhere. Every node keeps the timer
 * (a state listener); only the one that is master when it fires writes.
 */
import type { ClusterService } from '../cluster-service.js';
import type { ClusterState } from '../state.js';
import type { Logger } from '../../indices/index-service.js';
import { allocate, nextDelayExpiry } from './allocate.js';

export interface DelayedRerouteDeps {
  cluster: ClusterService;
  isMaster(): boolean;
  logger: Logger;
}

export class DelayedReroute {
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (ms since the epoch). */
  private at: number | undefined;

  constructor(private readonly deps: DelayedRerouteDeps) {}

  /** Re-arm the timer for the state's earliest delay expiry (a state listener). */
  onState(state: ClusterState): void {
    const at = nextDelayExpiry(state);
    if (at === this.at) return;
    clearTimeout(this.timer);
    this.at = at;
    if (at === undefined) return;
    this.timer = setTimeout(() => {
      this.at = undefined;
      if (!this.deps.isMaster()) return;
      // allocate on the latest state at this moment (the update must differ for a write to follow)
      this.deps.cluster.submit((s) => allocate(s)).catch((err: unknown) => this.deps.logger.warn({ err }, 'delayed allocation reroute failed'));
    }, Math.max(0, at - Date.now()) + 10);
    this.timer.unref();
  }

  close(): void {
    clearTimeout(this.timer);
    this.at = undefined;
  }
}
