/**
 * A script worker thread: compiles (with its own small cache) and runs update scripts sent by
 * the node's {@link ScriptWorkerPool}, one at a time, answering each with plain data. A runaway
 * script holds this thread, never the node's event loop; the watchdog's longer limit
 * (MAX_ISOLATED_EXECUTION_MS) bounds how long.
 */
import { parentPort } from 'node:worker_threads';
import { compilePainless } from '../painless/engine.js';
import { MAX_ISOLATED_EXECUTION_MS } from '../painless/budget.js';
import { executeUpdateScript } from '../update-context.js';
import { shardErrorOf } from '../../messages/shard-error.js';
import type { ExecutableScript } from '../types.js';
import type { UpdateScriptAnswer, UpdateScriptJob } from './messages.js';

/** Compiled scripts by regex flag, name and source, least recently used first. */
const CACHE_SIZE = 100;
const compiled = new Map<string, ExecutableScript>();

function scriptFor(job: UpdateScriptJob): ExecutableScript {
  const key = `${job.regexEnabled ? 1 : 0}\u0000${job.name ?? ''}\u0000${job.source}`;
  let script = compiled.get(key);
  if (script) compiled.delete(key);
  else {
    script = compilePainless(job.source, {
      regexEnabled: job.regexEnabled,
      maxExecutionMs: MAX_ISOLATED_EXECUTION_MS,
      ...(job.name !== undefined ? { name: job.name } : {}),
    });
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  }
  compiled.set(key, script);
  return script;
}

function run(job: UpdateScriptJob): UpdateScriptAnswer {
  try {
    return { id: job.id, ok: executeUpdateScript(scriptFor(job), job.params, job.vars) };
  } catch (e) {
    return { id: job.id, error: shardErrorOf(e) };
  }
}

parentPort?.on('message', (job: UpdateScriptJob) => parentPort!.postMessage(run(job)));
