/**
 * Durable home of the cluster state on a single node: its own small LevelDB at
 * `<data>/nodes/0/_state`, one key holding the JSON of the state, written with `sync` so an
 * acknowledged metadata change survives `kill -9`. (A multi-node cluster will keep the
 * authoritative copy in the consensus store instead; this is the single-node home.)
 * Transient cluster settings are never written: ES 5.6 drops them on a full cluster restart.
 */
import { ClassicLevel } from 'classic-level';
import type { ClusterState } from './state.js';

const STATE_KEY = 'cluster_state';

export class StateStore {
  private constructor(private readonly db: ClassicLevel<string, string>) {}

  static async open(path: string): Promise<StateStore> {
    const db = new ClassicLevel<string, string>(path, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
    await db.open();
    return new StateStore(db);
  }

  async load(): Promise<ClusterState | undefined> {
    const raw = await this.db.get(STATE_KEY);
    if (raw === undefined) return undefined;
    const state = JSON.parse(raw) as ClusterState;
    return { ...state, transientSettings: {} };
  }

  async save(state: ClusterState): Promise<void> {
    await this.db.put(STATE_KEY, JSON.stringify({ ...state, transientSettings: {} }), { sync: true });
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
