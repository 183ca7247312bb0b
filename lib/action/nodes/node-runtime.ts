/**
 * Runtime state of one node that the nodes APIs report: counters (ingest, tasks, HTTP
 * connections, GC), CPU samplers and figures fixed at start. It lives on `NodeContext.runtime`
 * (one per node, closed with the node) — never in module variables, which would outlive a node
 * and mix the figures of two nodes started in one process (the tests do that).
 */
import os from 'node:os';
import v8 from 'node:v8';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { IngestCounters } from './ingest-counters.js';
import { NodeTasks } from './node-tasks.js';

/** Collections and their time for one collector (ES `JvmStats.GarbageCollector`). */
export interface GcCounter {
  count: number;
  timeMillis: number;
}

/** HTTP connection counts (ES `HttpStats`), supplied by the HTTP server once it exists. */
export interface HttpConnectionStats {
  currentOpen: number;
  totalOpened: number;
}

/**
 * Samples "recent" CPU use the way the JVM's `getProcessCpuLoad`/`getSystemCpuLoad` do: the
 * share used since the previous sample, 0–100 over all processors.
 */
class CpuSampler {
  private lastProcess = process.cpuUsage();
  private lastProcessAt = process.hrtime.bigint();
  private lastSystem = systemTimes();

  processPercent(): number {
    const now = process.hrtime.bigint();
    const used = process.cpuUsage(this.lastProcess);
    const elapsedMicros = Number((now - this.lastProcessAt) / 1000n);
    this.lastProcess = process.cpuUsage();
    this.lastProcessAt = now;
    if (elapsedMicros <= 0) return 0;
    const share = (used.user + used.system) / (elapsedMicros * Math.max(1, os.availableParallelism()));
    return Math.min(100, Math.round(share * 100));
  }

  systemPercent(): number {
    const now = systemTimes();
    const total = now.total - this.lastSystem.total;
    const idle = now.idle - this.lastSystem.idle;
    this.lastSystem = now;
    if (total <= 0) return 0;
    return Math.min(100, Math.max(0, Math.round(((total - idle) / total) * 100)));
  }
}

function systemTimes(): { total: number; idle: number } {
  let total = 0;
  let idle = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
    idle += t.idle;
  }
  return { total, idle };
}

export class NodeRuntime {
  /** V8's committed heap when the node started (reported where ES reports `heap_init`). */
  readonly heapInitBytes = v8.getHeapStatistics().total_heap_size;
  readonly ingest = new IngestCounters();
  readonly tasks = new NodeTasks();
  readonly cpu = new CpuSampler();
  /** Scavenges (V8's young generation) and mark-sweep-compacts (old generation). */
  readonly gc: { young: GcCounter; old: GcCounter } = { young: { count: 0, timeMillis: 0 }, old: { count: 0, timeMillis: 0 } };
  /** Highest thread count seen by a stats call (ES `peak_count`). */
  peakThreads = 0;
  private httpStats: () => HttpConnectionStats = () => ({ currentOpen: 0, totalOpened: 0 });
  private readonly gcObserver: PerformanceObserver;

  constructor() {
    this.gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) this.recordGc(entry);
    });
    this.gcObserver.observe({ entryTypes: ['gc'] });
  }

  private recordGc(entry: PerformanceEntry): void {
    const kind = ((entry as unknown as { detail?: { kind?: number } }).detail)?.kind;
    const c = kind === constants.NODE_PERFORMANCE_GC_MINOR ? this.gc.young : this.gc.old;
    c.count++;
    c.timeMillis += entry.duration;
  }

  /** Wire the HTTP server's connection counts (called once the server exists). */
  setHttpStats(fn: () => HttpConnectionStats): void {
    this.httpStats = fn;
  }

  http(): HttpConnectionStats {
    return this.httpStats();
  }

  /** Stop observing (the node is closing). */
  close(): void {
    this.gcObserver.disconnect();
  }
}
