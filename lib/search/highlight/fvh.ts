/**
 * The fast vector highlighter (ES 5.6 `FastVectorHighlighter` over Lucene 6.6's): phrases of
 * the query found in the text (fvh-phrases.ts; with `matched_fields`, those of every listed
 * field over the same text, merged), fragments placed around them, then built as Lucene's
 * `BaseFragmentsBuilder` does: values joined with a space, multi-valued fragments split per
 * value, fragment edges moved to a boundary character (`SimpleBoundaryScanner`), text order
 * or (`order: score`) best total boost first, tags picked by the phrase's query number.
 */
import type { TextToken } from './span-terms.js';
import { fieldTools, type FieldHighlightInput, type HighlightHit } from './highlight-phase.js';
import { fvhQuery } from './fvh-query.js';
import { phraseList, simpleFragList, singleFragList, type FragInfo, type PhraseInfo } from './fvh-phrases.js';
import type { Encoder } from './encoder.js';
import { analyzeValues, indexAnalyzerFor } from './field-values.js';
import type { ResolvedHighlightOptions } from '../../dsl/highlight.js';

/** `SimpleBoundaryScanner` (`chars`); `word` and `sentence` scan for spaces and sentence ends. */
function boundaryScanner(o: ResolvedHighlightOptions): { start(buf: string, s: number): number; end(buf: string, e: number): number } {
  const chars = o.boundaryScanner === 'sentence' ? new Set('.!?\n') : o.boundaryScanner === 'word' ? new Set(' \t\n') : new Set(o.boundaryChars);
  const max = o.boundaryMaxScan;
  return {
    start(buf, start) {
      if (start > buf.length || start < 1) return start;
      let offset = start;
      for (let count = max; offset > 0 && count > 0; count--) {
        if (chars.has(buf[offset - 1] as string)) return offset;
        offset--;
      }
      return offset === 0 ? 0 : start;
    },
    end(buf, start) {
      if (start > buf.length || start < 0) return start;
      let offset = start;
      for (let count = max; offset < buf.length && count > 0; count--) {
        if (chars.has(buf[offset] as string)) return offset;
        offset++;
      }
      return start;
    },
  };
}

/** `BaseFragmentsBuilder.discreteMultiValueHighlighting`: no fragment spans two values. */
function splitPerValue(frags: readonly FragInfo[], values: readonly string[]): FragInfo[] {
  const result: FragInfo[] = [];
  for (const frag of frags) {
    let fieldEnd = 0;
    for (const v of values) {
      if (v.length === 0) {
        fieldEnd++;
        continue;
      }
      const fieldStart = fieldEnd;
      fieldEnd += v.length + 1;
      if (frag.start >= fieldStart && frag.end >= fieldStart && frag.start <= fieldEnd && frag.end <= fieldEnd) {
        result.push(frag);
        break;
      }
      const firstSub = frag.subInfos[0];
      if (!firstSub) break;
      const firstOff = firstSub.offsets[0];
      if (frag.start >= fieldEnd || (firstOff && firstOff.start >= fieldEnd)) continue;
      const fragStart = frag.start > fieldStart && frag.start < fieldEnd ? frag.start : fieldStart;
      const fragEnd = frag.end > fieldStart && frag.end < fieldEnd ? frag.end : fieldEnd;
      const subInfos: FragInfo['subInfos'] = [];
      let boost = 0;
      for (const sub of frag.subInfos) {
        const taken: Array<{ start: number; end: number }> = [];
        const kept: Array<{ start: number; end: number }> = [];
        let stop = false;
        for (const t of sub.offsets) {
          if (!stop && t.start >= fieldEnd) stop = true;
          if (!stop && t.start >= fieldStart && t.end <= fieldEnd) taken.push(t);
          else kept.push(t);
        }
        sub.offsets = kept;
        if (taken.length > 0) {
          subInfos.push({ offsets: taken, num: sub.num, boost: sub.boost });
          boost = Math.fround(boost + sub.boost);
        }
      }
      frag.subInfos = frag.subInfos.filter((s) => s.offsets.length > 0);
      result.push({ start: fragStart, end: fragEnd, subInfos, totalBoost: boost });
    }
  }
  return result.sort((a, b) => a.start - b.start);
}

