/**
 * Runs a selection of REST YAML tests against one server and collects the results: whole
 * files, or exactly a list of test ids (the ratchet). Files that cannot be parsed yield one
 * failing result per requested test (or one for the file).
 */
import { runSuiteFile, type TestResult } from './executor.js';
import { RestClient } from './http-client.js';
import { loadSuiteFile } from './loader.js';
import { parseVersion } from './skip.js';
import { parseTestId, testId } from './suite-model.js';

/** The Elasticsearch version Strata answers for, against which `skip` ranges are checked. */
export const TARGET_ES_VERSION = '5.6.16';

/** What to run and where. */
export interface RunTestsOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:9200`. */
  readonly url: string;
  readonly suiteRoot: string;
  /** Files to run, relative to `suiteRoot`. */
  readonly files?: readonly string[];
  /** Exact test ids to run (added to `files`). */
  readonly testIds?: readonly string[];
  /** Default {@link TARGET_ES_VERSION}. */
  readonly esVersion?: string;
  /** Per test (setup + test + teardown); default 90 s. */
  readonly testTimeoutMs?: number;
  /** Per HTTP request; default 60 s (longer than ES's 30 s default wait timeouts). */
  readonly requestTimeoutMs?: number;
  /** Overall budget: tests not started within it are reported as failed. */
  readonly budgetMs?: number;
  /** Called after each test, e.g. to print progress. */
  readonly onResult?: (result: TestResult) => void;
  readonly onWarning?: (message: string) => void;
}

/** Runs the selected tests one after the other and returns their results in run order. */
export async function runTests(opts: RunTestsOptions): Promise<TestResult[]> {
  // file → test names (undefined: every test of the file)
  const plan = new Map<string, Set<string> | undefined>();
  for (const f of opts.files ?? []) plan.set(f, undefined);
  for (const id of opts.testIds ?? []) {
    const { relPath, name } = parseTestId(id);
    if (plan.has(relPath) && plan.get(relPath) === undefined) continue;
    const names = plan.get(relPath) ?? new Set<string>();
    names.add(name);
    plan.set(relPath, names);
  }
  const client = new RestClient(opts.url, opts.requestTimeoutMs ?? 60_000);
  const deadline = opts.budgetMs !== undefined ? Date.now() + opts.budgetMs : undefined;
  const version = parseVersion(opts.esVersion ?? TARGET_ES_VERSION);
  const results: TestResult[] = [];
  const record = (r: TestResult): void => {
    results.push(r);
    opts.onResult?.(r);
  };
  try {
    for (const [relPath, names] of plan) {
      let suite;
      try {
        suite = loadSuiteFile(opts.suiteRoot, relPath);
      } catch (e) {
        const message = `cannot load ${relPath}: ${(e as Error).message}`;
        for (const name of names ?? ['<file>']) record({ id: testId(relPath, name), relPath, name, status: 'fail', message, durationMs: 0 });
        continue;
      }
      if (names) {
        for (const missing of [...names].filter((n) => !suite.tests.some((t) => t.name === n))) {
          record({ id: testId(relPath, missing), relPath, name: missing, status: 'fail', message: 'no such test in the file', durationMs: 0 });
        }
      }
      const fileResults = await runSuiteFile(suite, {
        client,
        version,
        testTimeoutMs: opts.testTimeoutMs ?? 90_000,
        ...(deadline !== undefined ? { deadline } : {}),
        ...(opts.onWarning ? { onWarning: opts.onWarning } : {}),
      }, names);
      for (const r of fileResults) record(r);
    }
  } finally {
    client.close();
  }
  return results;
}

/** `N passed, N failed, N skipped`. */
export function summaryLine(results: readonly TestResult[]): string {
  const count = (s: TestResult['status']): number => results.filter((r) => r.status === s).length;
  return `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`;
}
