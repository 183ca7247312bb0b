/**
 * `more_like_this` (alias `mlt`; ES 5.6 `MoreLikeThisQueryBuilder.fromXContent`); run by
 * lib/search/compile-mlt.ts.
 * `like`/`unlike` take texts and document items (`{_index, _type, _id}` or `{doc}`), single or
 * in arrays; the deprecated `like_text`, `ids` and `docs` are folded into `like`.
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, floatValue, intValue, isObject, isValue, textValue, type JsonObject } from '../xcontent.js';

/** A liked/unliked document: an indexed one (`id`) or an artificial one (`doc`). */
export interface MltItem {
  index?: string;
  type?: string;
  id?: string;
  doc?: JsonObject;
  fields?: string[];
  routing?: string;
  raw: JsonObject;
}

/** A parsed `more_like_this` query. */
export interface MoreLikeThisQuery extends QueryBase {
  kind: 'more_like_this';
  /** unset: the index default field */
  fields?: string[];
  likeTexts: string[];
  likeItems: MltItem[];
  unlikeTexts: string[];
  unlikeItems: MltItem[];
  maxQueryTerms: number;
  minTermFreq: number;
  minDocFreq: number;
  maxDocFreq: number;
  minWordLength: number;
  maxWordLength: number;
  stopWords?: string[];
  analyzer?: string;
  minimumShouldMatch: string;
  boostTerms: number;
  include: boolean;
  failOnUnsupportedField: boolean;
}

/**
 * The type of a liked item: its own, or the index's only type (ES takes the search's types; an
 * index of several types needs the item's). Undefined when ambiguous.
 */
export function mltItemType(item: Pick<MltItem, 'type'>, types: readonly string[]): string | undefined {
  return item.type ?? (types.length === 1 ? types[0] : undefined);
}

function item(obj: JsonObject): MltItem {
  const out: MltItem = { raw: obj };
  for (const [k, v] of Object.entries(obj)) {
    if (k === '_index') out.index = textValue(v);
    else if (k === '_type') out.type = textValue(v);
    else if (k === '_id') out.id = textValue(v);
    else if (k === 'doc' && isObject(v)) out.doc = v;
    else if (k === 'fields' && Array.isArray(v)) out.fields = v.map(textValue);
    else if (k === '_routing' || k === 'routing') out.routing = textValue(v);
  }
  return out;
}

function likeInto(v: unknown, texts: string[], items: MltItem[]): void {
  for (const x of Array.isArray(v) ? v : [v]) {
    if (isObject(x)) items.push(item(x));
    else texts.push(textValue(x));
  }
}

/** Parse a `more_like_this` body. */
export function parseMoreLikeThis(ctx: ParseContext, body: JsonObject): MoreLikeThisQuery {
  const likeTexts: string[] = [];
  const likeItems: MltItem[] = [];
  const unlikeTexts: string[] = [];
  const unlikeItems: MltItem[] = [];
  let fields: string[] | undefined;
  const base = baseFields();
  const q: Omit<MoreLikeThisQuery, 'kind' | 'likeTexts' | 'likeItems' | 'unlikeTexts' | 'unlikeItems' | 'fields' | 'boost' | 'queryName'> = {
    maxQueryTerms: 25,
    minTermFreq: 2,
    minDocFreq: 5,
    maxDocFreq: 2147483647,
    minWordLength: 0,
    maxWordLength: 0,
    minimumShouldMatch: '30%',
    boostTerms: 0,
    include: false,
    failOnUnsupportedField: true,
  };
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (key === 'like') likeInto(v, likeTexts, likeItems);
    else if (key === 'unlike') likeInto(v, unlikeTexts, unlikeItems);
    else if (key === 'like_text') likeInto(v, likeTexts, likeItems);
    else if (key === 'fields' && Array.isArray(v)) fields = v.map(textValue);
    else if (key === 'ids' && Array.isArray(v)) {
      for (const id of v) likeItems.push({ id: textValue(id), raw: { _id: id } });
    } else if (key === 'docs' && Array.isArray(v)) {
      for (const d of v) if (isObject(d)) likeItems.push(item(d));
    } else if (key === 'stop_words' && Array.isArray(v)) q.stopWords = v.map(textValue);
    else if (isValue(v)) {
      switch (key) {
        case 'max_query_terms':
          q.maxQueryTerms = intValue(v);
          break;
        case 'min_term_freq':
          q.minTermFreq = intValue(v);
          break;
        case 'min_doc_freq':
          q.minDocFreq = intValue(v);
          break;
        case 'max_doc_freq':
          q.maxDocFreq = intValue(v);
          break;
        case 'min_word_length':
        case 'min_word_len':
          q.minWordLength = intValue(v);
          break;
        case 'max_word_length':
        case 'max_word_len':
          q.maxWordLength = intValue(v);
          break;
        case 'analyzer':
          q.analyzer = textValue(v);
          break;
        case 'minimum_should_match':
          q.minimumShouldMatch = textValue(v);
          break;
        case 'boost_terms':
          q.boostTerms = floatValue(v);
          break;
        case 'include':
          q.include = booleanValue(v);
          break;
        case 'fail_on_unsupported_field':
          q.failOnUnsupportedField = booleanValue(v);
          break;
        default:
          if (!readBaseField(base, key, v)) throw ctx.unsupported('mlt', body, key);
      }
    } else {
      throw ctx.unsupported('mlt', body, key);
    }
  }
  const end = ctx.atEnd(body);
  if (likeTexts.length === 0 && likeItems.length === 0) throw ctx.error("more_like_this requires 'like' to be specified", end);
  if (fields !== undefined && fields.length === 0) throw ctx.error("more_like_this requires 'fields' to be non empty", end);
  return withBase(base, {
    kind: 'more_like_this' as const,
    ...(fields !== undefined ? { fields } : {}),
    likeTexts,
    likeItems,
    unlikeTexts,
    unlikeItems,
    ...q,
  });
}
