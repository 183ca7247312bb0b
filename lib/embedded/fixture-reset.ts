/**
 * The fixture state of a memory node and the way back to it. Capturing closes the indices (so
 * every shard has flushed into its store), copies the index stores and keeps the cluster state
 * object (states are immutable values), then reopens. A reset closes the indices, puts the
 * copied stores back (dropping indices created since), installs the kept cluster state
 * (templates, pipelines, stored scripts, settings, aliases included) and reopens: no document is
 * re-indexed. Both run inside the cluster service's update queue, so no metadata change
 * interleaves; requests in flight while a reset runs may fail (reset between tests).
 */
import type { ClusterState } from '../cluster/state.js';
import type { NodeContext } from '../action/context.js';
import { MemoryVolume, type VolumeSnapshot } from '../../storage/store-volume.js';
import type { RunningNode } from '../node.js';

/** What a reset did. */
export interface ResetReport {
  /** Open indices after the reset. */
  indices: number;
  tookMs: number;
}

export class FixtureState {
  private constructor(
    private readonly ctx: NodeContext,
    private readonly volume: MemoryVolume,
    private readonly stores: VolumeSnapshot,
    private readonly state: ClusterState,
  ) {}

  /** The node's current indices and cluster state, as the state `reset` returns to. */
  static async capture(node: RunningNode): Promise<FixtureState> {
    const { volume, indicesPath } = node.storage;
    if (!(volume instanceof MemoryVolume)) throw new Error('reset needs a node started with [memory: true]');
    const ctx = node.context;
    let stores: VolumeSnapshot | undefined;
    let state: ClusterState | undefined;
    await ctx.cluster.replace(async (current) => {
      await ctx.indices.closeAll();
      stores = await volume.snapshot(indicesPath);
      state = current;
      return current;
    });
    return new FixtureState(ctx, volume, stores!, state!);
  }

  /** Bytes of index data kept for resets. */
  get bytes(): number {
    return this.stores.bytes;
  }

  /** Put every index, template, pipeline and stored script back as captured. */
  async reset(): Promise<ResetReport> {
    const started = performance.now();
    await this.ctx.cluster.replace(async () => {
      await this.ctx.indices.closeAll();
      await this.volume.restore(this.stores);
      return this.state;
    });
    return { indices: this.ctx.indices.all().length, tookMs: performance.now() - started };
  }
}
