/**
 * Lucene `WildcardQuery.toAutomaton`: `*` any string, `?` any one code point, `\` makes the next
 * code point literal (a trailing `\` is itself literal). The automaton is determinized under
 * Lucene's default limit of 10000 states, as `CompiledAutomaton` does.
 */
import { MAX_CODE_POINT, Nfa, runYielding, TooComplexError, type Dfa } from './automaton.js';
import { determinizeSteps } from './determinize.js';
import { DEFAULT_MAX_DETERMINIZED_STATES } from './regexp.js';

/** Compile a wildcard pattern (yielding the event loop while determinizing); rejects with `too_complex_to_determinize_exception` past the limit. */
export function compileWildcard(pattern: string, maxStates: number = DEFAULT_MAX_DETERMINIZED_STATES): Promise<Dfa> {
  const nfa = new Nfa(Number.MAX_SAFE_INTEGER);
  let cur = nfa.addState(false);
  const step = (min: number, max: number): void => {
    const next = nfa.addState(false);
    nfa.addTransition(cur, min, max, next);
    cur = next;
  };
  for (let i = 0; i < pattern.length; ) {
    let c = pattern.codePointAt(i) as number;
    i += c > 0xffff ? 2 : 1;
    if (c === 0x2a /* * */) {
      // a run of `*` is one self-loop
      if ((nfa.trans[cur] as unknown[]).length === 0) nfa.addTransition(cur, 0, MAX_CODE_POINT, cur);
      continue;
    }
    if (c === 0x3f /* ? */) {
      step(0, MAX_CODE_POINT);
      continue;
    }
    if (c === 0x5c /* \ */ && i < pattern.length) {
      c = pattern.codePointAt(i) as number;
      i += c > 0xffff ? 2 : 1;
    }
    step(c, c);
  }
  nfa.accept[cur] = true;
  return runYielding(determinizeSteps(nfa, maxStates)).catch((e: unknown) => {
    throw e instanceof TooComplexError ? e.toEsError() : e;
  });
}
