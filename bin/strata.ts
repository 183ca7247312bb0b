#!/usr/bin/env node
/**
 * `strata`: start a node. Settings as Elasticsearch takes them: `-E key=value` (http.port,
 * path.data, node.name, cluster.name, network.host, logger.level, http.cors.*, ...) and an
 * optional YAML config file (`--config path` or `config/strata.yml`); a setting Strata does not
 * take stops the start as ES stops (lib/node-settings.ts). `--version` prints the version.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish (bounded), then close
 * every shard cleanly.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { startNode } from '../lib/node.js';
import { flattenSettings } from '../lib/cluster/settings.js';
import { validateNodeSettings } from '../lib/node-settings.js';
import { VERSION_INFO } from '../api/routes/cluster.js';

/**
 * ES prints `Version: 5.6.16, Build: 3a740d1/<date>, JVM: <java version>`; Strata names itself
 * beside the ES version it answers as, and the runtime it really runs on.
 */
function versionLine(): string {
  const pkg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8')) as { version: string };
  return `Version: ${VERSION_INFO.number} (Strata ${pkg.version}), Build: ${VERSION_INFO.build_hash}/${VERSION_INFO.build_date}, Node.js: ${process.version}\n`;
}

function parseArgs(argv: string[]): Record<string, string> {
  const settings: Record<string, string> = {};
  let configPath: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-E' || a === '--setting') {
      const kv = argv[++i] ?? '';
      const eq = kv.indexOf('=');
      if (eq <= 0) throw new Error(`setting [${kv}] must be in the form key=value`);
      settings[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a.startsWith('-E')) {
      const kv = a.slice(2);
      const eq = kv.indexOf('=');
      if (eq <= 0) throw new Error(`setting [${kv}] must be in the form key=value`);
      settings[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a === '--config' || a === '-c') {
      configPath = argv[++i];
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: strata [-E key=value]... [--config strata.yml] [--version]\n');
      process.exit(0);
    } else if (a === '--version' || a === '-V') {
      process.stdout.write(versionLine());
      process.exit(0);
    } else {
      throw new Error(`unknown argument [${a}]`);
    }
  }
  const file = configPath ?? (existsSync('config/strata.yml') ? 'config/strata.yml' : undefined);
  const fromFile = file ? flattenSettings(yaml.load(readFileSync(file, 'utf8')) ?? {}) : {};
  return { ...fromFile, ...settings };
}

async function main(): Promise<void> {
  const settings = parseArgs(process.argv.slice(2));
  const refused = validateNodeSettings(settings);
  if (refused !== undefined) {
    process.stderr.write(`strata: ${refused}\n`);
    process.exit(1);
  }
  const node = await startNode({ dataPath: resolve(settings['path.data'] ?? 'data'), settings });
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

main().catch((err: unknown) => {
  process.stderr.write(`strata: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
