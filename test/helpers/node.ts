/**
 * Test harness: a real node on loopback (port 0) over a temporary data directory, and a small
 * HTTP client that returns status, headers and the parsed body.
 */
import { mkdtemp, rm, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode, type RunningNode } from '../../lib/node.js';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface TestNode {
  url: string;
  dataPath: string;
  node: RunningNode;
  request<T = any>(method: string, path: string, body?: unknown): Promise<HttpResult<T>>;
  /** Close the node, keeping its data directory (for restart tests). */
  stop(): Promise<void>;
  /** Close the node and delete its data directory. */
  close(): Promise<void>;
}

export async function request<T = any>(base: string, method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
  const isText = typeof body === 'string';
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': isText && path.includes('_bulk') ? 'application/x-ndjson' : 'application/json' },
    ...(body === undefined ? {} : { body: isText ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    /* plain text body */
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
}

export async function startTestNode(opts: { dataPath?: string; settings?: Record<string, string>; shardClientMode?: 'direct' | 'json' | 'protobuf'; warmRoutes?: boolean } = {}): Promise<TestNode> {
  const dataPath = opts.dataPath ?? (await mkdtemp(join(tmpdir(), 'strata-test-')));
  const node = await startNode({
    dataPath,
    port: 0,
    host: '127.0.0.1',
    settings: opts.settings ?? {},
    logLevel: 'fatal',
    ...(opts.shardClientMode ? { shardClientMode: opts.shardClientMode } : {}),
    ...(opts.warmRoutes !== undefined ? { warmRoutes: opts.warmRoutes } : {}),
  });
  return {
    url: node.url,
    dataPath,
    node,
    request: (method, path, body) => request(node.url, method, path, body),
    stop: () => node.close(),
    async close() {
      await node.close();
      await rm(dataPath, { recursive: true, force: true });
    },
  };
}

/** NDJSON body from a list of objects. */
export function ndjson(lines: unknown[]): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** A fixture file from fixtures/, parsed as JSON, or raw text for .ndjson. */
export async function fixture(name: string): Promise<any> {
  const text = await readFile(join(PROJECT_ROOT, 'fixtures', name), 'utf8');
  return name.endsWith('.ndjson') ? text : JSON.parse(text);
}