/** `BaseFragmentsBuilder.createFragments` over the field's values. */
function createFragments(values: readonly string[], frags: FragInfo[], max: number, o: ResolvedHighlightOptions, encoder: Encoder, scoreOrdered: boolean): string[] {
  if (values.length === 0) return [];
  let infos = values.length > 1 ? splitPerValue(frags, values) : frags;
  if (scoreOrdered) infos = [...infos].sort((a, b) => (a.totalBoost !== b.totalBoost ? b.totalBoost - a.totalBoost : a.start - b.start));
  const scanner = boundaryScanner(o);
  const out: string[] = [];
  let buffer = '';
  let next = 0;
  for (const f of infos.slice(0, Math.min(max, infos.length))) {
    while (buffer.length < f.end && next < values.length) buffer += (values[next++] as string) + ' ';
    // the separator after the last value read does not count
    const bufferLength = buffer.length - 1;
    const eo = bufferLength < f.end ? bufferLength : scanner.end(buffer, f.end);
    const mso = scanner.start(buffer, f.start);
    const src = buffer.substring(mso, eo);
    let frag = '';
    let srcIndex = 0;
    for (const sub of f.subInfos) {
      const pre = o.preTags[sub.num % o.preTags.length] as string;
      const post = o.postTags[sub.num % o.postTags.length] as string;
      for (const t of sub.offsets) {
        frag += encoder(src.substring(srcIndex, t.start - mso)) + pre + encoder(src.substring(t.start - mso, t.end - mso)) + post;
        srcIndex = t.end - mso;
      }
    }
    frag += encoder(src.substring(srcIndex));
    out.push(frag);
  }
  return out;
}

/** Merge phrase lists of several fields over one text (`matched_fields`): by offset, overlaps joined. */
function mergePhraseLists(lists: readonly PhraseInfo[][]): PhraseInfo[] {
  const all = lists.flat().sort((a, b) => (a.offsets[0]?.start ?? 0) - (b.offsets[0]?.start ?? 0));
  const out: PhraseInfo[] = [];
  for (const p of all) {
    const last = out[out.length - 1];
    const lastEnd = last ? (last.offsets[last.offsets.length - 1]?.end ?? 0) : -1;
    if (last && (p.offsets[0]?.start ?? 0) < lastEnd) {
      const merged = [...last.offsets, ...p.offsets].sort((a, b) => a.start - b.start);
      const offs: Array<{ start: number; end: number }> = [];
      for (const m of merged) {
        const l = offs[offs.length - 1];
        if (l && m.start <= l.end) l.end = Math.max(l.end, m.end);
        else offs.push({ ...m });
      }
      out[out.length - 1] = { offsets: offs, boost: Math.fround(last.boost + p.boost), num: Math.min(last.num, p.num) };
    } else out.push(p);
  }
  return out;
}

/** Highlight a field's values; undefined when nothing is returned. */
export function fvhFragments(input: FieldHighlightInput, _hit: HighlightHit): string[] | undefined {
  const o = input.options;
  const { analyzer, encoder } = fieldTools(input);
  const values = input.values;
  const whole = o.numberOfFragments === 0;
  const max = whole ? Number.MAX_SAFE_INTEGER : o.numberOfFragments;
  const fields = o.matchedFields && o.matchedFields.length > 0 ? o.matchedFields : [input.field.path];
  const lists: PhraseInfo[][] = [];
  for (const name of fields) {
    const f = input.compile.fields.get(name);
    if (!f) continue;
    const a = name === input.field.path ? analyzer : indexAnalyzerFor(input.compile, f);
    const tokens = analyzeValues(values, a);
    const textTerms = [...new Set(tokens.map((t) => t.term))].sort();
    const q = fvhQuery(input.parts, o.requireFieldMatch, textTerms);
    lists.push(phraseList(tokens, name, q, o.phraseLimit));
  }
  const phrases = lists.length === 1 ? (lists[0] as PhraseInfo[]) : mergePhraseLists(lists);
  const frags = whole ? singleFragList(phrases) : simpleFragList(phrases, o.fragmentSize);
  const fragments = createFragments(values, frags, max, o, encoder, o.scoreOrdered && !whole);
  if (fragments.length > 0) return fragments;
  if (o.noMatchSize > 0) {
    const empty = createFragments(values, [{ start: 0, end: o.noMatchSize, subInfos: [], totalBoost: 0 }], 1, o, encoder, false);
    if (empty.length > 0) return empty;
  }
  return undefined;
}
