/**
 * The fast vector highlighter's phrase and fragment lists (Lucene 6.6 `FieldTermStack`,
 * `FieldPhraseList`, `SimpleFragListBuilder` / `SingleFragListBuilder`): the query terms found
 * in the text, by position; the longest query phrases they make (at most `phrase_limit`,
 * overlapping ones folded into the first); then fragments of `fragment_size` characters placed
 * around the phrases, each fragment's score the sum of its phrases' boosts.
 */
import { EsError } from '../../errors/errors.js';
import { searchPhrase, validTermOrPhrase, type FvhQuery, type PhraseMap } from './fvh-query.js';
import type { TextToken } from './span-terms.js';

/** A term occurrence (Lucene `TermInfo`; `next` links the terms sharing a position in a ring). */
interface TermInfo {
  term: string;
  start: number;
  end: number;
  position: number;
  next?: TermInfo;
}

/** A matched phrase (Lucene `WeightedPhraseInfo`): merged offsets of adjacent terms. */
export interface PhraseInfo {
  offsets: Array<{ start: number; end: number }>;
  boost: number;
  num: number;
}

/** A fragment to build (Lucene `WeightedFragInfo`). */
export interface FragInfo {
  start: number;
  end: number;
  subInfos: Array<{ offsets: Array<{ start: number; end: number }>; num: number; boost: number }>;
  totalBoost: number;
}

const startOf = (p: PhraseInfo): number => (p.offsets[0] as { start: number }).start;
const endOf = (p: PhraseInfo): number => (p.offsets[p.offsets.length - 1] as { end: number }).end;

function phraseInfo(terms: readonly TermInfo[], boost: number, num: number): PhraseInfo {
  const first = terms[0] as TermInfo;
  const offsets = [{ start: first.start, end: first.end }];
  let prev = first;
  for (let i = 1; i < terms.length; i++) {
    const ti = terms[i] as TermInfo;
    if (prev.position + 1 === ti.position) (offsets[offsets.length - 1] as { end: number }).end = ti.end;
    else offsets.push({ start: ti.start, end: ti.end });
    prev = ti;
  }
  return { offsets, boost, num };
}

function overlap(a: PhraseInfo, b: PhraseInfo): boolean {
  const so = startOf(a);
  const eo = endOf(a);
  const oso = startOf(b);
  const oeo = endOf(b);
  return (so <= oso && oso < eo) || (so < oeo && oeo <= eo) || (oso <= so && so < oeo) || (oso < eo && eo <= oeo);
}

