/**
 * `npm run bench -- --embedded [--docs N] [--nodes N] [--rounds N]`: the figures of the README
 * section "Use Strata in your tests", for a memory node (lib/index.ts `startNode`):
 * - start: `startNode({memory: true})` in process, and the CLI (`--memory --port 0 --print-url`)
 *   as a subprocess until it prints its URL, beside a bare Node HTTP server subprocess doing
 *   the same (the yardstick: start ≤ 1.5× it);
 * - fixture load rate: a generated fixtures folder of N documents (one index, one `_bulk` file);
 * - reset time: after changing a few documents of that node, and of the small example fixtures;
 * - memory per node: heap and RSS growth per extra node holding the example fixtures (run with
 *   `node --expose-gc` for steadier figures).
 * Medians of `--rounds` runs. The machine this runs on decides the numbers: say which.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode, type EmbeddedNode } from '../lib/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const exampleFixtures = join(root, 'examples', 'fixtures');

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : def;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number): string => `${x.toFixed(1)} ms`;

/** Spawn `args` and time until its first stdout line (the URL). */
function timeToFirstLine(args: string[]): Promise<number> {
  return new Promise((res, rej) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        const took = performance.now() - started;
        child.kill('SIGKILL');
        res(took);
      }
    });
    child.on('error', rej);
    child.on('exit', (code) => {
      if (!out.includes('\n')) rej(new Error(`exited with ${code} before printing`));
    });
  });
}

const BARE_SERVER = "const s=require('http').createServer((q,r)=>r.end('{}'));s.listen(0,'127.0.0.1',()=>console.log('http://127.0.0.1:'+s.address().port))";

async function generatedFixtures(n: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'strata-bench-fixtures-'));
  await mkdir(join(dir, 'indices'));
  await mkdir(join(dir, 'data'));
  await writeFile(
    join(dir, 'indices', 'docs.json'),
    JSON.stringify({ settings: { number_of_shards: 1 }, mappings: { doc: { properties: { name: { type: 'keyword' }, n: { type: 'long' }, text: { type: 'text' } } } } }),
  );
  const words = ['fast', 'tiny', 'http', 'server', 'parser', 'json', 'stream', 'cli', 'react', 'plugin', 'test', 'utility'];
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(JSON.stringify({ index: { _index: 'docs', _type: 'doc', _id: String(i) } }));
    lines.push(JSON.stringify({ name: `doc-${i}`, n: i, text: Array.from({ length: 8 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ') }));
  }
  await writeFile(join(dir, 'data', 'docs.ndjson'), lines.join('\n') + '\n');
  return dir;
}

async function touch(node: EmbeddedNode, index: string, type: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await fetch(`${node.url}/${index}/${type}/${i}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"changed":true}' }).then((r) => r.arrayBuffer());
  }
  await fetch(`${node.url}/_refresh`, { method: 'POST' }).then((r) => r.arrayBuffer());
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export async function runEmbeddedBench(): Promise<void> {
  const docs = Number(arg('docs', '20000'));
  const nodes = Number(arg('nodes', '10'));
  const rounds = Number(arg('rounds', '7'));
  const cli = join(root, 'dist', 'bin', 'strata.js');

  // start, in process (after one warm-up start that loads the modules)
  await (await startNode({ memory: true, logger: false })).close();
  const inProcess: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const node = await startNode({ memory: true, logger: false });
    inProcess.push(performance.now() - t0);
    await node.close();
  }
  const cliStart: number[] = [];
  const bareStart: number[] = [];
  for (let i = 0; i < rounds; i++) {
    bareStart.push(await timeToFirstLine(['-e', BARE_SERVER]));
    cliStart.push(await timeToFirstLine([cli, '--memory', '--port', '0', '--print-url', '-E', 'logger.level=fatal']));
  }
  console.log(`start, in process (startNode, memory):        ${ms(median(inProcess))}`);
  console.log(`start, CLI subprocess until URL printed:      ${ms(median(cliStart))}`);
  console.log(`start, bare Node HTTP server subprocess:      ${ms(median(bareStart))}  (CLI / bare = ${(median(cliStart) / median(bareStart)).toFixed(2)})`);

  // fixture load rate and reset time on a generated folder
  const dir = await generatedFixtures(docs);
  try {
    const node = await startNode({ memory: true, logger: false, fixtures: dir });
    console.log(`fixture load: ${docs} docs in ${ms(node.fixtures.tookMs)} = ${Math.round(docs / (node.fixtures.tookMs / 1000))} docs/s`);
    const resets: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await touch(node, 'docs', 'doc');
      resets.push((await node.reset()).tookMs);
    }
    console.log(`reset after 5 writes, ${docs}-doc index:       ${ms(median(resets))}`);
    await node.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  {
    const node = await startNode({ memory: true, logger: false, fixtures: exampleFixtures });
    const resets: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await touch(node, 'books', 'book');
      resets.push((await node.reset()).tookMs);
    }
    console.log(`reset after 5 writes, examples/fixtures (3 indices, 9 docs): ${ms(median(resets))}`);
    await node.close();
  }

  // memory per node
  gc();
  const before = process.memoryUsage();
  const held: EmbeddedNode[] = [];
  for (let i = 0; i < nodes; i++) held.push(await startNode({ memory: true, logger: false, fixtures: exampleFixtures }));
  gc();
  const after = process.memoryUsage();
  const mb = (b: number): string => `${(b / nodes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`memory per node (${nodes} nodes with examples/fixtures${(globalThis as { gc?: unknown }).gc ? ', after gc' : ', no --expose-gc'}): heap ${mb(after.heapUsed - before.heapUsed)}, rss ${mb(after.rss - before.rss)}`);
  for (const n of held) await n.close();
}
