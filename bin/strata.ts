#!/usr/bin/env node
/**
 * `strata`: start a node; `strata migrate --from URL ...` copies indices off another cluster
 * (lib/migrate/cli.ts, docs/reindex.md). Settings as Elasticsearch takes them: `-E key=value` (http.port,
 * path.data, node.name, cluster.name, network.host, logger.level, http.cors.*, ...) and an
 * optional YAML config file (`--config path` or `config/strata.yml`); a setting Strata does not
 * take stops the start as ES stops (lib/node-settings.ts). `--version` prints the version.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish (bounded), then close
 * every shard cleanly.
 *
 * For test harnesses in any language: `--memory` keeps everything in memory (no data
 * directory), `--fixtures DIR` loads a fixtures folder before serving, `--port N` (0: a free
 * port), and `--print-url` writes the node's URL as the only line on stdout once it serves
 * (logs then go to stderr); `--url-file F` writes it to F (complete when it appears).
 */
import { readFileSync, existsSync, writeFileSync, renameSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import type Bunyan from 'bunyan';
import bunyan from '../lib/logger/bunyan.js';
import { startNode } from '../lib/embedded/embedded-node.js';
import { flattenSettings } from '../lib/cluster/settings.js';
import { validateNodeSettings } from '../lib/node-settings.js';
import { VERSION_INFO } from '../api/routes/cluster.js';
import { applyHeapPolicy } from './heap-policy.js';

/**
 * ES prints `Version: 5.6.16, Build: 3a740d1/<date>, JVM: <java version>`; Strata names itself
 * beside the ES version it answers as, and the runtime it really runs on.
 */
function versionLine(): string {
  const pkg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8')) as { version: string };
  return `Version: ${VERSION_INFO.number} (Strata ${pkg.version}), Build: ${VERSION_INFO.build_hash}/${VERSION_INFO.build_date}, Node.js: ${process.version}\n`;
}

/** The harness flags (everything but settings). */
interface CliFlags {
  memory: boolean;
  port?: number;
  fixtures?: string;
  printUrl: boolean;
  urlFile?: string;
}

const USAGE =
  'usage: strata [-E key=value]... [--config strata.yml] [--version]\n' +
  '              [--memory] [--port N] [--fixtures DIR] [--print-url] [--url-file FILE]\n' +
  '       strata migrate --from URL [--to URL] [--indices PATTERN] ... (strata migrate --help)\n';

/** A command line Strata cannot run with: reported in one line and the usage, never as a stack. */
class UsageError extends Error {}

function parseArgs(argv: string[], flags: CliFlags): Record<string, string> {
  const settings: Record<string, string> = {};
  const value = (i: number, name: string): string => {
    const v = argv[i];
    if (v === undefined) throw new UsageError(`[${name}] needs a value`);
    return v;
  };
  let configPath: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-E' || a === '--setting') {
      const kv = argv[++i] ?? '';
      const eq = kv.indexOf('=');
      if (eq <= 0) throw new UsageError(`setting [${kv}] must be in the form key=value`);
      settings[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a.startsWith('-E')) {
      const kv = a.slice(2);
      const eq = kv.indexOf('=');
      if (eq <= 0) throw new UsageError(`setting [${kv}] must be in the form key=value`);
      settings[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a === '--config' || a === '-c') {
      configPath = value(++i, a);
    } else if (a === '--memory') {
      flags.memory = true;
    } else if (a === '--port') {
      const raw = value(++i, a);
      const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!(port >= 0 && port <= 65535)) throw new UsageError(`[--port] must be a port number (0 for any free port), got [${raw}]`);
      flags.port = port;
    } else if (a === '--fixtures') {
      flags.fixtures = resolve(value(++i, a));
    } else if (a === '--print-url') {
      flags.printUrl = true;
    } else if (a === '--url-file') {
      flags.urlFile = resolve(value(++i, a));
    } else if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else if (a === '--version' || a === '-V') {
      process.stdout.write(versionLine());
      process.exit(0);
    } else {
      throw new UsageError(`unknown argument [${a}]`);
    }
  }
  const file = configPath ?? (existsSync('config/strata.yml') ? 'config/strata.yml' : undefined);
  const fromFile = file ? flattenSettings(yaml.load(readFileSync(file, 'utf8')) ?? {}) : {};
  return { ...fromFile, ...settings };
}

async function main(): Promise<void> {
  applyHeapPolicy();
  const flags: CliFlags = { memory: false, printUrl: false };
  const settings = parseArgs(process.argv.slice(2), flags);
  const refused = validateNodeSettings(settings);
  if (refused !== undefined) {
    process.stderr.write(`strata: ${refused}\n`);
    process.exit(1);
  }
  if (flags.memory && settings['path.data'] !== undefined) throw new UsageError('[--memory] and [path.data] exclude each other');
  const logger = bunyan.createLogger({
    name: 'strata',
    serializers: bunyan.stdSerializers,
    level: (settings['logger.level'] as Bunyan.LogLevel | undefined) ?? 'info',
    // With --print-url stdout carries the URL alone.
    stream: flags.printUrl ? process.stderr : process.stdout,
  });
  const node = await startNode({
    ...(flags.memory ? { memory: true } : { dataPath: resolve(settings['path.data'] ?? 'data') }),
    settings,
    logger,
    ...(flags.port !== undefined ? { port: flags.port } : { port: Number(settings['http.port'] ?? 9200) }),
    ...(flags.fixtures !== undefined ? { fixtures: flags.fixtures } : {}),
  });
  if (flags.urlFile !== undefined) {
    // Written whole, then renamed: a harness polling for the file never reads half a URL.
    writeFileSync(`${flags.urlFile}.tmp`, `${node.url}\n`);
    renameSync(`${flags.urlFile}.tmp`, flags.urlFile);
  }
  if (flags.printUrl) process.stdout.write(`${node.url}\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    node.context.logger.info({ signal }, 'stopping');
    node.close().then(
      () => process.exit(0),
      (err: unknown) => {
        node.context.logger.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** `strata migrate ...` (lib/migrate), loaded only when asked for. */
async function migrateCommand(argv: string[]): Promise<void> {
  const { runMigrate } = await import('../lib/migrate/cli.js');
  process.exitCode = await runMigrate(argv, process.stdout, process.stderr);
}

(process.argv[2] === 'migrate' ? migrateCommand(process.argv.slice(3)) : main()).catch((err: unknown) => {
  // A system call that failed (a port in use, a directory not writable) says all in its message
  // (`listen EADDRINUSE: address already in use 127.0.0.1:9200`), as does a config file that is
  // not YAML; a bad command line adds the usage; anything else keeps its stack.
  if (err instanceof UsageError) {
    process.stderr.write(`strata: ${err.message}\n${USAGE}`);
    process.exit(1);
  }
  const plain = err instanceof Error && (typeof (err as { syscall?: unknown }).syscall === 'string' || err.name === 'YAMLException');
  process.stderr.write(`strata: ${err instanceof Error ? (plain ? err.message : (err.stack ?? err.message)) : String(err)}\n`);
  process.exit(1);
});
