/**
 * The coordinator's reduce and rendering of suggestions (ES `Suggest.reduce` and
 * `Suggestion.toXContent`): the shards' entries are merged position by position; term options
 * with the same text merge (frequencies add up, the best score stays) and are re-sorted by the
 * suggestion's `sort`; completion options (one per document) keep the best scores, shards in
 * request order breaking ties. Each entry keeps `size` options.
 */
import { JsonFloat, RawJson } from '../../units/java-number.js';
import type { ShardSuggestEntry, ShardSuggestOption, ShardSuggestion } from '../../messages/shard-suggest.js';
import { dict } from '../../dict.js';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byScore = (a: ShardSuggestOption, b: ShardSuggestOption): number => b.score - a.score || (b.freq ?? 0) - (a.freq ?? 0) || compareText(a.text, b.text);
const byFrequency = (a: ShardSuggestOption, b: ShardSuggestOption): number => (b.freq ?? 0) - (a.freq ?? 0) || b.score - a.score || compareText(a.text, b.text);

function mergeEntries(kind: ShardSuggestion['kind'], sort: ShardSuggestion['sort'], size: number, entries: ShardSuggestEntry[]): ShardSuggestEntry {
  const first = entries[0] as ShardSuggestEntry;
  let options: ShardSuggestOption[];
  if (kind === 'term') {
    const byText = new Map<string, ShardSuggestOption>();
    for (const e of entries) {
      for (const o of e.options) {
        const prev = byText.get(o.text);
        if (!prev) byText.set(o.text, { ...o });
        else {
          prev.score = Math.max(prev.score, o.score);
          prev.freq = (prev.freq ?? 0) + (o.freq ?? 0);
        }
      }
    }
    options = [...byText.values()].sort(sort === 'frequency' ? byFrequency : byScore);
  } else if (kind === 'phrase') {
    // PhraseSuggestion.Entry: the highest cutoff of the shards, options merged by text (best score)
    const cutoff = Math.max(...entries.map((e) => e.cutoffScore ?? Number.MIN_VALUE));
    const byText = new Map<string, ShardSuggestOption>();
    for (const e of entries) {
      for (const o of e.options) {
        const prev = byText.get(o.text);
        if (!prev || o.score > prev.score) byText.set(o.text, o);
      }
    }
    options = [...byText.values()].filter((o) => o.score > cutoff).sort((a, b) => b.score - a.score || compareText(a.text, b.text));
  } else {
    // stable: equal scores keep the shards' request order
    options = entries.flatMap((e) => e.options).sort((a, b) => b.score - a.score);
  }
  return { text: first.text, offset: first.offset, length: first.length, options: options.slice(0, size) };
}

/** Merge the shards' suggestions (each shard's list in request order). */
export function reduceSuggestions(perShard: ShardSuggestion[][]): ShardSuggestion[] {
  const first = perShard[0];
  if (!first) return [];
  return first.map((s, i) => {
    const all = perShard.map((l) => l[i]).filter((x): x is ShardSuggestion => x !== undefined);
    const entries = s.entries.map((_, j) => mergeEntries(s.kind, s.sort, s.size, all.map((x) => x.entries[j]).filter((e): e is ShardSuggestEntry => e !== undefined)));
    return { ...s, entries };
  });
}

function renderOption(kind: ShardSuggestion['kind'], o: ShardSuggestOption): Record<string, unknown> {
  if (kind === 'term') return { text: o.text, score: new JsonFloat(o.score), freq: o.freq ?? 0 };
  if (kind === 'phrase') {
    return {
      text: o.text,
      ...(o.highlighted !== undefined ? { highlighted: o.highlighted } : {}),
      score: new JsonFloat(o.score),
      ...(o.collateMatch !== undefined ? { collate_match: o.collateMatch } : {}),
    };
  }
  const out: Record<string, unknown> = { text: o.text, _index: o.index, _type: o.type, _id: o.id, _score: new JsonFloat(o.score) };
  if (o.source !== undefined) out._source = new RawJson(o.source);
  if (o.contexts && o.contexts.length > 0) {
    const ctx: Record<string, string[]> = dict();
    for (const c of o.contexts) ctx[c.name] = c.values;
    out.contexts = ctx;
  }
  return out;
}

/** The `suggest` section of a response (also the body of `_suggest`, after `_shards`). */
export function renderSuggestions(list: readonly ShardSuggestion[], typedKeys = false): Record<string, unknown> {
  const out: Record<string, unknown> = dict();
  for (const s of list) {
    // typed_keys names the suggester type before the name, as for aggregations
    out[typedKeys ? `${s.kind}#${s.name}` : s.name] = s.entries.map((e) => ({ text: e.text, offset: e.offset, length: e.length, options: e.options.map((o) => renderOption(s.kind, o)) }));
  }
  return out;
}
