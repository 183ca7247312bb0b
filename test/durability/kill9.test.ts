/**
 * Every acknowledged write survives `kill -9`: a server process is bulk-loaded until it is
 * SIGKILLed mid-load; after a restart on the same data directory every document whose bulk was
 * acknowledged is there.
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, ndjson } from '../helpers/node.js';
import { freePort, startServer, stopServer } from '../helpers/server-process.js';

test('acknowledged bulk writes survive SIGKILL', async (t) => {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-kill9-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    const child = await startServer(dataPath, port);
    await request(base, 'PUT', '/durable', { settings: { number_of_shards: 2, number_of_replicas: 0 } });
    const acked: string[] = [];
    let batch = 0;
    let killed = false;
    const loader = (async () => {
      while (!killed) {
        const ids = Array.from({ length: 50 }, (_, i) => `b${batch}-${i}`);
        const body = ndjson(ids.flatMap((id) => [{ index: { _id: id } }, { batch, text: `document ${id}` }]));
        try {
          const r = await request(base, 'POST', '/durable/doc/_bulk', body);
          if (r.status === 200 && r.body.errors === false) acked.push(...ids);
        } catch {
          break; // connection reset by the kill
        }
        batch++;
      }
    })();
    while (acked.length < 1000) await new Promise((r) => setTimeout(r, 10));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    killed = true;
    await loader;
    await exited;

    const restarted = await startServer(dataPath, port);
    try {
      const missing: string[] = [];
      for (let i = 0; i < acked.length; i += 500) {
        const ids = acked.slice(i, i + 500);
        const r = await request(base, 'POST', '/durable/doc/_mget', { ids });
        for (const d of r.body.docs) if (!d.found) missing.push(d._id);
      }
      t.true(acked.length >= 1000);
      t.deepEqual(missing, []);
    } finally {
      await stopServer(restarted, 'SIGTERM');
    }
  } finally {
    await rm(dataPath, { recursive: true, force: true });
  }
});
