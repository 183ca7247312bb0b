/**
 * Finite automata over Unicode code points, the way Lucene's `util.automaton` runs regexp and
 * wildcard queries: patterns become automata (never backtracking matchers), sub-results are
 * determinized under a state limit, and a term is matched by one pass over its code points.
 * A non-deterministic automaton may carry epsilon edges (Thompson construction); `determinize`
 * removes them. State 0 of a deterministic automaton is its start.
 */
import { EsError } from '../errors/errors.js';
import { WorkSlice } from '../loop/turns.js';

/** The largest Unicode code point: the alphabet is 0..MAX_CODE_POINT. */
export const MAX_CODE_POINT = 0x10ffff;

/** One labelled edge: any code point in `min..max` (inclusive) leads to `to`. */
export interface Transition {
  min: number;
  max: number;
  to: number;
}

/** A deterministic automaton: per state, transitions sorted by `min` and non-overlapping. */
export interface Dfa {
  accept: boolean[];
  trans: Transition[][];
}

/**
 * Lucene's `TooComplexToDeterminizeException`: determinizing would exceed the state limit. Callers
 * word the reason (a regexp names its source, a wildcard the automaton's size).
 */
export class TooComplexError extends Error {
  constructor(
    readonly nfaStates: number,
    readonly nfaTransitions: number,
    readonly limit: number,
  ) {
    super(`Determinizing automaton with ${nfaStates} states and ${nfaTransitions} transitions would result in more than ${limit} states.`);
  }

  /** ES's rendering: the Lucene exception as a shard-level cause. */
  toEsError(reason: string = this.message): EsError {
    return new EsError('too_complex_to_determinize_exception', 500, reason);
  }
}

/** A computation that pauses (yields nothing) now and then and finally returns a T. */
export type Steps<T> = Generator<void, T, void>;

/** Run `steps` to the end without pausing. */
export function runSync<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Time a computation may hold the event loop before `runYielding` lets other work in. */
const SLICE_MS = 5;

/**
 * Run `steps`, giving the event loop a turn whenever a slice has been used: compiling a large
 * automaton (up to 10000 states by default) then never stalls other requests.
 */
export async function runYielding<T>(steps: Steps<T>): Promise<T> {
  const slice = new WorkSlice(SLICE_MS);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await slice.pause();
  }
}

/** A mutable automaton under construction (may be non-deterministic, with epsilon edges). */
export class Nfa {
  readonly accept: boolean[] = [];
  readonly trans: Transition[][] = [];
  /** Epsilon edges by source state (most states have none, so no array each). */
  readonly eps = new Map<number, number[]>();
  start = 0;
  /** Most states allowed while building (a repeat of a large automaton must not exhaust memory). */
  constructor(readonly maxStates: number) {}

  /** Add a state; throws when the automaton outgrows `maxStates`. */
  addState(accept = false): number {
    if (this.accept.length >= this.maxStates) throw new TooComplexError(this.accept.length, this.transitionCount(), this.maxStates);
    this.accept.push(accept);
    this.trans.push([]);
    return this.accept.length - 1;
  }

  addTransition(from: number, min: number, max: number, to: number): void {
    (this.trans[from] as Transition[]).push({ min, max, to });
  }

  addEpsilon(from: number, to: number): void {
    const out = this.eps.get(from);
    if (out) out.push(to);
    else this.eps.set(from, [to]);
  }

  /** Copy `d` into this automaton (accept flags kept); returns the copy's start state. */
  copy(d: Dfa): { start: number; accepts: number[] } {
    const base = this.accept.length;
    for (let s = 0; s < d.accept.length; s++) this.addState(d.accept[s]);
    const accepts: number[] = [];
    for (let s = 0; s < d.accept.length; s++) {
      for (const t of d.trans[s] as Transition[]) this.addTransition(base + s, t.min, t.max, base + t.to);
      if (d.accept[s]) accepts.push(base + s);
    }
    return { start: base, accepts };
  }

  transitionCount(): number {
    let n = 0;
    for (const ts of this.trans) n += ts.length;
    for (const e of this.eps.values()) n += e.length;
    return n;
  }
}

/** The automaton accepting exactly the strings of code points `cps`. */
export function stringDfa(cps: readonly number[]): Dfa {
  const accept = cps.map(() => false);
  accept.push(true);
  const trans: Transition[][] = cps.map((c, i) => [{ min: c, max: c, to: i + 1 }]);
  trans.push([]);
  return { accept, trans };
}

/** One code point in `min..max`. */
export function rangeDfa(min: number, max: number): Dfa {
  return { accept: [false, true], trans: [[{ min, max, to: 1 }], []] };
}

/** No string at all (Lucene `#`). */
export function emptyDfa(): Dfa {
  return { accept: [false], trans: [[]] };
}

/** Every string (Lucene `@`). */
export function anyStringDfa(): Dfa {
  return { accept: [true], trans: [[{ min: 0, max: MAX_CODE_POINT, to: 0 }]] };
}

/** Whether `d` accepts the whole of `s` (by code point): one step per code point. */
export function runDfa(d: Dfa, s: string): boolean {
  let state = 0;
  for (let i = 0; i < s.length; i++) {
    const cp = s.codePointAt(i) as number;
    if (cp > 0xffff) i++;
    const ts = d.trans[state] as Transition[];
    let lo = 0;
    let hi = ts.length - 1;
    let next = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const t = ts[mid] as Transition;
      if (cp < t.min) hi = mid - 1;
      else if (cp > t.max) lo = mid + 1;
      else {
        next = t.to;
        break;
      }
    }
    if (next < 0) return false;
    state = next;
  }
  return Boolean(d.accept[state]);
}

/** The literal text every accepted string starts with (Lucene's common prefix, used to seek). */
export function commonPrefix(d: Dfa): string {
  let out = '';
  let state = 0;
  const seen = new Set<number>();
  for (;;) {
    const ts = d.trans[state] as Transition[];
    if (d.accept[state] || ts.length !== 1 || seen.has(state)) return out;
    const t = ts[0] as Transition;
    if (t.min !== t.max) return out;
    seen.add(state);
    out += String.fromCodePoint(t.min);
    state = t.to;
  }
}

/**
 * Non-deterministic compositions of deterministic parts, as steps that pause after each part's
 * copy (thousands of parts, or parts of thousands of states, then never hold the event loop).
 */
export const compose = {
  /** `a b c ...` */
  *concat(parts: readonly Dfa[], maxStates: number): Steps<Nfa> {
    const b = new Nfa(maxStates);
    let prev: number[] = [b.addState(false)];
    b.start = prev[0] as number;
    for (const p of parts) {
      yield;
      const c = b.copy(p);
      for (const s of prev) b.addEpsilon(s, c.start);
      for (const s of c.accepts) b.accept[s] = false;
      prev = c.accepts;
    }
    for (const s of prev) b.accept[s] = true;
    return b;
  },
  /** `a | b | ...` */
  *union(parts: readonly Dfa[], maxStates: number): Steps<Nfa> {
    const b = new Nfa(maxStates);
    b.start = b.addState(false);
    for (const p of parts) {
      yield;
      b.addEpsilon(b.start, b.copy(p).start);
    }
    return b;
  },
};
