/**
 * How a Strata server process is started outside `npm start`: the environment and node flags
 * package.json's `start` script gives it, in one place for the bench's servers and the nodes of
 * `npm run cluster` (scripts/cluster/node-process.ts), so that what they measure and run is what
 * `npm start` runs.
 */

/**
 * The environment `npm start` gives the server (package.json): glibc's malloc limited to two
 * arenas unless the caller set `MALLOC_ARENA_MAX` (docs/benchmarks.md, session 9: 80–90 MiB
 * less peak RSS loading 100k docs, no more CPU). Every server the bench and `npm run cluster`
 * start gets it.
 */
export const SERVER_ENV: NodeJS.ProcessEnv = { ...process.env, MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] ?? '2' };

/**
 * The node flags `npm start` gives the server (package.json): a young generation of up to 32 MiB
 * per semi-space instead of 16. Indexing allocates fast and most of it dies young; with the
 * default, scavenges took ~23% of the server's CPU and promoted garbage the old generation then
 * collected (docs/benchmarks.md, session 9: 20–45% less CPU per document, peak RSS and idle RSS
 * unchanged). Every Strata server the bench and `npm run cluster` start gets
 * them.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--max-semi-space-size=32'];
