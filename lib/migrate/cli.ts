/**
 * The command line of `strata migrate` (bin/strata.ts hands it the arguments after `migrate`):
 * flags, the run, and the exit code (0 when every index is copied and verified, 1 otherwise,
 * 2 for a usage error).
 */
import { ClusterError } from './cluster-client.js';
import { migrate, type MigrateOptions } from './migrate.js';

export const MIGRATE_USAGE =
  'usage: strata migrate --from URL [--to URL] [--indices PATTERN[,PATTERN]] [--slices N]\n' +
  '                      [--batch N] [--sample N] [--interval MS] [--verify]\n' +
  '  --from URL      the cluster to copy from, http://[user:password@]host:port (basic auth)\n' +
  '  --to URL        the Strata node to copy to (default http://127.0.0.1:9200); it must list the\n' +
  '                  source host:port in reindex.remote.whitelist\n' +
  '  --indices P     index patterns of the source (default *: every index not starting with a dot)\n' +
  '  --slices N      parallel slices per index (default 2)\n' +
  '  --batch N       documents per scroll batch (default 1000)\n' +
  '  --sample N      documents compared one by one per index (default 100)\n' +
  '  --interval MS   progress poll interval (default 1000)\n' +
  '  --verify        compare only: counts and the sample, nothing copied\n';

/** Parse the flags; throws a message for a usage error. */
export function parseMigrateArgs(argv: string[]): MigrateOptions {
  const o: MigrateOptions = { from: '', to: 'http://127.0.0.1:9200', indices: '*', slices: 2, batchSize: 1000, sample: 100, pollMs: 1000, verifyOnly: false };
  const value = (i: number, name: string): string => {
    const v = argv[i];
    if (v === undefined) throw new Error(`[${name}] needs a value`);
    return v;
  };
  const int = (i: number, name: string, min: number): number => {
    const raw = value(i, name);
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= min)) throw new Error(`[${name}] must be an integer >= ${min}, got [${raw}]`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--from') o.from = value(++i, a);
    else if (a === '--to') o.to = value(++i, a);
    else if (a === '--indices') o.indices = value(++i, a);
    else if (a === '--slices') o.slices = int(++i, a, 1);
    else if (a === '--batch') o.batchSize = int(++i, a, 1);
    else if (a === '--sample') o.sample = int(++i, a, 0);
    else if (a === '--interval') o.pollMs = int(++i, a, 10);
    else if (a === '--verify') o.verifyOnly = true;
    else throw new Error(`unknown argument [${a}]`);
  }
  if (o.from === '') throw new Error('[--from] is required');
  return o;
}

/** Run `strata migrate` with `argv`; resolves to the process exit code. */
export async function runMigrate(argv: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.write(MIGRATE_USAGE);
    return 0;
  }
  let opts: MigrateOptions;
  try {
    opts = parseMigrateArgs(argv);
  } catch (e) {
    err.write(`strata migrate: ${(e as Error).message}\n${MIGRATE_USAGE}`);
    return 2;
  }
  try {
    const result = await migrate(opts, (line) => out.write(`${line}\n`));
    return result.ok ? 0 : 1;
  } catch (e) {
    if (!(e instanceof ClusterError)) throw e;
    err.write(`strata migrate: ${e.reason}\n`);
    return 1;
  }
}
