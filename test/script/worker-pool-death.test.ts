/**
 * A script worker that dies (its heap exhausted despite the allocation budget) fails only its
 * own job, with Java's out_of_memory_error inside ES's script_exception, and the pool goes on
 * serving: the queued jobs run on a new worker.
 */
import test from 'ava';
import { ScriptWorkerPool } from '../../lib/script/isolated/worker-pool.js';
import { EsError } from '../../lib/errors/es-error.js';

const DYING = new URL('../fixtures/dying-script-worker.js', import.meta.url);

const job = (source: string, params: unknown = null) => ({ source, regexEnabled: false, params, vars: {} });

test('a dying worker fails its job with script_exception / out_of_memory_error; later jobs run on a new worker', async (t) => {
  const pool = new ScriptWorkerPool(1, DYING);
  try {
    t.is((await pool.runUpdate(job('first'))).op, 'first');
    // queued behind the dying job on the only worker
    const dying = pool.runUpdate(job('die'));
    const after = pool.runUpdate(job('after'));
    const err = await t.throwsAsync(dying);
    t.true(err instanceof EsError);
    const e = err as EsError;
    t.is(e.type, 'script_exception');
    t.is(e.reason, 'runtime error');
    t.like(e.metadata, { script: 'die', lang: 'painless' });
    t.is(e.causedBy?.type, 'out_of_memory_error');
    t.is(e.causedBy?.reason, 'Java heap space');
    t.is((await after).op, 'after');
  } finally {
    await pool.close();
  }
});

test('closing the pool fails the running and the queued jobs with illegal_state_exception', async (t) => {
  const pool = new ScriptWorkerPool(1, DYING);
  const running = pool.runUpdate(job('slow', { wait: 2000 }));
  const queued = pool.runUpdate(job('queued'));
  // the slow job is posted to the worker at once (it is the worker's, not the queue's)
  await pool.close();
  for (const p of [running, queued, pool.runUpdate(job('late'))]) {
    const err = (await t.throwsAsync(p)) as EsError;
    t.is(err.type, 'illegal_state_exception');
    t.is(err.reason, 'the node is closing');
  }
});
