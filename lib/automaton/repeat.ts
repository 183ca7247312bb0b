/**
 * Counted and unbounded repeats (`a?`, `a*`, `a+`, `a{n}`, `a{n,}`, `a{n,m}`) built the way
 * Lucene's `Operations.repeat` builds them: copies of the part laid end to end, each copy's
 * accept states given the first transitions of the next copy. The result has as many states as
 * the copies together (linear in the size of the answer), and for a deterministic part such as
 * `a`, `[a-z]` or `ab` it is already deterministic, so `a{1,1000}` is 1001 states built in one
 * pass, never a chain of optional parts whose epsilon closures grow quadratically.
 */
import { Nfa, TooComplexError, type Dfa, type Steps, type Transition } from './automaton.js';

/** States laid down between pauses (a pause lets a query-time caller yield the event loop). */
const STATES_PER_STEP = 2048;

/**
 * `a{min,max}` as an automaton without epsilon edges (`max` -1: unbounded; `min <= max`
 * otherwise, the caller answers the empty language for `min > max` as Lucene does).
 *
 * Optional copies are nested as Lucene nests them, `a(a(a)?)?`: a copy's accept states lead
 * into the next copy only, never further, since an empty iteration can always be dropped. The
 * mandatory copies use the same single link: when the part accepts the empty string every copy's
 * accept state also accepts (the remaining copies can match nothing), and when it does not, a
 * single link is all Lucene's concatenation adds either. Refuses, before allocating anything,
 * a result of more than `cap` states.
 */
export function* repeatSteps(a: Dfa, min: number, max: number, cap: number, limit: number): Steps<Nfa> {
  const size = a.accept.length;
  const copies = max === -1 ? min + 1 : max;
  if (copies * size + 1 > cap) throw new TooComplexError(size, transitionsOf(a), limit);
  const out = new Nfa(cap);
  const emptyOk = Boolean(a.accept[0]);
  const first = a.trans[0] as Transition[];
  const link = (from: number, base: number): void => {
    for (const t of first) out.addTransition(from, t.min, t.max, base + t.to);
  };
  let prev: number[] = [];
  let paused = 0;
  if (min === 0) {
    out.start = out.addState(true);
    prev = [out.start];
  }
  for (let i = 1; i <= copies; i++) {
    if (out.accept.length - paused > STATES_PER_STEP) {
      paused = out.accept.length;
      yield;
    }
    const c = out.copy(a);
    if (i === 1 && min > 0) out.start = c.start;
    else for (const s of prev) link(s, c.start);
    if (max === -1 && i === copies) {
      // the unbounded tail is Lucene's `repeat(a)`: its accept states loop to its own start
      for (const s of c.accepts) link(s, c.start);
      for (const s of prev) out.accept[s] = true;
    } else if (i < min && !emptyOk) {
      for (const s of c.accepts) out.accept[s] = false;
    }
    prev = c.accepts;
  }
  return out;
}

function transitionsOf(a: Dfa): number {
  let n = 0;
  for (const ts of a.trans) n += ts.length;
  return n;
}