/** `FieldTermStack` then `FieldPhraseList` for one field of the text. */
export function phraseList(tokens: readonly TextToken[], field: string, q: FvhQuery, phraseLimit: number): PhraseInfo[] {
  const termSet = q.termSet(field);
  const root: PhraseMap | undefined = q.root(field);
  // term order, then position (a stable sort keeps term order among equal positions)
  const list: TermInfo[] = tokens
    .filter((t) => termSet.has(t.term))
    .map((t) => ({ term: t.term, start: t.startOffset, end: t.endOffset, position: t.position }))
    .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
    .sort((a, b) => a.position - b.position);
  const stack: TermInfo[] = [];
  let ringFirst: TermInfo | undefined;
  let prev: TermInfo | undefined;
  for (const cur of list) {
    if (prev && cur.position === prev.position) {
      prev.next = cur;
      prev = cur;
    } else {
      if (prev && ringFirst) prev.next = ringFirst;
      ringFirst = prev = cur;
      stack.push(cur);
    }
  }
  if (prev && ringFirst) prev.next = ringFirst;
  const phrases: PhraseInfo[] = [];
  // phrases mostly arrive in offset order: past the furthest end seen, none can overlap
  let maxEnd = -1;
  const addIfNoOverlap = (p: PhraseInfo): void => {
    if (startOf(p) < maxEnd) for (const e of phrases) if (overlap(e, p)) return;
    phrases.push(p);
    maxEnd = Math.max(maxEnd, endOf(p));
  };
  const termMap = (m: PhraseMap | undefined, ti: TermInfo): { ti: TermInfo; map: PhraseMap } | undefined => {
    const first = ti;
    let t = ti;
    let map = m?.sub.get(t.term);
    while (!map && t.next && t.next !== first) {
      t = t.next;
      map = m?.sub.get(t.term);
    }
    return map ? { ti: t, map } : undefined;
  };
  while (stack.length > 0 && phrases.length < phraseLimit) {
    const top = stack.shift() as TermInfo;
    const found = termMap(root, top);
    if (!found) continue;
    let curMap = found.map;
    const candidate: TermInfo[] = [found.ti];
    for (;;) {
      const ti = stack.shift();
      const next = ti ? termMap(curMap, ti) : undefined;
      if (!ti || !next) {
        if (ti) stack.unshift(ti);
        if (validTermOrPhrase(curMap, candidate.map((c) => c.position))) addIfNoOverlap(phraseInfo(candidate, curMap.boost, curMap.num));
        else {
          while (candidate.length > 1) {
            stack.unshift(candidate.pop() as TermInfo);
            const m = searchPhrase(root, candidate);
            if (m) {
              addIfNoOverlap(phraseInfo(candidate, m.boost, m.num));
              break;
            }
          }
        }
        break;
      }
      candidate.push(next.ti);
      curMap = next.map;
    }
  }
  return phrases;
}

const MARGIN = 6;
const MIN_FRAG_CHAR_SIZE = MARGIN * 3;

function fragInfo(start: number, end: number, phrases: readonly PhraseInfo[]): FragInfo {
  let total = 0;
  const subInfos = phrases.map((p) => {
    total = Math.fround(total + p.boost);
    return { offsets: p.offsets.map((o) => ({ ...o })), num: p.num, boost: p.boost };
  });
  return { start, end, subInfos, totalBoost: total };
}

/** `SimpleFragListBuilder.createFieldFragList`. */
export function simpleFragList(phrases: readonly PhraseInfo[], fragCharSize: number): FragInfo[] {
  if (fragCharSize < MIN_FRAG_CHAR_SIZE) {
    throw new EsError('illegal_argument_exception', 400, `fragCharSize(${fragCharSize}) is too small. It must be ${MIN_FRAG_CHAR_SIZE} or higher.`);
  }
  const out: FragInfo[] = [];
  let i = 0;
  let startOffset = 0;
  while (i < phrases.length) {
    const p = phrases[i] as PhraseInfo;
    if (startOf(p) < startOffset) {
      i++;
      continue;
    }
    const taken: PhraseInfo[] = [];
    const curStart = startOf(p);
    let curEnd = endOf(p);
    let spanStart = Math.max(curStart - MARGIN, startOffset);
    let spanEnd = Math.max(curEnd, spanStart + fragCharSize);
    taken.push(p);
    i++;
    while (i < phrases.length && endOf(phrases[i] as PhraseInfo) <= spanEnd) {
      curEnd = endOf(phrases[i] as PhraseInfo);
      taken.push(phrases[i] as PhraseInfo);
      i++;
    }
    const matchLen = curEnd - curStart;
    const newMargin = Math.max(0, Math.trunc((fragCharSize - matchLen) / 2));
    spanStart = Math.max(curStart - newMargin, startOffset);
    spanEnd = spanStart + Math.max(matchLen, fragCharSize);
    startOffset = spanEnd;
    out.push(fragInfo(spanStart, spanEnd, taken));
  }
  return out;
}

/** `SingleFragListBuilder`: one fragment over the whole text with every phrase. */
export function singleFragList(phrases: readonly PhraseInfo[]): FragInfo[] {
  return phrases.length > 0 ? [fragInfo(0, Number.MAX_SAFE_INTEGER, phrases)] : [];
}
