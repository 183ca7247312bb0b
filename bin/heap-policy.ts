/**
 * The V8 heap policy of the `strata` process (bin/strata.ts only: a node embedded in another
 * program leaves its host's heap alone).
 *
 * After each full collection V8 lets the old generation grow to a multiple of what survived
 * before the next one; the multiple follows the allocation rate and, on a machine with this
 * much memory, reaches its cap of 4. Bulk indexing allocates fast, so while loading 100k
 * documents the old generation held ~150 MiB of live data and up to ~4× that before the next
 * full GC: about 170 MiB of the 586 MiB peak RSS was garbage waiting. A fixed factor of 2
 * (`--heap-growing-percent=100`) cut the peak by ~110 MiB for the same server CPU per document in
 * alternating runs; 1.5 cut ~160 MiB but cost 15–35% more CPU (more full collections of the
 * same live data). Figures: docs/benchmarks.md, session 8. The flag is read at every full GC, so
 * setting it once the process runs takes effect from the next one. A `--heap-growing-percent`
 * given to node wins.
 */
import v8 from 'node:v8';

/** Old-generation growth after a full GC, in percent of the live heap (V8's factor 1 + p/100). */
export const HEAP_GROWING_PERCENT = 100;

/** Apply the policy to this process, unless node was started with its own growing factor. */
export function applyHeapPolicy(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((a) => /^--heap[-_]growing[-_]percent\b/.test(a))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
