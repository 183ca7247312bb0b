/**
 * Runs the tests of one parsed YAML file against a server, step by step, as ES 5.6's
 * `ESClientYamlSuiteTestCase` does: skip checks (setup, teardown, test), `setup`, clear the
 * stash, the test's steps, `teardown` (always), then wipe the cluster.
 */
import { buildApiRequest, ApiCallError } from './api-request.js';
import { wipeCluster } from './cleanup.js';
import type { RestClient, RestResponse } from './http-client.js';
import { javaToString } from './java-format.js';
import { compileJavaRegex } from './java-regex.js';
import { assertComparison, assertIsFalse, assertIsTrue, assertLength, assertMatch } from './matchers.js';
import { evaluatePath } from './object-path.js';
import { skipReason, type Version } from './skip.js';
import { Stash } from './stash.js';
import { testId, type AssertStep, type DoStep, type Step, type SuiteFile, type TestSection } from './suite-model.js';
import { checkWarnings } from './warnings.js';

/** Outcome of one test. */
export type TestStatus = 'pass' | 'fail' | 'skip';

/** One test's result; `message` explains a failure or a skip. */
export interface TestResult {
  readonly id: string;
  readonly relPath: string;
  readonly name: string;
  readonly status: TestStatus;
  readonly message?: string;
  readonly durationMs: number;
}

/** How to run. */
export interface ExecutorOptions {
  readonly client: RestClient;
  /** The server version `skip` ranges are compared with (5.6.16 for Strata). */
  readonly version: Version;
  /** A test (setup + body + teardown) taking longer fails. Default 60 s. */
  readonly testTimeoutMs?: number;
  /** Receives cleanup warnings (e.g. an unsupported template API); default: ignored. */
  readonly onWarning?: (message: string) => void;
  /** Epoch ms after which remaining tests are not started but reported as failed. */
  readonly deadline?: number;
}

/** A failed step; the message says which step and why. */
export class StepFailure extends Error {}

/**
 * The `catch` values with a fixed status (ES 5.6 `DoSection.catches`); `request` is any error
 * status except those the others name.
 */
const CATCH_STATUSES: Readonly<Record<string, { label: string; test: (s: number) => boolean }>> = {
  unauthorized: { label: '401', test: (s) => s === 401 },
  forbidden: { label: '403', test: (s) => s === 403 },
  missing: { label: '404', test: (s) => s === 404 },
  request_timeout: { label: '408', test: (s) => s === 408 },
  conflict: { label: '409', test: (s) => s === 409 },
  unavailable: { label: '503', test: (s) => s === 503 },
  request: { label: '4xx|5xx', test: (s) => s >= 400 && ![401, 403, 404, 408, 409].includes(s) },
};

/** The state of one running test: stash and last response. */
class TestContext {
  readonly stash = new Stash();
  response: RestResponse | undefined;

  constructor(private readonly opts: ExecutorOptions) {}

  /** A response value by path (`''` for the whole body; HEAD answers true/false). */
  responseValue(path: string): unknown {
    const res = this.response;
    if (!res) return undefined;
    if (res.body === undefined) {
      if (path === '' && res.method === 'HEAD') return res.status < 400;
      return undefined;
    }
    return evaluatePath(res.body, path, this.stash);
  }

