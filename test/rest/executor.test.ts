import test from 'ava';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runTests, summaryLine } from './runner/run-tests.js';
import { FAKE_SUITE, startFakeServer } from './fake-server.js';

const FILE = 'fake/10_basic.yaml';

async function makeSuite(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'rest-suite-'));
  await mkdir(join(root, 'fake'));
  await writeFile(join(root, FILE), FAKE_SUITE);
  return root;
}

test('the runner executes a suite against a server with ES semantics', async (t) => {
  const root = await makeSuite();
  const server = await startFakeServer();
  try {
    const results = await runTests({ url: server.url, suiteRoot: root, files: [FILE] });
    const status = Object.fromEntries(results.map((r) => [r.name, r.status]));
    t.deepEqual(status, {
      'Index then get': 'pass',
      'Documents do not leak between tests': 'pass',
      'Catch missing and regex': 'pass',
      'Cat body regex': 'pass',
      'Wrong value fails': 'fail',
      'Unexpected warning fails': 'fail',
      'Expected warning passes': 'pass',
      'Skipped for 5.x': 'skip',
      'Catch param sends nothing': 'pass',
      'Unknown param fails': 'fail',
    });
    const byName = new Map(results.map((r) => [r.name, r]));
    t.regex(byName.get('Wrong value fails')?.message ?? '', /test step 2 \(match\): field \[_version\] doesn't match the expected value: <root>: expected 2 but was 1/);
    t.regex(byName.get('Unexpected warning fails')?.message ?? '', /got unexpected warning header/);
    t.is(byName.get('Unknown param fails')?.message, 'test step 1 (do get): client error: param [no_such_param] not supported in [get] api');
    t.is(summaryLine(results), '6 passed, 3 failed, 1 skipped');
    // Setup ran before every executed test, and the cluster was wiped after each of them.
    t.is(server.requests.filter((r) => r === 'PUT /test_1').length, 9);
    t.is(server.requests.filter((r) => r === 'DELETE /*').length, 9);
    t.true(server.requests.includes('PUT /test_1/test/1'));
    t.false(server.requests.some((r) => r.includes('no_such_param')));
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('exact test ids can be selected, unknown names fail', async (t) => {
  const root = await makeSuite();
  const server = await startFakeServer();
  try {
    const results = await runTests({
      url: server.url,
      suiteRoot: root,
      testIds: [`${FILE} :: Cat body regex`, `${FILE} :: Not there`],
    });
    t.deepEqual(
      results.map((r) => [r.id, r.status]),
      [
        [`${FILE} :: Not there`, 'fail'],
        [`${FILE} :: Cat body regex`, 'pass'],
      ],
    );
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = fileURLToPath(new URL('../../scripts/rest-test.js', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the CLI prints one line per test and the summary, and --update only appends', async (t) => {
  const root = await makeSuite();
  const server = await startFakeServer();
  const passingFile = join(root, 'passing.txt');
  await writeFile(passingFile, `${FILE} :: Wrong value fails\n`);
  try {
    const run = await runCli(['--url', server.url, '--suite', root, 'fake']);
    t.is(run.code, 1);
    const lines = run.stdout.split('\n');
    t.true(lines.includes(`PASS ${FILE} :: Index then get`));
    t.true(lines.includes(`FAIL ${FILE} :: Wrong value fails`));
    t.true(lines.includes(`SKIP ${FILE} :: Skipped for 5.x`));
    t.is(lines.filter((l) => l !== '').at(-1), '6 passed, 3 failed, 1 skipped');

    const update = await runCli(['--url', server.url, '--suite', root, '--passing-file', passingFile, '--update', 'fake']);
    // A listed test failed: that is a regression, so --update exits 1 but still appends.
    t.is(update.code, 1);
    t.regex(update.stderr, /regressions[^\n]*\n {2}fake\/10_basic\.yaml :: Wrong value fails/);
    const listed = (await readFile(passingFile, 'utf8')).trim().split('\n');
    t.deepEqual(listed, [
      `${FILE} :: Cat body regex`,
      `${FILE} :: Catch missing and regex`,
      `${FILE} :: Catch param sends nothing`,
      `${FILE} :: Documents do not leak between tests`,
      `${FILE} :: Expected warning passes`,
      `${FILE} :: Index then get`,
      `${FILE} :: Wrong value fails`,
    ]);

    const list = await runCli(['--url', server.url, '--suite', root, '--list-passing', '--filter', 'Cat', 'fake/10_basic.yaml']);
    // In run order (the file's order).
    t.deepEqual(list.stdout.trim().split('\n'), [`${FILE} :: Catch missing and regex`, `${FILE} :: Cat body regex`, `${FILE} :: Catch param sends nothing`]);
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('tests not started within the time budget are reported as failed', async (t) => {
  const root = await makeSuite();
  const server = await startFakeServer();
  try {
    const results = await runTests({ url: server.url, suiteRoot: root, files: [FILE], budgetMs: -1 });
    t.is(results.length, 10);
    t.true(results.every((r) => r.status === 'fail' && r.message === 'not run: time budget exhausted'));
    t.deepEqual(server.requests, []);
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});
