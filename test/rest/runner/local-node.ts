/**
 * Starts a Strata node in this process on a fresh temporary data directory, for the CLI and the
 * ratchet test. `lib/node.ts` is imported lazily so the runner's pure parts work (and the
 * runner builds) even while the server is incomplete.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './project-paths.js';

/** A running in-process node; `close` stops it and deletes its data directory. */
export interface LocalNode {
  readonly url: string;
  close(): Promise<void>;
}

interface NodeModule {
  startNode(opts: {
    dataPath: string;
    host?: string;
    port?: number;
    settings?: Record<string, string>;
    logLevel?: string;
    shardClientMode?: 'direct' | 'json' | 'protobuf';
  }): Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * Starts a node on 127.0.0.1 with a free port and a temporary data path; `shardClientMode`
 * sends its shard messages through an encoding (lib/messages/client-modes.ts).
 */
export async function startLocalNode(settings: Record<string, string> = {}, shardClientMode?: 'direct' | 'json' | 'protobuf'): Promise<LocalNode> {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-rest-'));
  try {
    const specifier = '../../../lib/node.js';
    const mod = (await import(specifier)) as NodeModule;
    const node = await mod.startNode({
      dataPath,
      host: '127.0.0.1',
      port: 0,
      settings: {
        'cluster.name': 'rest-tests',
        'node.name': 'rest-node-0',
        // ES's REST test cluster plants this attribute; cat.nodeattrs looks for it.
        'node.attr.testattr': 'test',
        // The file templates the lang_mustache tests name (ES's test cluster had the same).
        'path.scripts': join(projectRoot(), 'test', 'rest', 'fixtures', 'scripts'),
        // ES's reindex module test cluster whitelists loopback remotes the same way.
        'reindex.remote.whitelist': '127.0.0.1:*',
        ...settings,
      },
      logLevel: 'fatal',
      ...(shardClientMode ? { shardClientMode } : {}),
    });
    return {
      url: node.url,
      async close() {
        try {
          await node.close();
        } finally {
          await rm(dataPath, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    await rm(dataPath, { recursive: true, force: true });
    throw e;
  }
}
