/**
 * The package entry (`import { startNode } from 'strata'`): an embeddable node for test suites
 * and programs. See the README section "Use Strata in your tests".
 */
export { startNode, type EmbeddedNode, type EmbeddedNodeOptions } from './embedded/embedded-node.js';
export type { RunningNode, StartNodeOptions } from './node.js';
export type { FixtureLoadReport } from './embedded/fixture-loader.js';
export { FixtureError } from './embedded/fixture-files.js';
export type { ResetReport } from './embedded/fixture-reset.js';
