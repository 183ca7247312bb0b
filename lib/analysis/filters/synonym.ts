/**
 * `synonym` token filter (Lucene 6.6 SynonymFilter with ES 5.x rule parsing).
 *
 * Rules are Solr format: `a, b, c` (equivalent: with `expand` every term maps to the others and
 * keeps itself, without it every term is replaced by the first) and `a, b => c, d` (explicit
 * replacement). As in ES 5.x, rule terms are split on whitespace and lowercased when
 * `ignore_case` is set. Matching is greedy longest match from each position. Outputs are
 * typed `SYNONYM`; a multi-word output spreads over the following positions; the last word of
 * an output ends at the match's end offset and, when originals are kept, spans as many
 * positions as the match.
 */
import { illegalArgument } from '../../errors/errors.js';
import type { Tok, TokenFilterComponent, TokenStream } from '../token-stream.js';
import { javaLowerCase } from './filtering.js';

interface Rule {
  outputs: string[][];
  keepOrig: boolean;
}

/** A trie over input words. */
interface Node {
  next: Map<string, Node>;
  rule?: Rule;
}

function splitUnescaped(s: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) {
      cur += s[i + 1];
      i++;
    } else if (s.startsWith(sep, i)) {
      parts.push(cur);
      cur = '';
      i += sep.length - 1;
    } else cur += s[i];
  }
  parts.push(cur);
  return parts;
}

/** Parse Solr-format rules into a trie. */
export function parseSolrSynonyms(rules: readonly string[], expand: boolean, ignoreCase: boolean): Node {
  const root: Node = { next: new Map() };
  const analyze = (term: string): string[] => {
    const words = term.trim().split(/\s+/).filter((w) => w.length > 0);
    if (words.length === 0) throw illegalArgument(`failed to build synonyms`);
    return ignoreCase ? words.map(javaLowerCase) : words;
  };
  const add = (input: string[], output: string[], keepOrig: boolean): void => {
    let node = root;
    for (const w of input) {
      let child = node.next.get(w);
      if (!child) node.next.set(w, (child = { next: new Map() }));
      node = child;
    }
    if (!node.rule) node.rule = { outputs: [], keepOrig: false };
    if (!node.rule.outputs.some((o) => o.join(' ') === output.join(' '))) node.rule.outputs.push(output);
    node.rule.keepOrig ||= keepOrig;
  };
  for (const raw of rules) {
    const line = raw.trim();
    if (line.length === 0 || line.startsWith('#')) continue;
    const sides = splitUnescaped(line, '=>');
    if (sides.length > 2) throw illegalArgument(`failed to build synonyms`);
    if (sides.length === 2) {
      const inputs = splitUnescaped(sides[0]!, ',').map(analyze);
      const outputs = splitUnescaped(sides[1]!, ',').map(analyze);
      for (const i of inputs) for (const o of outputs) add(i, o, false);
    } else {
      const inputs = splitUnescaped(line, ',').map(analyze);
      if (expand) {
        for (let i = 0; i < inputs.length; i++) for (let j = 0; j < inputs.length; j++) if (i !== j) add(inputs[i]!, inputs[j]!, true);
      } else {
        for (const i of inputs) add(i, inputs[0]!, false);
      }
    }
  }
  return root;
}

export function synonymFilter(name: string, root: Node, ignoreCase: boolean): TokenFilterComponent {
  return {
    name,
    filter(s: TokenStream): TokenStream {
      const input = s.tokens;
      if (input.length === 0 || root.next.size === 0) return s;
      // Per input position: kept originals first, then synonym outputs (Lucene's emit order).
      const origs: Tok[][] = [];
      const outs: Tok[][] = [];
      const at = (arr: Tok[][], k: number): Tok[] => arr[k] ?? (arr[k] = []);
      let i = 0;
      while (i < input.length) {
        // Longest match of input words starting at i; stacked tokens (posInc 0) end a match.
        let node: Node | undefined = root;
        let best: Rule | undefined;
        let bestLen = 0;
        for (let j = i; j < input.length && node; j++) {
          if (j > i && input[j]!.posInc === 0) break;
          const w: string = ignoreCase ? javaLowerCase(input[j]!.term) : input[j]!.term;
          node = node.next.get(w);
          if (node?.rule) {
            best = node.rule;
            bestLen = j - i + 1;
          }
        }
        if (!best) {
          at(origs, i).push(input[i]!);
          i++;
          continue;
        }
        const rule = best;
        const last = input[i + bestLen - 1]!;
        if (rule.keepOrig) for (let k = 0; k < bestLen; k++) at(origs, i + k).push(input[i + k]!);
        for (const output of rule.outputs) {
          output.forEach((word, k) => {
            const src = input[Math.min(i + k, input.length - 1)]!;
            const isLast = k === output.length - 1;
            at(outs, i + k).push({
              term: word,
              start: src.start,
              end: isLast ? last.end : src.end,
              type: 'SYNONYM',
              posInc: 0,
              posLen: isLast && rule.keepOrig ? bestLen : 1,
              keyword: false,
            });
          });
        }
        i += bestLen;
      }
      // Positions left empty inside a replaced match are dropped (their increments vanish).
      const out: Tok[] = [];
      const n = Math.max(input.length, outs.length);
      for (let k = 0; k < n; k++) {
        const here = [...(origs[k] ?? []), ...(outs[k] ?? [])];
        const inc = k < input.length ? input[k]!.posInc : 1;
        here.forEach((t, idx) => out.push({ ...t, posInc: idx === 0 ? inc : 0 }));
      }
      return { ...s, tokens: out };
    },
  };
}
