/**
 * `kill -9` during a background reindex: the server process is SIGKILLed while a throttled
 * `wait_for_completion=false` reindex runs; after a restart on the same data directory the task's
 * `.tasks` record is `completed: false` with the status of its last recorded batch, every
 * document that status counts is in the destination (identical to its source), and a new task
 * does not take the interrupted one's id (so its record is not overwritten).
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, ndjson } from '../helpers/node.js';
import { freePort, startServer, stopServer } from '../helpers/server-process.js';

const DOCS = 3000;

test('a reindex killed with SIGKILL: its .tasks record says how far it got, and those writes are there', async (t) => {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-reindex-kill9-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    const child = await startServer(dataPath, port);
    let taskId = '';
    try {
      const lines = Array.from({ length: DOCS }, (_, i) => [{ index: { _id: String(i) } }, { n: i, text: `document ${i}` }]).flat();
      const bulk = await request(base, 'POST', '/src/doc/_bulk?refresh=true', ndjson(lines));
      t.false(bulk.body.errors);
      // ~10 s in all: 100 documents per batch at 300 per second
      const started = await request(base, 'POST', '/_reindex?wait_for_completion=false&requests_per_second=300', { source: { index: 'src', size: 100 }, dest: { index: 'dst' } });
      t.is(started.status, 200);
      taskId = started.body.task;
      // wait until the progress record (read in real time) counts a few batches, then kill
      for (let i = 0; i < 400; i++) {
        const rec = await request(base, 'GET', `/.tasks/task/${encodeURIComponent(taskId)}`);
        if (rec.status === 200 && rec.body._source.task.status.created >= 600) break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await stopServer(child, 'SIGKILL');
    }

    const restarted = await startServer(dataPath, port);
    try {
      const got = await request(base, 'GET', `/_tasks/${encodeURIComponent(taskId)}`);
      t.is(got.status, 200);
      t.false(got.body.completed);
      const status = got.body.task.status;
      t.is(got.body.task.action, 'indices:data/write/reindex');
      t.is(got.body.task.description, 'reindex from [src] to [dst]');
      t.is(status.total, DOCS);
      t.true(status.created >= 600, JSON.stringify(status));
      t.true(status.created < DOCS, 'killed before the end');
      t.is(status.batches * 100, status.created);
      // nothing the record counts was lost (it may lag behind the writes, never lead them)
      await request(base, 'POST', '/dst/_refresh');
      const count = (await request(base, 'GET', '/dst/_count')).body.count;
      t.true(count >= status.created, `${count} documents, the record says ${status.created}`);
      const docs = await request(base, 'GET', `/dst/_search?size=50&sort=n:asc`);
      for (const h of docs.body.hits.hits) t.deepEqual(h._source, { n: Number(h._id), text: `document ${h._id}` });

      // a new background task gets a later id: the interrupted task's record stays
      const next = await request(base, 'POST', '/_reindex?wait_for_completion=false', { size: 10, source: { index: 'src' }, dest: { index: 'dst2' } });
      const [, oldId] = taskId.split(':');
      const [, newId] = String(next.body.task).split(':');
      t.true(Number(newId) > Number(oldId), `${next.body.task} after ${taskId}`);
      const done = await request(base, 'GET', `/_tasks/${encodeURIComponent(next.body.task)}?wait_for_completion=true`);
      t.true(done.body.completed);
      t.is(done.body.response.created, 10);
      t.false((await request(base, 'GET', `/_tasks/${encodeURIComponent(taskId)}`)).body.completed);
    } finally {
      await stopServer(restarted, 'SIGTERM');
    }
  } finally {
    await rm(dataPath, { recursive: true, force: true });
  }
});
