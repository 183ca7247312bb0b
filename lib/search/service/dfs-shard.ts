/**
 * The dfs phase on a shard (`dfs_query_then_fetch`): compile the query once to learn which
 * field and term statistics it reads, and report this shard's values of them; the query phase
 * then scores with the statistics summed over all shards.
 */
import type { DfsPhaseRequest, DfsStats } from '../../messages/shard-search.js';
import type { CollectionStats, TermStats } from '../bm25.js';
import { compileQuery } from '../compile-query.js';
import { AggregatedStats, RecordingStats } from '../weight.js';
import type { ReaderContext } from './reader-context.js';

const termKey = (field: string, term: string): string => field + '\u0000' + term;

/** This shard's statistics for the query of `rc` (or only those of `req.only`). */
export async function dfsShard(rc: ReaderContext, req: DfsPhaseRequest): Promise<DfsStats> {
  const local = rc.compile.stats;
  let fields: Iterable<string>;
  let terms: Iterable<{ field: string; term: string }>;
  if (req.only) {
    fields = req.only.fields;
    terms = req.only.terms;
  } else {
    const rec = new RecordingStats(local);
    try {
      if (rc.source.query) await compileQuery({ ...rc.compile, stats: rec }, rc.source.query, { boost: 1, filter: false, segments: rc.segments });
    } catch {
      // compile errors surface in the query phase
    }
    fields = rec.fields;
    terms = rec.terms.values();
  }
  return {
    fields: [...fields].map((field) => ({ field, ...local.collectionStats(field) })),
    terms: [...terms].map(({ field, term }) => ({ field, term, ...local.termStats(field, term) })),
  };
}

/** Score with the summed statistics of the dfs phase from now on. */
export function applyDfs(rc: ReaderContext, dfs: DfsStats): void {
  const collections = new Map<string, CollectionStats>();
  for (const f of dfs.fields) collections.set(f.field, { maxDoc: f.maxDoc, docCount: f.docCount, sumTotalTermFreq: f.sumTotalTermFreq, sumDocFreq: f.sumDocFreq });
  const terms = new Map<string, TermStats>();
  for (const t of dfs.terms) terms.set(termKey(t.field, t.term), { docFreq: t.docFreq, totalTermFreq: t.totalTermFreq });
  rc.compile = { ...rc.compile, stats: new AggregatedStats(collections, terms, rc.compile.stats) };
}
