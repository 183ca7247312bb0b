/**
 * Update scripts run on worker threads, so that one hostile or merely long script (ES runs
 * Painless on its own thread pools) cannot stall the node's event loop: `GET /`, searches and
 * writes keep being served while it runs (issue 8). Workers start on first use, take one job at
 * a time from a FIFO queue, and are unref'd so an idle pool never keeps the process alive.
 * A worker that dies (its heap limit reached despite the allocation budget) fails its job with
 * Java's `out_of_memory_error` and is replaced on the next job.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { EsError } from '../../errors/es-error.js';
import { esErrorOf } from '../../messages/shard-error.js';
import { scriptException } from '../errors.js';
import type { UpdateScriptResult } from '../update-context.js';
import type { UpdateScriptAnswer, UpdateScriptJob } from './messages.js';

/** Heap of one worker: room for the allocation budget (2M elements) many times over. */
const WORKER_HEAP_MB = 256;

/** What a job gets when the node closes before its script ran or finished. */
const closing = (): EsError => new EsError('illegal_state_exception', 500, 'the node is closing');

interface Pending {
  job: UpdateScriptJob;
  resolve: (r: UpdateScriptResult) => void;
  reject: (e: EsError) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
}

export class ScriptWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * @param size At most this many workers (default: one per core but one, at least one, at most two).
   * @param workerUrl The worker's module (tests give one that dies on demand).
   */
  constructor(
    private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    private readonly workerUrl = new URL('./script-worker.js', import.meta.url),
  ) {}

  /** Run an update script on a worker; rejects with the ES error the script failed with. */
  runUpdate(job: Omit<UpdateScriptJob, 'id'>): Promise<UpdateScriptResult> {
    if (this.closed) return Promise.reject(closing());
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  /** Stop every worker; queued jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(closing());
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === undefined);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const p = this.queue.shift()!;
      slot.busy = p;
      slot.worker.ref();
      slot.worker.postMessage(p.job);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const slot: Slot = { worker, busy: undefined };
    worker.on('message', (answer: UpdateScriptAnswer) => {
      const p = slot.busy;
      slot.busy = undefined;
      worker.unref();
      if (p && p.job.id === answer.id) {
        if ('ok' in answer) p.resolve(answer.ok);
        else p.reject(esErrorOf(answer.error));
      }
      this.pump();
    });
    // 'error' comes before 'exit' when the worker fails (ERR_WORKER_OUT_OF_MEMORY and the like)
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      const p = slot.busy;
      if (p && this.closed) p.reject(closing());
      else if (p) p.reject(scriptException('runtime error', new EsError('out_of_memory_error', 500, 'Java heap space'), [], p.job.name ?? p.job.source, 'painless'));
      slot.busy = undefined;
      if (!this.closed) this.pump();
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }
}
