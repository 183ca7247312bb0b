/**
 * The files of a shard's LevelDB store as the stats and the store recovery report them. A file
 * may vanish between listing and stat (LevelDB compacts in the background): it is left out.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The files of a shard's store with their sizes (what a store recovery reuses). */
export function storeFiles(path: string): Array<{ name: string; length: number }> {
  const out: Array<{ name: string; length: number }> = [];
  try {
    for (const name of readdirSync(path).sort()) {
      try {
        out.push({ name, length: statSync(join(path, name)).size });
      } catch {
        // a file LevelDB just compacted away
      }
    }
  } catch {
    return [];
  }
  return out;
}

/** Bytes of the files of a shard's store (0 when it cannot be listed). */
export function dirSize(path: string): number {
  let total = 0;
  try {
    for (const f of readdirSync(path)) {
      try {
        total += statSync(join(path, f)).size;
      } catch {
        // a file LevelDB just compacted away
      }
    }
  } catch {
    return 0;
  }
  return total;
}
