/**
 * Runs Elasticsearch REST YAML tests against Strata.
 *
 *   node dist/scripts/rest-test.js [--url http://127.0.0.1:9200] [folder|file ...]
 *        [--list-passing] [--update] [--passing] [--passing-file FILE] [--filter TEXT] [--verbose]
 *        [--cluster N]
 *
 * Without `--url` a node is started in-process on a temporary data directory; with `--cluster N`,
 * a private etcd member and N node processes (the tests talk to the elected master; test/rest/runner/local-cluster.ts),
 * and `--passing` then leaves out the tests of test/conformance/cluster-excluded.tsv (a single node's
 * tests, with the reason each cannot hold on a cluster). `--update` is refused with `--cluster`. Folders and files
 * are relative to the suite (`../shared/es-rest-tests`, or `--suite DIR`, or `$ES_REST_TESTS`);
 * none means all. `--passing` runs exactly the ids of test/conformance/passing.txt.
 * Prints `PASS|FAIL|SKIP <file> :: <test>` per test (failures with their reason unless
 * `--list-passing`, which prints only the ids that passed), then `N passed, N failed, N skipped`.
 * `--update` appends newly passing ids to passing.txt (the list never shrinks).
 * Exit code: 1 when a test failed; with `--update`, only when a test of passing.txt failed.
 */
import { appendPassing, readExcludedList, readPassingList } from '../test/rest/runner/ratchet.js';
import { excludedListPath, passingListPath, suiteRoot } from '../test/rest/runner/project-paths.js';
import { listSuiteFiles } from '../test/rest/runner/loader.js';
import { runTests, summaryLine, TARGET_ES_VERSION } from '../test/rest/runner/run-tests.js';
import { startLocalNode, type LocalNode } from '../test/rest/runner/local-node.js';
import { startLocalCluster } from '../test/rest/runner/local-cluster.js';
import { clusterExcludedListPath, clusterSubset } from '../test/rest/runner/cluster-ratchet.js';
import type { TestResult } from '../test/rest/runner/executor.js';

interface CliArgs {
  url?: string;
  passingFile: string;
  suite: string;
  selectors: string[];
  listPassing: boolean;
  update: boolean;
  passing: boolean;
  filter?: string;
  verbose: boolean;
  esVersion: string;
  cluster?: number;
}

function usage(): never {
  process.stderr.write(
    'usage: rest-test [--url URL | --cluster N] [--suite DIR] [--passing] [--passing-file FILE] [--filter TEXT] [--list-passing] [--update] [--verbose] [--es-version V] [folder|file ...]\n',
  );
  process.exit(2);
}

function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { passingFile: passingListPath(), suite: suiteRoot(), selectors: [], listPassing: false, update: false, passing: false, verbose: false, esVersion: TARGET_ES_VERSION };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) usage();
      return v;
    };
    if (a === '--url') args.url = value();
    else if (a === '--suite') args.suite = value();
    else if (a === '--filter') args.filter = value();
    else if (a === '--passing-file') args.passingFile = value();
    else if (a === '--es-version') args.esVersion = value();
    else if (a === '--cluster') {
      args.cluster = Number(value());
      if (!Number.isInteger(args.cluster) || args.cluster < 1) usage();
    }
    else if (a === '--list-passing') args.listPassing = true;
    else if (a === '--update') args.update = true;
    else if (a === '--passing') args.passing = true;
    else if (a === '--verbose' || a === '-v') args.verbose = true;
    else if (a === '--help' || a === '-h') usage();
    else if (a.startsWith('--')) usage();
    else args.selectors.push(a.replace(/\/+$/, ''));
  }
  if (args.cluster !== undefined && (args.update || args.url)) usage();
  return args;
}

function firstLines(text: string, max: number): string {
  const lines = text.split('\n');
  return lines.length <= max ? text : `${lines.slice(0, max).join('\n')}\n...`;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const passingFile = args.passingFile;
  const listed = readPassingList(passingFile);
  const excluded = readExcludedList(excludedListPath());
  let files: string[] = [];
  let testIds: string[] = [];
  if (args.passing) testIds = args.cluster !== undefined ? clusterSubset(listed, readExcludedList(clusterExcludedListPath())) : listed;
  if (args.selectors.length > 0 || !args.passing) files = listSuiteFiles(args.suite, args.selectors);
  let node: LocalNode | undefined;
  let url = args.url;
  if (!url) {
    const started = Date.now();
    node = args.cluster !== undefined ? await startLocalCluster(args.cluster) : await startLocalNode();
    url = node.url;
    if (args.cluster !== undefined) process.stderr.write(`cluster of ${args.cluster} nodes green in ${Date.now() - started} ms; tests talk to the master, ${url}\n`);
  }
  const warningsSeen = new Set<string>();
  let results: TestResult[];
  try {
    results = await runTests({
      url,
      suiteRoot: args.suite,
      files,
      testIds,
      esVersion: args.esVersion,
      onResult: (r) => {
        if (args.filter && !r.id.includes(args.filter)) return;
        if (args.listPassing) {
          if (r.status === 'pass') process.stdout.write(`${r.id}\n`);
          return;
        }
        const tag = r.status === 'pass' ? 'PASS' : r.status === 'fail' ? 'FAIL' : 'SKIP';
        process.stdout.write(`${tag} ${r.id}${args.verbose ? ` (${r.durationMs} ms)` : ''}\n`);
        if (r.status === 'fail' && r.message) process.stdout.write(`    ${firstLines(r.message, args.verbose ? 200 : 6).replace(/\n/g, '\n    ')}\n`);
        if (r.status === 'skip' && args.verbose && r.message) process.stdout.write(`    ${r.message}\n`);
      },
      onWarning: (w) => {
        const key = w.slice(0, 60);
        if (warningsSeen.has(key)) return;
        warningsSeen.add(key);
        process.stderr.write(`warning: cleanup: ${w}\n`);
      },
    });
  } finally {
    await node?.close();
  }
  if (args.filter) results = results.filter((r) => r.id.includes(args.filter as string));
  const listedSet = new Set(listed);
  const regressions = results.filter((r) => r.status === 'fail' && listedSet.has(r.id));
  if (args.update) {
    const passed = results.filter((r) => r.status === 'pass').map((r) => r.id);
    const excludedPassing = passed.filter((id) => excluded.has(id));
    const added = appendPassing(passingFile, passed.filter((id) => !excluded.has(id)));
    process.stderr.write(`passing.txt: ${added.length} added, ${listed.length + added.length} listed\n`);
    for (const id of excludedPassing) process.stderr.write(`note: excluded test passes: ${id}\n`);
  }
  if (regressions.length > 0) {
    process.stderr.write(`regressions (listed in passing.txt but failed):\n${regressions.map((r) => `  ${r.id}`).join('\n')}\n`);
  }
  // With --list-passing stdout holds only ids, so the summary goes to stderr.
  (args.listPassing ? process.stderr : process.stdout).write(`${summaryLine(results)}\n`);
  if (args.update) return regressions.length > 0 ? 1 : 0;
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`rest-test: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(2);
  },
);
