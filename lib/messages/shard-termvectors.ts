/**
 * Term vectors across the shard boundary (`_termvectors`, each item of `_mtermvectors`): the
 * coordinator sends the document's id (or an artificial document's source) with the options;
 * the shard answers the terms of each field with their frequencies, positions and offsets and
 * the statistics asked for, as plain data the coordinator renders (ES `TermVectorsResponse`).
 * Plain data only.
 */
import type { ShardRef } from './shard-search.js';

/** ES `TermVectorsFilter` settings (`filter`). */
export interface TermVectorsFilterSpec {
  maxNumTerms?: number;
  minTermFreq?: number;
  maxTermFreq?: number;
  minDocFreq?: number;
  maxDocFreq?: number;
  minWordLength?: number;
  maxWordLength?: number;
}

export interface TermVectorsRequest extends ShardRef {
  type: string;
  /** Absent for an artificial document. */
  id?: string;
  /** An artificial document's `_source` (JSON text). */
  doc?: string;
  /** `false`: what the last refresh made visible. */
  realtime: boolean;
  /** Field names or wildcard patterns; absent: the fields with stored term vectors. */
  fields?: string[];
  /** Field → analyzer name. */
  perFieldAnalyzer?: Record<string, string>;
  positions: boolean;
  offsets: boolean;
  payloads: boolean;
  termStatistics: boolean;
  fieldStatistics: boolean;
  filter?: TermVectorsFilterSpec;
}

/** One token of a term. */
export interface TermVectorToken {
  position?: number;
  startOffset?: number;
  endOffset?: number;
}

export interface TermVectorTerm {
  term: string;
  termFreq: number;
  docFreq?: number;
  ttf?: number;
  tokens?: TermVectorToken[];
  /** With a filter: the term's tf-idf score (float). */
  score?: number;
}

export interface TermVectorField {
  name: string;
  fieldStatistics?: { sumDocFreq: number; docCount: number; sumTtf: number };
  terms: TermVectorTerm[];
}

export interface TermVectorsResult {
  found: boolean;
  /** The document's version (0 for an artificial one or a missing one). */
  version: number;
  fields: TermVectorField[];
}