  async executeDo(step: DoStep): Promise<void> {
    // ES 5.6: the client would reject the call before sending it; nothing is sent.
    if (step.catch === 'param') return;
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(step.params)) params[k] = this.stash.replaceStashedValues(v);
    const body = step.body === undefined ? undefined : this.stash.replaceStashedValues(step.body);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.headers)) headers[k] = javaToString(this.stash.replaceStashedValues(v));
    let request;
    try {
      request = buildApiRequest(step.api, params, body);
    } catch (e) {
      if (e instanceof ApiCallError) throw new StepFailure(`client error: ${e.message}`);
      throw e;
    }
    const sendHeaders: Record<string, string> = { ...headers };
    if (request.contentType && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      sendHeaders['Content-Type'] = request.contentType;
    }
    const res = await this.opts.client.send({
      method: request.method,
      path: request.path,
      headers: sendHeaders,
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    this.response = res;
    // ES stashes the parsed body, or the body text when it is not JSON/YAML (even empty).
    this.stash.stashValue('body', res.body !== undefined ? res.body : res.bodyText);
    const call = `${request.method} ${request.path}`;
    // The low-level client treats HEAD 404 and ignored statuses as success (ES RestClient).
    const isError = res.status >= 400 && !(res.method === 'HEAD' && res.status === 404) && !request.ignore.includes(res.status);
    const details = (): string => `${call} returned [${res.status}]: ${res.bodyText.slice(0, 1000)}`;
    if (!isError) {
      if (step.catch !== undefined) {
        const label = CATCH_STATUSES[step.catch]?.label ?? '4xx|5xx';
        throw new StepFailure(`expected [${label}] status code (catch: ${step.catch}) but ${details()}`);
      }
      const warningProblem = checkWarnings(res.warnings, step.warnings);
      if (warningProblem) throw new StepFailure(`${call}: ${warningProblem}`);
      return;
    }
    if (step.catch === undefined) throw new StepFailure(`expected [2xx] status code but ${details()}`);
    const known = CATCH_STATUSES[step.catch];
    if (known) {
      if (!known.test(res.status)) throw new StepFailure(`expected [${known.label}] status code (catch: ${step.catch}) but ${details()}`);
      return;
    }
    if (step.catch.length > 2 && step.catch.startsWith('/') && step.catch.endsWith('/')) {
      const error = this.responseValue('error');
      if (error === undefined || error === null) throw new StepFailure(`error was expected in the response but ${details()}`);
      const regex = step.catch.slice(1, -1);
      const text = javaToString(error);
      if (!compileJavaRegex(regex).test(text)) {
        throw new StepFailure(`the error message was expected to match the provided regex [${regex}] but didn't: ${text}`);
      }
      return;
    }
    throw new StepFailure(`catch value [${step.catch}] not supported`);
  }

  executeAssert(step: AssertStep): void {
    const actual = this.stash.containsStashedValue(step.field) ? this.stash.getValue(step.field) : this.responseValue(step.field);
    const expected = this.stash.replaceStashedValues(step.expected);
    let problem: string | undefined;
    switch (step.operator) {
      case 'match':
        problem = assertMatch(step.field, actual, expected);
        break;
      case 'is_true':
        problem = assertIsTrue(step.field, actual);
        break;
      case 'is_false':
        problem = assertIsFalse(step.field, actual);
        break;
      case 'length':
        problem = assertLength(step.field, actual, expected);
        break;
      default:
        problem = assertComparison(step.operator, step.field, actual, expected);
    }
    if (problem) throw new StepFailure(problem);
  }

  async execute(steps: readonly Step[], where: string): Promise<void> {
    for (const [i, step] of steps.entries()) {
      try {
        if (step.kind === 'do') await this.executeDo(step);
        else if (step.kind === 'set') this.stash.stashValue(step.name, this.responseValue(step.field));
        else if (step.kind === 'assert') this.executeAssert(step);
      } catch (e) {
        const label = step.kind === 'do' ? `do ${step.api}` : step.kind === 'assert' ? step.operator : step.kind;
        throw new StepFailure(`${where} step ${i + 1} (${label}): ${(e as Error).message}`);
      }
    }
  }
}

function firstSkipReason(steps: readonly Step[], version: Version): string | undefined {
  const first = steps[0];
  return first?.kind === 'skip' ? skipReason(first, version) : undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StepFailure(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs one test section of `suite` (setup, test, teardown, wipe). */
export async function runTest(suite: SuiteFile, test: TestSection, opts: ExecutorOptions): Promise<TestResult> {
  const started = Date.now();
  const base = { id: testId(suite.relPath, test.name), relPath: suite.relPath, name: test.name };
  const skip =
    firstSkipReason(suite.setup, opts.version) ?? firstSkipReason(suite.teardown, opts.version) ?? firstSkipReason(test.steps, opts.version);
  if (skip) return { ...base, status: 'skip', message: skip, durationMs: 0 };
  const ctx = new TestContext(opts);
  let failure: string | undefined;
  const body = async (): Promise<void> => {
    try {
      await ctx.execute(suite.setup, 'setup');
      ctx.stash.clear();
      await ctx.execute(test.steps, 'test');
    } finally {
      try {
        await ctx.execute(suite.teardown, 'teardown');
      } catch (e) {
        failure ??= (e as Error).message;
      }
    }
  };
  try {
    await withTimeout(body(), opts.testTimeoutMs ?? 60_000, 'test');
  } catch (e) {
    failure = e instanceof StepFailure ? e.message : `runner error: ${(e as Error).stack ?? String(e)}`;
  }
  try {
    const problems = await wipeCluster(opts.client);
    for (const w of problems.warnings) opts.onWarning?.(w);
    if (problems.fatal.length > 0) failure ??= `cleanup failed: ${problems.fatal.join('; ')}`;
  } catch (e) {
    failure ??= `cleanup failed: ${(e as Error).message}`;
  }
  const durationMs = Date.now() - started;
  return failure === undefined ? { ...base, status: 'pass', durationMs } : { ...base, status: 'fail', message: failure, durationMs };
}

/** Runs the tests of one file, or only those whose names are in `onlyNames`. */
export async function runSuiteFile(suite: SuiteFile, opts: ExecutorOptions, onlyNames?: ReadonlySet<string>): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const test of suite.tests) {
    if (onlyNames && !onlyNames.has(test.name)) continue;
    if (opts.deadline !== undefined && Date.now() > opts.deadline) {
      const id = testId(suite.relPath, test.name);
      results.push({ id, relPath: suite.relPath, name: test.name, status: 'fail', message: 'not run: time budget exhausted', durationMs: 0 });
      continue;
    }
    results.push(await runTest(suite, test, opts));
  }
  return results;
}
