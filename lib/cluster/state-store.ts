/**
 * Durable home of the cluster state on a single node: its own small keyspace at
 * `<data>/nodes/0/_state`, one key holding the JSON of the state, written with `sync` so an
 * acknowledged metadata change survives `kill -9`. (A multi-node cluster will keep the
 * authoritative copy in the consensus store instead; this is the single-node home.) The
 * keyspace is a storage/ store like a shard's: only storage/ touches LevelDB. Transient
 * cluster settings are never written: ES 5.6 drops them on a full cluster restart.
 */
import type { ShardStore } from '../../storage/shard-store.js';
import { DISK_VOLUME, type StoreVolume } from '../../storage/store-volume.js';
import type { ClusterState } from './state.js';

const STATE_KEY = Buffer.from('cluster_state');

export class StateStore {
  private constructor(private readonly db: ShardStore) {}

  /** Open the state keyspace at `path` on `volume` (the data directory by default). */
  static async open(path: string, volume: StoreVolume = DISK_VOLUME): Promise<StateStore> {
    return new StateStore(await volume.open(path));
  }

  async load(): Promise<ClusterState | undefined> {
    const raw = await this.db.get(STATE_KEY);
    if (raw === undefined) return undefined;
    const state = JSON.parse(raw.toString('utf8')) as ClusterState;
    return { ...state, transientSettings: {} };
  }

  async save(state: ClusterState): Promise<void> {
    await this.db.put(STATE_KEY, Buffer.from(JSON.stringify({ ...state, transientSettings: {} })), { sync: true });
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
