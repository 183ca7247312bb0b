/**
 * The packed package, as a project outside this repository gets it: `npm pack` ships the
 * compiled library, its declarations, the CLI and the README, and nothing of the tests or
 * scripts; a consumer importing `strata` by name from the unpacked tarball starts a memory node
 * with fixtures, queries, resets and closes it. (The tarball is unpacked where `npm install`
 * would put it and its dependencies are linked from this checkout, so the test needs no registry.)
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, mkdir, rm, symlink, writeFile, readFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../helpers/node.js';

const exec = promisify(execFile);

interface PackEntry {
  filename: string;
  files: Array<{ path: string }>;
}

test('npm pack ships the library, its types, the CLI and the README only', async (t) => {
  const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT });
  const files = (JSON.parse(stdout) as PackEntry[])[0]!.files.map((f) => f.path);
  for (const f of ['package.json', 'README.md', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/lib/node.d.ts', 'dist/bin/strata.js', 'dist/storage/store-volume.js', 'dist/api/server.js']) {
    t.true(files.includes(f), f);
  }
  t.deepEqual(files.filter((f) => !/^(dist\/(lib|api|storage|bin)\/.*\.(js|d\.ts)|package\.json|README\.md|LICENSE)$/.test(f)), []);
});

test('a project outside the repository imports strata by name, loads fixtures, queries, resets and closes', async (t) => {
  const work = await mkdtemp(join(tmpdir(), 'strata-pack-'));
  t.teardown(() => rm(work, { recursive: true, force: true }));
  const { stdout } = await exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: PROJECT_ROOT });
  const tarball = join(work, (JSON.parse(stdout) as PackEntry[])[0]!.filename);
  const pkgDir = join(work, 'app', 'node_modules', 'strata');
  await mkdir(pkgDir, { recursive: true });
  await exec('tar', ['xzf', tarball, '-C', pkgDir, '--strip-components=1']);
  const manifest = JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(manifest.dependencies)) {
    const at = join(work, 'app', 'node_modules', dep);
    await mkdir(join(at, '..'), { recursive: true });
    await symlink(join(PROJECT_ROOT, 'node_modules', dep), at);
  }
  await cp(join(PROJECT_ROOT, 'examples', 'fixtures'), join(work, 'app', 'fixtures'), { recursive: true });
  await writeFile(
    join(work, 'app', 'check.mjs'),
    `import { startNode } from 'strata';
const node = await startNode({ memory: true, logger: false, fixtures: new URL('./fixtures', import.meta.url).pathname });
const count = async () => (await (await fetch(node.url + '/books/_count')).json()).count;
const before = await count();
await fetch(node.url + '/books', { method: 'DELETE' });
const hit = await (await fetch(node.url + '/books/_search?q=title:dune')).json();
await node.reset();
const after = await count();
await node.close();
console.log(JSON.stringify({ before, deletedStatus: hit.status, after }));
`,
  );
  const run = await exec(process.execPath, [join(work, 'app', 'check.mjs')], { cwd: join(work, 'app') });
  t.deepEqual(JSON.parse(run.stdout), { before: 4, deletedStatus: 404, after: 4 });
});

test('the shipped declarations type-check in a strict consumer that does not skip library checks', async (t) => {
  const work = await mkdtemp(join(tmpdir(), 'strata-types-'));
  t.teardown(() => rm(work, { recursive: true, force: true }));
  const { stdout } = await exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: PROJECT_ROOT });
  const pkgDir = join(work, 'node_modules', 'strata');
  await mkdir(pkgDir, { recursive: true });
  await exec('tar', ['xzf', join(work, (JSON.parse(stdout) as PackEntry[])[0]!.filename), '-C', pkgDir, '--strip-components=1']);
  const manifest = JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  // the package's dependencies, plus the consumer's own @types/node
  for (const dep of [...Object.keys(manifest.dependencies), '@types/node']) {
    const at = join(work, 'node_modules', dep);
    await mkdir(join(at, '..'), { recursive: true });
    await symlink(join(PROJECT_ROOT, 'node_modules', dep), at);
  }
  await writeFile(join(work, 'package.json'), '{"type":"module"}');
  await writeFile(
    join(work, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['app.ts'] }),
  );
  await writeFile(
    join(work, 'app.ts'),
    `import { startNode, FixtureError, type EmbeddedNode, type ResetReport } from 'strata';
const node: EmbeddedNode = await startNode({ memory: true, logger: false, fixtures: './fixtures', settings: { 'cluster.name': 'ci' } });
const report: ResetReport = await node.reset();
const port: number = node.port;
console.log(report.restored, port, node.fixtures.documents, FixtureError.name);
await node.close();
// @ts-expect-error: an unknown option is a type error
await startNode({ memroy: true });
`,
  );
  const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const res = await exec(process.execPath, [tsc, '-p', work]).then(
    () => ({ ok: true, out: '' }),
    (err: { stdout?: string }) => ({ ok: false, out: err.stdout ?? '' }),
  );
  t.true(res.ok, res.out);
});
