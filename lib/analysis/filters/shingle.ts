/**
 * `shingle` token filter (Lucene ShingleFilter): word n-grams of `min_shingle_size` to
 * `max_shingle_size` tokens joined by `token_separator`, typed `shingle`, stacked on the
 * position of their first token after the unigram (when `output_unigrams`). Positions left
 * empty by removed tokens are filled with `filler_token`.
 */
import { BudgetMeter, defaultTokenBudget, type TokenBudget } from '../token-budget.js';
import type { Tok, TokenFilterComponent, TokenStream } from '../token-stream.js';

export interface ShingleOptions {
  minSize: number;
  maxSize: number;
  outputUnigrams: boolean;
  outputUnigramsIfNoShingles: boolean;
  separator: string;
  filler: string;
}

export function shingleFilter(name: string, o: ShingleOptions): TokenFilterComponent {
  return {
    name,
    filter(s: TokenStream, budget: TokenBudget = defaultTokenBudget): TokenStream {
      const input = s.tokens;
      const meter = new BudgetMeter(budget);
      if (input.length === 0) return s;
      // Lay tokens out on positions, inserting fillers for gaps (only the first token of a position counts).
      const slots: Array<Tok | null> = [];
      const stacked: Tok[][] = [];
      for (const t of input) {
        if (t.posInc === 0 && slots.length > 0) {
          (stacked[slots.length - 1] ??= []).push(t);
          continue;
        }
        for (let g = 1; g < t.posInc && slots.length > 0; g++) slots.push(null);
        slots.push(t);
      }
      const out: Tok[] = [];
      let pendingInc = 0;
      let shingles = 0;
      for (let p = 0; p < slots.length; p++) {
        const t = slots[p];
        // A filler position has no unigram, but shingles may start on it ("_ world").
        const incHere = (out.length === 0 ? (t ? t.posInc : 1) : 1) + pendingInc;
        let emittedHere = false;
        if (t && o.outputUnigrams) {
          out.push({ ...t, posInc: incHere });
          emittedHere = true;
          for (const st of stacked[p] ?? []) out.push({ ...st });
        }
        const startTok = t ?? slots.slice(p + 1).find((x) => x) ?? null;
        // Grow one shingle token by token (not rebuilt per size, which was quadratic in
        // max_shingle_size), charging the budget before each join.
        const parts: string[] = [];
        let length = 0;
        let endTok: Tok | null = null;
        const minSize = Math.max(2, o.minSize);
        for (let k = p; startTok && k - p < o.maxSize && k < slots.length; k++) {
          const sk = slots[k];
          const part = sk ? sk.term : o.filler;
          length += part.length + (parts.length > 0 ? o.separator.length : 0);
          parts.push(part);
          if (sk) endTok = sk;
          const size = parts.length;
          if (size < minSize || !endTok) continue;
          meter.spend(length);
          out.push({ term: parts.join(o.separator), start: startTok.start, end: endTok.end, type: 'shingle', posInc: emittedHere ? 0 : incHere, posLen: size, keyword: false });
          emittedHere = true;
          shingles++;
        }
        pendingInc = emittedHere ? 0 : incHere;
      }
      if (!o.outputUnigrams && shingles === 0 && o.outputUnigramsIfNoShingles) return s;
      return { ...s, tokens: out };
    },
  };
}
