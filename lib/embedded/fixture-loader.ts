/**
 * Load a fixtures folder into a running node through its own REST API, exactly as a client
 * would send it (so templates, pipelines, dynamic mappings and every check apply as they do in
 * production), then refresh everything. The first refusal stops the load with a FixtureError
 * naming the file and line.
 */
import { FixtureError, readFixtures, type FixtureRequest } from './fixture-files.js';

/** What a fixture load did. */
export interface FixtureLoadReport {
  /** Requests sent (one per template, pipeline, script and index; bulk files in ~4 MB pieces). */
  requests: number;
  /** Bulk items (documents indexed, updated or deleted). */
  documents: number;
  tookMs: number;
}

/** Load the fixtures folder `dir` into the node at `url`. */
export async function loadFixtures(url: string, dir: string): Promise<FixtureLoadReport> {
  const started = performance.now();
  const requests = await readFixtures(dir);
  let documents = 0;
  for (const req of requests) {
    await send(url, req);
    documents += req.items;
  }
  const refreshed = await fetch(`${url}/_refresh`, { method: 'POST' });
  await refreshed.arrayBuffer();
  if (refreshed.status !== 200) throw new Error(`fixtures: refresh answered ${refreshed.status}`);
  return { requests: requests.length, documents, tookMs: performance.now() - started };
}

interface EsErrorBody {
  error?: { type?: string; reason?: string } | string;
}

interface BulkBody {
  errors?: boolean;
  items?: Array<Record<string, { status?: number; error?: { type?: string; reason?: string } }>>;
}

async function send(url: string, req: FixtureRequest): Promise<void> {
  const res = await fetch(url + req.path, {
    method: req.method,
    headers: { 'content-type': req.path === '/_bulk' ? 'application/x-ndjson' : 'application/json' },
    body: req.body,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.status >= 300) {
    const err = (body as EsErrorBody | undefined)?.error;
    const what = typeof err === 'object' && err !== null ? `${err.type}: ${err.reason}` : text.slice(0, 200);
    throw new FixtureError(req.file, req.items > 0 ? req.lines[0] : undefined, `${req.method} ${req.path} answered ${res.status}: ${what}`);
  }
  const bulk = body as BulkBody;
  if (req.items > 0 && bulk.errors === true) {
    const items = bulk.items ?? [];
    for (let i = 0; i < items.length; i++) {
      const result = Object.values(items[i] ?? {})[0];
      if (result?.error) {
        throw new FixtureError(req.file, req.lines[i], `bulk item answered ${result.status}: ${result.error.type}: ${result.error.reason}`);
      }
    }
  }
}
