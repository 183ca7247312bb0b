/**
 * What one Painless execution may spend (issue 8: one request must never stall or kill the node).
 * ES 5.6 runs scripts on a search thread and only bounds loops (`max_loop_counter`); Strata runs
 * every request on one event loop, so a script that computes for seconds stops the node and one
 * that allocates without bound crashes it. Beside ES's loop counter, each execution therefore
 * has a user-function call budget (recursion such as `fib(40)`), a depth limit (Java's
 * `StackOverflowError`), an allocation budget (array elements and collection literals) and a
 * watchdog for loops whose steps are each costly: it trips once an execution has run for
 * {@link MAX_EXECUTION_MS} of wall time during which the process also used as much CPU time.
 * Wall time alone would fail legal scripts on an overloaded machine (the process waits for a
 * core); process CPU alone counts other threads too (GC, LevelDB compaction). All fail as
 * Painless errors do: a `script_exception` "runtime error" with the Java cause.
 * docs/scripting.md lists the limits and why.
 */
import { JavaError } from '../errors.js';
import type { ExecState, ScriptGlobals } from './scope.js';

/** Painless's `max_loop_counter` default: statements run in loops per execution. */
export const MAX_LOOP_COUNTER = 1_000_000;
/** User-function calls per execution: tens of ms of calls once V8 has optimised the script. */
export const MAX_CALLS = 250_000;
/** User-function call depth at which a script fails with `stack_overflow_error`. */
export const MAX_CALL_DEPTH = 200;
/**
 * Largest single array a script may allocate. Filling an array is one operation that cannot be
 * interrupted; V8 needs 25–40 ns an element on a busy machine, so 2M elements cost at most
 * about as long as {@link MAX_EXECUTION_MS}.
 */
export const MAX_ARRAY_LENGTH = 2_000_000;
/** Array elements and collection-literal entries allocated per execution. */
export const MAX_ALLOCATION = 2_000_000;
/**
 * Wall and process CPU time one execution on the event loop may use (search, aggregation and
 * ingest scripts), read every {@link CLOCK_EVERY} operations. Such an execution cannot yield,
 * so this is about the longest it holds the event loop: small enough that `GET /` still answers
 * within 100 ms while a hostile script runs (issue 8).
 */
export const MAX_EXECUTION_MS = 50;
/**
 * The same for an execution on a script worker thread (update scripts,
 * lib/script/isolated/): it stalls no other request, so it gets time for ES's own loop counter
 * and a cold interpreter on a busy machine; the bound keeps one request from holding a worker.
 */
export const MAX_ISOLATED_EXECUTION_MS = 1000;
/** Operations (loop statements, calls, lambda calls) between two reads of the clock. */
const CLOCK_EVERY = 1024;
/**
 * A method or static call costs one operation plus one per this many elements (per 1,024
 * characters of a string) of its receiver and first argument, so that calls whose cost grows with a collection
 * (`contains`, `indexOf`, `addAll`, `sort`) reach the clock check in time.
 */
const ELEMENTS_PER_OP = 64;

/** Process CPU time in ms (user + system). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Fresh per-execution state; `maxMs` is the watchdog's limit. */
export function newExecState(g: ScriptGlobals, maxMs: number): ExecState {
  return { loops: 0, calls: 0, alloc: 0, ops: 0, nextClock: CLOCK_EVERY, started: -1, startedCpu: 0, depth: 0, maxMs, g };
}

/** Reset a reused state at the start of an execution. */
export function resetExecState(s: ExecState, g: ScriptGlobals): void {
  s.loops = 0;
  s.calls = 0;
  s.alloc = 0;
  s.ops = 0;
  s.nextClock = CLOCK_EVERY;
  s.started = -1;
  s.startedCpu = 0;
  s.depth = 0;
  s.g = g;
}

function painlessError(reason: string, pos = -1): JavaError {
  return new JavaError('painless_error', reason, pos);
}

/**
 * Count `n` operations; every {@link CLOCK_EVERY} of them, check the clocks. They start at the
 * first check, so the many short executions (one per document) never read them; the CPU clock
 * (a system call) is read again only once the wall clock is past the limit.
 */
export function chargeOps(s: ExecState, n: number): void {
  if ((s.ops += n) < s.nextClock) return;
  s.nextClock = s.ops + CLOCK_EVERY;
  const now = performance.now();
  if (s.started < 0) {
    s.started = now;
    s.startedCpu = cpuMs();
  } else if (now - s.started > s.maxMs && cpuMs() - s.startedCpu > s.maxMs) {
    throw painlessError(`The maximum time of [${s.maxMs}ms] that a script can run has been reached.`);
  }
}

/** One loop iteration running `count` statements (ES's loop counter), at loop `pos`. */
export function chargeLoop(s: ExecState, count: number, pos: number): void {
  if ((s.loops += count) > MAX_LOOP_COUNTER) {
    throw painlessError('The maximum number of statements that can be executed in a loop has been reached.', pos);
  }
  chargeOps(s, count);
}

/** Enter a user function: the call budget and the depth limit. Pair with `s.depth--`. */
export function enterCall(s: ExecState): void {
  if (++s.calls > MAX_CALLS) {
    throw painlessError(`The maximum number of function calls [${MAX_CALLS}] that a script can make has been reached.`);
  }
  if (++s.depth > MAX_CALL_DEPTH) {
    s.depth = 0;
    throw new JavaError('stack_overflow_error', null);
  }
  chargeOps(s, 1);
}

/** Operations a call is priced at for working on `v` (see {@link ELEMENTS_PER_OP}). */
function sizeOps(v: unknown): number {
  if (typeof v === 'string') return v.length >>> 10;
  if (Array.isArray(v)) return (v.length / ELEMENTS_PER_OP) | 0;
  if (v instanceof Map || v instanceof Set) return (v.size / ELEMENTS_PER_OP) | 0;
  return 0;
}

/** Charge a method or static call by the size of what it works on. */
export function chargeCall(s: ExecState, recv: unknown, arg: unknown): void {
  chargeOps(s, 1 + sizeOps(recv) + sizeOps(arg));
}

/** Account for `n` newly allocated elements (Java's `OutOfMemoryError` past the budget). */
export function chargeAllocation(s: ExecState, n: number): void {
  if (n > MAX_ARRAY_LENGTH || (s.alloc += n) > MAX_ALLOCATION) throw new JavaError('out_of_memory_error', 'Java heap space');
}
