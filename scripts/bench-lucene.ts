/**
 * Lucene in the same run as `npm run bench` (issue 14: every ratio next to its same-run
 * reference): `../shared/bench/lucene/AnchorBench.java` indexes the same N documents (read from
 * `corpus.mjs --format bulk` on its stdin) and times the same query mix, exact hit counts, one
 * thread, as `../shared/bench/lucene/run.sh` runs it — but compiled and indexed into this run's
 * own temporary directory, so that two benches on the machine never share an index directory.
 * Needs Debian's liblucene8-java (`apt-get install -y liblucene8-java`) and a JDK.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the Lucene run measured. */
export interface LuceneRun {
  version: string;
  indexDocsPerSec: number;
  indexBytes: number;
  /** Queries/s per kind of the mix. */
  qps: Record<string, number>;
  /** Lucene's answers per query id (hit total, top ids), for agreement. */
  answers: Map<string, { total: number; ids: string[] }>;
}

/** The lucene-core jar of liblucene8-java, or undefined when the package is not installed. */
export function luceneJar(): string | undefined {
  try {
    const files = execFileSync('dpkg', ['-L', 'liblucene8-java'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return files.split('\n').find((f) => /\/usr\/share\/java\/lucene-core-[0-9.]+\.jar$/.test(f));
  } catch {
    return undefined;
  }
}

/** Run Lucene's index + query mix over the first `n` documents of the corpus. */
export async function runLucene(benchDir: string, n: number, querySeconds: number): Promise<LuceneRun> {
  const jar = luceneJar();
  if (!jar) throw new Error('liblucene8-java is not installed (apt-get install -y liblucene8-java)');
  const work = await mkdtemp(join(tmpdir(), 'strata-bench-lucene-'));
  try {
    const build = join(work, 'build');
    execFileSync('javac', ['-nowarn', '-d', build, '-cp', jar, join(benchDir, 'lucene', 'AnchorBench.java')], { stdio: ['ignore', 'ignore', 'inherit'] });
    const out = join(work, 'lucene.json');
    const jvm = ['-Xms2g', '-Xmx2g', '-XX:+UseG1GC', '-cp', `${build}:${jar}`, 'AnchorBench'];
    const opts = ['--queries', join(benchDir, 'queries.json'), '--index-dir', join(work, 'index'), '--out', out];
    const timing = ['--min-seconds', String(Math.max(1, querySeconds)), '--max-seconds', String(Math.max(10, querySeconds * 3)), '--warmup-passes', '5'];
    await pipe([process.execPath, join(benchDir, 'corpus.mjs'), '--n', String(n), '--format', 'bulk'], ['java', ...jvm, ...opts, ...timing]);
    const raw = JSON.parse(await readFile(out, 'utf8')) as {
      version: string;
      index: { docsPerSec: number; sizeBytes: number };
      queries: { classes: Record<string, { qps: number }>; results?: Array<{ id: string; total: number; hits: Array<[string, number]> }> };
    };
    const qps: Record<string, number> = {};
    for (const [kind, c] of Object.entries(raw.queries.classes)) qps[kind] = c.qps;
    const answers = new Map((raw.queries.results ?? []).map((a) => [a.id, { total: a.total, ids: a.hits.map((h) => h[0]) }]));
    return { version: raw.version, indexDocsPerSec: raw.index.docsPerSec, indexBytes: raw.index.sizeBytes, qps, answers };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** `a | b`, failing when either fails. */
function pipe(a: string[], b: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const left = spawn(a[0]!, a.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    const right = spawn(b[0]!, b.slice(1), { stdio: ['pipe', 'ignore', 'inherit'] });
    left.stdout.pipe(right.stdin);
    let failed = false;
    const fail = (what: string) => (code: number | null) => {
      if (code !== 0 && !failed) {
        failed = true;
        reject(new Error(`${what} exited with ${code}`));
      }
    };
    left.on('exit', fail(a.join(' ')));
    right.on('exit', (code) => (code === 0 ? !failed && resolve() : fail(b.slice(0, 2).join(' '))(code)));
    left.on('error', reject);
    right.on('error', reject);
  });
}
