/**
 * The `highlight` element as ES 5.6 prints it: `HighlightBuilder.innerXContent` — the common
 * options (`AbstractHighlighterBuilder.commonOptionsToXContent`, only those set), `encoder`, then
 * `fields` (an object, or an array of one-key objects when the request gave an array: ES's
 * `useExplicitFieldOrder`); each field is `Field.innerXContent`: the common options, then
 * `fragment_offset` (when not -1) and `matched_fields`.
 *
 * Not printed: a field-level `encoder` (ES has no such field option).
 */
import type { HighlightOptions, HighlightSpec } from '../highlight.js';
import { renderQuery } from './query.js';
import { fromJsonHashMap } from './common.js';
import { obj, type XNode, type XObject } from './xcontent.js';

/** `commonOptionsToXContent`: the options that were set, in ES's order. */
function commonOptions(o: HighlightOptions): Array<[string, XNode | undefined]> {
  return [
    ['pre_tags', o.preTags ? [...o.preTags] : undefined],
    ['post_tags', o.postTags ? [...o.postTags] : undefined],
    ['fragment_size', o.fragmentSize],
    ['number_of_fragments', o.numberOfFragments],
    ['type', o.type],
    ['fragmenter', o.fragmenter],
    ['highlight_query', o.highlightQuery ? renderQuery(o.highlightQuery) : undefined],
    // HighlightBuilder.Order.toString(): the lower-case constant name
    ['order', o.order],
    ['highlight_filter', o.highlightFilter],
    // BoundaryScannerType.name(): the upper-case constant name
    ['boundary_scanner', o.boundaryScanner?.toUpperCase()],
    ['boundary_max_scan', o.boundaryMaxScan],
    ['boundary_chars', o.boundaryChars],
    ['boundary_scanner_locale', o.boundaryScannerLocale !== undefined ? languageTag(o.boundaryScannerLocale) : undefined],
    // a `parser.map()`: a Java HashMap, printed in hash order, and only when not empty
    ['options', o.options !== undefined && Object.keys(o.options).length > 0 ? fromJsonHashMap(o.options) : undefined],
    ['force_source', o.forceSource],
    ['require_field_match', o.requireFieldMatch],
    ['no_match_size', o.noMatchSize],
    ['phrase_limit', o.phraseLimit],
  ];
}

/**
 * `Locale.forLanguageTag(tag).toLanguageTag()` for the well-formed tags people give (`en-US`,
 * `fr`): language lower case, region upper case; an ill-formed tag prints as `und`.
 */
function languageTag(tag: string): string {
  const parts = tag.split('-');
  const lang = parts[0] ?? '';
  if (!/^[A-Za-z]{2,8}$/.test(lang)) return 'und';
  const out = [lang.toLowerCase()];
  for (const p of parts.slice(1)) out.push(/^[A-Za-z]{2}$/.test(p) ? p.toUpperCase() : p.toLowerCase());
  return out.join('-');
}

/** `HighlightBuilder.toXContent`. */
export function renderHighlight(h: HighlightSpec): XObject {
  const fields = h.fields.map((f): [string, XObject] => [
    f.name,
    obj(...commonOptions(f), ['fragment_offset', f.fragmentOffset !== undefined && f.fragmentOffset !== -1 ? f.fragmentOffset : undefined], ['matched_fields', f.matchedFields ? [...f.matchedFields] : undefined]),
  ]);
  let fieldsNode: XNode | undefined;
  if (fields.length > 0) fieldsNode = h.explicitOrder ? fields.map((e) => obj(e)) : new Map(fields);
  return obj(...commonOptions(h.global), ['encoder', h.global.encoder], ['fields', fieldsNode]);
}
