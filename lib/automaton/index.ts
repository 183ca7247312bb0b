/**
 * Patterns matched as automata (Lucene `util.automaton`): the regexp and wildcard syntaxes,
 * compiled once, then run over terms in time linear in each term's length.
 */
import { commonPrefix, runDfa, type Dfa } from './automaton.js';

export { compileRegexp, compileRegexpAsync, DEFAULT_MAX_DETERMINIZED_STATES } from './regexp.js';
export { compileWildcard } from './wildcard.js';
export { RegexpSyntax } from './regexp-parser.js';
export type { Dfa } from './automaton.js';

/** A compiled pattern ready to test terms: the automaton and the literal prefix of its matches. */
export class TermMatcher {
  /** Text every matching term starts with, for seeking in a sorted term list. */
  readonly prefix: string;
  constructor(readonly dfa: Dfa) {
    this.prefix = commonPrefix(dfa);
  }

  /** Whether the whole of `term` matches. */
  test(term: string): boolean {
    return runDfa(this.dfa, term);
  }
}
