/**
 * Ingest activity of one node (ES 5.6 `IngestStats`): documents run through pipelines, time
 * spent, documents in flight and failures, in total and per pipeline id. One instance hangs off
 * the node's runtime (never module state), so two nodes in one process count separately.
 */

/** One row of ES `IngestStats.Stats`. */
export interface IngestCounter {
  count: number;
  timeInMillis: number;
  current: number;
  failed: number;
}

function zero(): IngestCounter {
  return { count: 0, timeInMillis: 0, current: 0, failed: 0 };
}

export class IngestCounters {
  readonly total: IngestCounter = zero();
  /** Keyed by pipeline id (user input, hence a Map). */
  readonly pipelines = new Map<string, IngestCounter>();

  private of(pipeline: string): IngestCounter {
    let c = this.pipelines.get(pipeline);
    if (!c) {
      c = zero();
      this.pipelines.set(pipeline, c);
    }
    return c;
  }

  /** A document enters `pipeline`; call the returned function when it leaves (failed or not). */
  start(pipeline: string): (failed: boolean) => void {
    const started = process.hrtime.bigint();
    const p = this.of(pipeline);
    p.current++;
    this.total.current++;
    return (failed) => {
      const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
      for (const c of [p, this.total]) {
        c.current--;
        c.count++;
        c.timeInMillis += ms;
        if (failed) c.failed++;
      }
    };
  }
}

/** ES's JSON for one counter. */
export function ingestCounterJson(c: IngestCounter): Record<string, number> {
  return { count: c.count, time_in_millis: c.timeInMillis, current: c.current, failed: c.failed };
}
