/**
 * `npm run fuzz -- --requests 1000000 [--seed N] [--seconds S] [--concurrency C] [--out DIR]`:
 * sends generated and mutated REST requests to a Strata server in its own process and reports
 * crashes, hangs, answers not shaped like Elasticsearch's and 5xx answers that leak a
 * JavaScript error. Exit code 1 when any count is non-zero. `--replay FILE` sends a saved
 * failing request again. See docs/reliability.md.
 */
import { readFileSync } from 'node:fs';
import { runFuzz, replay } from './fuzz/run.js';

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function num(argv: string[], name: string, dflt: number): number {
  const v = arg(argv, name);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got [${v}]`);
  return n;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    process.stdout.write('usage: fuzz [--requests N] [--seed N] [--seconds S] [--concurrency C] [--hang-ms MS] [--out DIR] | --replay FILE\n');
    return;
  }
  const replayFile = arg(argv, 'replay');
  if (replayFile) {
    const answers = await replay(JSON.parse(readFileSync(replayFile, 'utf8')), num(argv, 'hang-ms', 10_000));
    process.stdout.write(`${JSON.stringify(answers, null, 2)}\n`);
    return;
  }
  const outDir = arg(argv, 'out');
  const report = await runFuzz({
    requests: num(argv, 'requests', 10_000),
    seed: num(argv, 'seed', 1),
    seconds: num(argv, 'seconds', 3600),
    concurrency: Math.max(1, num(argv, 'concurrency', 4)),
    hangMs: num(argv, 'hang-ms', 10_000),
    ...(outDir ? { outDir } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`requests ${report.requests} in ${report.seconds}s (${report.perSecond}/s): crashes ${report.crashes}, hangs ${report.hangs}, non-ES-shaped ${report.notEsShaped}, JS 5xx ${report.js5xx}; failures saved under ${report.outDir}\n`);
  if (report.crashes + report.hangs + report.notEsShaped + report.js5xx > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`fuzz: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(2);
});
