/**
 * A shard's suggestions, as its query phase answers them (ES `Suggest` in the
 * `QuerySearchResult`): per named suggestion, one entry per analyzed token (term) or one entry
 * for the prefix (completion) or the whole text (phrase), each with the shard's best options. The coordinator merges the
 * shards' entries option by option (lib/action/search/suggest-reduce.ts). Plain data only.
 */

/** One option of an entry: a term suggestion, or a completion with its document. */
export interface ShardSuggestOption {
  text: string;
  /** A Java float (the suggester's score, the completion's weight × context boost). */
  score: number;
  /** term: the suggested term's document frequency on the shard. */
  freq?: number;
  /** completion: the suggested document. */
  index?: string;
  type?: string;
  id?: string;
  /** completion: the document's `_source` as stored (JSON text). */
  source?: string;
  /** completion: the contexts of the matched input, by context name. */
  contexts?: Array<{ name: string; values: string[] }>;
  /** phrase: the correction with its changed terms between the highlight tags. */
  highlighted?: string;
  /** phrase: whether the collate query matched (only with `prune`). */
  collateMatch?: boolean;
}

/** One entry: the part of the text suggested for, and its options. */
export interface ShardSuggestEntry {
  text: string;
  offset: number;
  length: number;
  options: ShardSuggestOption[];
  /** phrase: options must score above this (the input phrase's score × confidence). */
  cutoffScore?: number;
}

/** One named suggestion of a shard. */
export interface ShardSuggestion {
  name: string;
  kind: 'term' | 'completion' | 'phrase';
  /** Options kept per entry after the reduce. */
  size: number;
  /** term: how options are ordered. */
  sort?: 'score' | 'frequency';
  entries: ShardSuggestEntry[];
}
