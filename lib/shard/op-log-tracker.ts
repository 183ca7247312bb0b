/**
 * What the operation log holds above the last flush: ES's uncommitted translog. The engine
 * flushes when it grows past `index.translog.flush_threshold_size` (ES 5.6 checks this after
 * every write, `IndexShard#shouldFlush`), and `_stats/translog` reports it.
 */
export class OpLogTracker {
  /** One entry per op-log record (one bulk), in seq-no order. */
  private records: Array<{ lastSeqNo: number; ops: number; bytes: number }> = [];
  private opsTotal = 0;
  private bytesTotal = 0;

  /** Count a record written to the op log. */
  add(lastSeqNo: number, ops: number, bytes: number): void {
    this.records.push({ lastSeqNo, ops, bytes });
    this.opsTotal += ops;
    this.bytesTotal += bytes;
  }

  /** Forget the records a flush trimmed: those wholly at or below `checkpoint`. */
  trimTo(checkpoint: number): void {
    let i = 0;
    while (i < this.records.length && this.records[i]!.lastSeqNo <= checkpoint) {
      this.opsTotal -= this.records[i]!.ops;
      this.bytesTotal -= this.records[i]!.bytes;
      i++;
    }
    if (i > 0) this.records = this.records.slice(i);
  }

  get operations(): number {
    return this.opsTotal;
  }

  get bytes(): number {
    return this.bytesTotal;
  }
}
