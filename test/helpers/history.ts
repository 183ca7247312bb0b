/**
 * A recorded history of concurrent operations on one document, and a checker that it is
 * linearizable as a versioned register with compare-and-set (issue 8): every write that took
 * effect produced a distinct version, versions follow real time, a read returns the state of
 * exactly one version (never one version's data under another's number) no older than the
 * last write that completed before it began, and every 409 had a write that really moved the
 * document past the version it expected.
 *
 * Versions make the check cheap: each effective write names its place in the total order, so
 * no search over orderings is needed (Wing & Gong style search is only needed when writes
 * carry no such witness).
 */
import { isDeepStrictEqual } from 'node:util';

export interface HistoryOp {
  client: number;
  kind: 'write' | 'read';
  /** performance.now() when the request was sent and when its answer arrived. */
  invokedAt: number;
  respondedAt: number;
  /** The write was acknowledged (2xx) or the read found the document. */
  ok: boolean;
  /** The version the write created, or the version the read returned. */
  version?: number;
  /** The document's source after the write, or as read. */
  value?: unknown;
  /** A 409: the version the request expected (a CAS) — the document must have moved past it. */
  conflictExpected?: number;
}

/** Records operations with their real-time interval. */
export class History {
  readonly ops: HistoryOp[] = [];

  /** Time `run`, which answers the operation's outcome, and record it. */
  async record(client: number, kind: HistoryOp['kind'], run: () => Promise<Omit<HistoryOp, 'client' | 'kind' | 'invokedAt' | 'respondedAt'>>): Promise<HistoryOp> {
    const invokedAt = performance.now();
    const outcome = await run();
    const op: HistoryOp = { client, kind, invokedAt, respondedAt: performance.now(), ...outcome };
    this.ops.push(op);
    return op;
  }

  /** Acknowledged writes. */
  get acked(): HistoryOp[] {
    return this.ops.filter((o) => o.kind === 'write' && o.ok);
  }
}

/**
 * Violations of linearizability in `ops` (empty when the history is linearizable). `initial` is
 * the document's state before the history (version and source).
 */
export function linearizabilityViolations(ops: readonly HistoryOp[], initial: { version: number; value: unknown }): string[] {
  const out: string[] = [];
  const writes = ops.filter((o) => o.kind === 'write' && o.ok && o.version !== undefined);
  const byVersion = new Map<number, HistoryOp>();
  for (const w of writes) {
    const prev = byVersion.get(w.version!);
    if (prev) out.push(`two acknowledged writes created version ${w.version} (clients ${prev.client} and ${w.client})`);
    else byVersion.set(w.version!, w);
  }
  // Real-time order: a write that completed before another began has a lower version.
  for (const a of writes) {
    for (const b of writes) {
      if (a.respondedAt < b.invokedAt && a.version! >= b.version!) {
        out.push(`write v${a.version} (client ${a.client}) completed before write v${b.version} (client ${b.client}) began`);
      }
    }
  }
  for (const r of ops) {
    if (r.kind !== 'read' || !r.ok) continue;
    const v = r.version!;
    const floor = Math.max(initial.version, ...writes.filter((w) => w.respondedAt < r.invokedAt).map((w) => w.version!));
    if (v < floor) out.push(`stale read: client ${r.client} read v${v} after v${floor} was acknowledged`);
    if (v === initial.version) {
      if (!isDeepStrictEqual(r.value, initial.value)) out.push(`read of the initial v${v} by client ${r.client} returned ${JSON.stringify(r.value)}`);
      continue;
    }
    // Every operation has completed when the history is checked: a version that no
    // acknowledged write created was never written.
    const w = byVersion.get(v);
    if (!w) out.push(`read of v${v} by client ${r.client} matches no acknowledged write`);
    else if (w.invokedAt > r.respondedAt) out.push(`client ${r.client} read v${v} before the write creating it began`);
    else if (!isDeepStrictEqual(r.value, w.value)) {
      out.push(`read of v${v} by client ${r.client} returned ${JSON.stringify(r.value)}, but v${v} is ${JSON.stringify(w.value)}`);
    }
  }
  for (const c of ops) {
    if (c.conflictExpected === undefined) continue;
    const moved = writes.some((w) => w.invokedAt < c.respondedAt && w.version! > c.conflictExpected!);
    if (!moved && initial.version <= c.conflictExpected) out.push(`client ${c.client} got a 409 expecting v${c.conflictExpected}, but no write moved the document past it`);
  }
  return out;
}
