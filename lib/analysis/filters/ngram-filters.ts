/**
 * `ngram` and `edge_ngram` token filters (Lucene 6.6 NGramTokenFilter / EdgeNGramTokenFilter):
 * each token is replaced by its n-grams (by start, then size; edge grams only from the start),
 * all stacked on the token's position and keeping its offsets and type. A token too short for
 * any gram disappears with its position increment, as in Lucene 6.6.
 */
import { BudgetMeter, defaultTokenBudget, type TokenBudget } from '../token-budget.js';
import type { Tok, TokenFilterComponent, TokenStream } from '../token-stream.js';

export function ngramFilter(name: string, minGram: number, maxGram: number, edgesOnly: boolean): TokenFilterComponent {
  return {
    name,
    filter(s: TokenStream, budget: TokenBudget = defaultTokenBudget): TokenStream {
      const out: Tok[] = [];
      const meter = new BudgetMeter(budget);
      for (const t of s.tokens) {
        const cps = [...t.term];
        let first = true;
        const lastStart = edgesOnly ? 0 : cps.length - 1;
        for (let st = 0; st <= lastStart; st++) {
          for (let size = minGram; size <= maxGram && st + size <= cps.length; size++) {
            meter.spend(size);
            out.push({ ...t, term: cps.slice(st, st + size).join(''), posInc: first ? t.posInc : 0 });
            first = false;
          }
        }
      }
      return { ...s, tokens: out, finalPosInc: s.finalPosInc };
    },
  };
}
