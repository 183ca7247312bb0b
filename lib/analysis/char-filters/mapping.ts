/**
 * `mapping` char filter (Lucene MappingCharFilter): replaces every longest match of a key with
 * its value, left to right, and records offset corrections exactly as Lucene does so tokens
 * still point at the original text.
 */
import { OffsetMapBuilder } from '../offset-map.js';
import type { CharFilterComponent, CharFiltered } from '../token-stream.js';

/** Build a mapping char filter from `key => value` pairs (already unescaped). */
export function mappingCharFilter(name: string, rules: ReadonlyArray<readonly [string, string]>): CharFilterComponent {
  // Keys grouped by first char, longest first, so each position tries the longest match first.
  const byFirst = new Map<string, Array<readonly [string, string]>>();
  for (const rule of rules) {
    const first = rule[0][0]!;
    let list = byFirst.get(first);
    if (!list) byFirst.set(first, (list = []));
    const existing = list.findIndex((r) => r[0] === rule[0]);
    if (existing >= 0) list[existing] = rule; // later rule wins, as in Lucene's NormalizeCharMap builder
    else list.push(rule);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length);

  return {
    name,
    multiTermAware: true,
    apply(text: string): CharFiltered {
      let out = '';
      let last = 0;
      const map = new OffsetMapBuilder();
      let i = 0;
      while (i < text.length) {
        const candidates = byFirst.get(text[i]!);
        let matched: readonly [string, string] | undefined;
        if (candidates) {
          for (const c of candidates) {
            if (text.startsWith(c[0], i)) {
              matched = c;
              break;
            }
          }
        }
        if (!matched) {
          i++;
          continue;
        }
        out += text.slice(last, i) + matched[1];
        const inputOff = i + matched[0].length; // input offset just after the match
        const diff = matched[0].length - matched[1].length;
        if (diff !== 0) {
          const prev = map.lastDiff();
          if (diff > 0) {
            // Replacement shorter than the match.
            map.add(inputOff - diff - prev, prev + diff);
          } else {
            // Replacement longer: the extra output chars all map back to the match's last char.
            const outputStart = inputOff - prev;
            for (let extra = 0; extra < -diff; extra++) map.add(outputStart + extra, prev - extra - 1);
          }
        }
        i = inputOff;
        last = i;
      }
      if (last === 0) return { text, correct: null };
      out += text.slice(last);
      return { text: out, correct: map.build() };
    },
  };
}
