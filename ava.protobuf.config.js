/**
 * The test suite a second time with every shard message and reply encoded and decoded through
 * its protobuf schema (`STRATA_SHARD_CLIENT=protobuf`, lib/messages/client-modes.ts): a reader,
 * closure, error instance or field the schema does not define that any test sends across the
 * shard boundary fails that test here. Run by `npm test` after the direct pass.
 * Left out: the tests that measure how fast `GET /` answers while adversarial work runs (they
 * measure the event loop, not messages, and they run in the direct pass).
 */
export default {
  files: [
    'dist/test/**/*.test.js',
    'examples/ava/**/*.test.js',
    '!dist/test/reliability/stall.test.js',
    '!dist/test/reliability/analysis-budget.test.js',
    '!dist/test/reliability/by-query-responsiveness.test.js',
    '!dist/test/api/nodes-responsiveness.test.js',
    '!dist/test/search/http-regexp.test.js',
    '!dist/test/search/http-regexp-repeat.test.js',
    '!dist/test/analysis/linear-regex.test.js',
  ],
  environmentVariables: { STRATA_SHARD_CLIENT: 'protobuf' },
  timeout: '5m',
  concurrency: 2,
  workerThreads: false,
};
