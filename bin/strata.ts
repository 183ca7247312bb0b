#!/usr/bin/env node
/**
 * `strata`: start a node. Settings as Elasticsearch takes them: `-E key=value` (http.port,
 * path.data, node.name, cluster.name, network.host, logger.level) and an optional YAML config
 * file (`--config path` or `config/strata.yml`). SIGTERM/SIGINT close every shard cleanly.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import yaml from 'js-yaml';
import { startNode } from '../lib/node.js';
import { flattenSettings } from '../lib/cluster/settings.js';

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
      settings[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a === '--config' || a === '-c') {
      configPath = argv[++i];
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: strata [-E key=value]... [--config strata.yml]\n');
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
