/**
 * The fixture state of a memory node and the way back to it. Capturing closes the indices (so
 * every shard has flushed into its store), copies the index stores and keeps the cluster state
 * object (states are immutable values), then reopens. A reset closes the indices whose stores
 * were written, created or deleted since (the volume marks every write), puts those stores back
 * (dropping indices created since), installs the kept cluster state (templates, pipelines, stored
 * scripts, settings, mappings, aliases included) and reopens what it closed: no document is
 * re-indexed, and an index a test only read costs nothing. Both run inside the cluster service's update queue, so no metadata change
 * interleaves; requests in flight while a reset runs may fail (reset between tests).
 */
import { relative, sep } from 'node:path';
import type { ClusterState } from '../cluster/state.js';
import type { NodeContext } from '../action/context.js';
import { clearScroll } from '../action/search/scroll.js';
import { MemoryVolume, type VolumeSnapshot } from '../../storage/store-volume.js';
import type { RunningNode } from '../node.js';

/** What a reset did. */
export interface ResetReport {
  /** Open indices after the reset. */
  indices: number;
  /** Indices whose data changed since the capture and was put back (the others were left open). */
  restored: number;
  tookMs: number;
}

export class FixtureState {
  private constructor(
    private readonly ctx: NodeContext,
    private readonly volume: MemoryVolume,
    private readonly stores: VolumeSnapshot,
    private readonly state: ClusterState,
    private readonly indicesPath: string,
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
    return new FixtureState(ctx, volume, stores!, state!, indicesPath);
  }

  /** Bytes of index data kept for resets. */
  get bytes(): number {
    return this.stores.bytes;
  }

  /** Put every index, template, pipeline and stored script back as captured. */
  async reset(): Promise<ResetReport> {
    const started = performance.now();
    let restored = 0;
    // Scrolls of the previous test read the stores being put back: a reset ends them, as a
    // clear-scroll of `_all` does (their ids then answer search_context_missing_exception).
    await clearScroll(this.ctx, ['_all']);
    await this.ctx.cluster.replace(async () => {
      // Only indices whose stores changed since the capture are closed, restored and reopened;
      // the others just take back their captured metadata (mappings, settings, aliases).
      const changed = this.volume.changedSince(this.stores);
      const uuids = new Set(changed.map((path) => relative(this.indicesPath, path).split(sep)[0]!));
      restored = uuids.size;
      await this.ctx.indices.closeIndices(uuids);
      await this.volume.restore(this.stores, changed);
      return this.state;
    });
    return { indices: this.ctx.indices.all().length, restored, tookMs: performance.now() - started };
  }
}
