/**
 * Shard-side answers of the index maintenance APIs (`_stats`, `_segments`, `_recovery`,
 * `_cache/clear`, `_field_stats`) as plain request → plain result functions over one shard's
 * state. Nothing here returns a reader or a closure, so each call can become a message across the
 * shard boundary unchanged; the coordinator (lib/action/indices/) renders ES's shapes.
 */
import { clearCachedDocSets, QueryCacheStats } from '../search/query-cache.js';
import { dirSize } from './store-files.js';
import type { ShardStats } from './types.js';
import { clearStoredDocCache } from '../search/stored-doc-cache.js';
import type { ShardContext } from './context.js';
import type { SegmentState } from './segment-state.js';
import type { ClearCachesRequest, ClearCachesResult, SegmentSummary, ShardFieldStats, ShardSegmentsMemory } from '../messages/shard-maintenance.js';

/** Rough heap bytes of a sealed segment's in-memory core by kind; memoized on the segment (immutable). */
function memoryBreakdown(s: SegmentState): Array<{ description: string; sizeInBytes: number }> {
  if (s.memoryBytes !== undefined) return s.memoryBytes;
  const core = s.core;
  if (!core) return [];
  const strings = (a: readonly string[]): number => {
    let n = 0;
    for (const t of a) n += 40 + t.length * 2;
    return n;
  };
  let terms = 0;
  let norms = 0;
  for (const f of core.fields.values()) {
    terms += f.dict.terms.byteSize + f.dict.docFreq.byteLength + (f.dict.totalTermFreq?.byteLength ?? 0) + f.dict.blockStart.byteLength;
    norms += f.norms?.byteLength ?? 0;
  }
  let docValues = 0;
  for (const c of core.docValues.values()) {
    docValues += c.start.byteLength + (c.kind === 'numeric' ? c.values.byteLength : c.ords.byteLength + strings(c.terms));
  }
  const ids = core.docIds;
  // what finds a document's stored fields: its ids, versions and types, and the stored chunk index
  const docIds =
    strings(ids.ids) + strings(ids.types) + ids.typeOrd.byteLength + ids.versions.byteLength + ids.seqNos.byteLength + ids.pathOrd.byteLength + ids.nestedOffset.byteLength +
    (core.storedChunks?.byteLength ?? 0);
  s.memoryBytes = [
    { description: 'term dictionaries', sizeInBytes: terms },
    { description: 'norms', sizeInBytes: norms },
    { description: 'doc values', sizeInBytes: docValues },
    { description: 'doc ids', sizeInBytes: docIds },
  ];
  return s.memoryBytes;
}

/** One shard's figures for `_stats`, `_nodes/stats` and the cat APIs. */
export function shardStats(ctx: ShardContext, indexBufferBytes: number): ShardStats {
  const readers = ctx.view.readers;
  let docsCount = 0;
  let docsDeleted = 0;
  for (const r of readers) {
    docsCount += r.numDocs;
    docsDeleted += r.deletedDocs;
  }
  const c = ctx.counters;
  return {
    docsCount,
    docsDeleted,
    storeSizeInBytes: ctx.db.kind === 'leveldb' ? dirSize(ctx.path) : 0,
    indexTotal: c.indexTotal,
    indexTimeInMillis: c.indexTimeInMillis,
    deleteTotal: c.deleteTotal,
    refreshTotal: c.refreshTotal,
    refreshTimeInMillis: c.refreshTimeInMillis,
    flushTotal: c.flushTotal,
    flushTimeInMillis: c.flushTimeInMillis,
    mergeTotal: c.mergeTotal,
    segmentsCount: readers.length,
    indexWriterMemoryInBytes: indexBufferBytes,
    versionMapMemoryInBytes: ctx.versions.ramBytesUsed,
    translogOperations: ctx.opLog.operations,
    translogSizeInBytes: ctx.opLog.bytes,
    // completion fields are the mapping's: the shard host fills them in (lib/indices/completion-stats.ts)
    completionSizeInBytes: 0,
    queryCache: { ...(ctx.caches.query?.stats ?? new QueryCacheStats()) },
    segmentsMemory: segmentsMemory(ctx),
    merges: {
      current: c.mergeCurrent, currentDocs: c.mergeCurrentDocs, currentSizeInBytes: c.mergeCurrentSizeInBytes,
      totalTimeInMillis: c.mergeTimeInMillis, totalDocs: c.mergeDocs, totalSizeInBytes: c.mergeSizeInBytes,
    },
  };
}

/** The published segments' in-memory bytes by kind (`segments` of the stats APIs). */
function segmentsMemory(ctx: ShardContext): ShardSegmentsMemory {
  const out: ShardSegmentsMemory = { terms: 0, storedFields: 0, norms: 0, docValues: 0 };
  for (const r of ctx.view.readers) {
    const [terms, norms, docValues, docIds] = memoryBreakdown(r.state);
    out.terms += terms?.sizeInBytes ?? 0;
    out.norms += norms?.sizeInBytes ?? 0;
    out.docValues += docValues?.sizeInBytes ?? 0;
    out.storedFields += docIds?.sizeInBytes ?? 0;
  }
  return out;
}

/** The published segments with their figures. */
export function segmentSummaries(ctx: ShardContext, committed: ReadonlySet<number>): SegmentSummary[] {
  return ctx.view.readers.map((r) => ({
    name: r.name,
    generation: r.state.id,
    numDocs: r.numDocs,
    deletedDocs: r.deletedDocs,
    sizeInBytes: r.sizeInBytes,
    memoryInBytes: memoryBreakdown(r.state).reduce((n, m) => n + m.sizeInBytes, 0),
    memory: memoryBreakdown(r.state).map((m) => ({ ...m })),
    committed: committed.has(r.state.id),
    search: true,
  }));
}

/** A closed shard's entries leave the node's caches with it (its query cache figures too). */
export function dropShardCaches(ctx: ShardContext): void {
  const { query, postings, storedDocs } = ctx.caches;
  query?.cache.clearShard(query.stats);
  for (const s of ctx.segments) postings.clearSegment(s);
  // the view's segments too: one merged away stays in it until its last searcher is released
  for (const s of new Set([...ctx.segments, ...ctx.view.readers.map((r) => r.state)])) storedDocs?.clearSegment(s);
}

/** Empty the caches `req` names for this shard's current segments. */
export function clearShardCaches(ctx: ShardContext, req: ClearCachesRequest): ClearCachesResult {
  const out: ClearCachesResult = { docSets: 0, storedDocs: 0, postings: 0 };
  for (const r of ctx.view.readers) {
    if (req.query || req.all) out.docSets += clearCachedDocSets(r);
    if (req.all) out.storedDocs += clearStoredDocCache(r);
  }
  if (req.all) for (const s of ctx.segments) out.postings += ctx.caches.postings.clearSegment(s);
  return out;
}

/**
 * Statistics of `fields` over the published segments. A field appears when some segment indexes
 * it or keeps doc values for it (Lucene's "field infos"), as ES 5.6 `MappedFieldType#stats` asks.
 */
export function shardFieldStats(ctx: ShardContext, fields: readonly string[]): ShardFieldStats[] {
  const readers = ctx.view.readers;
  let maxDoc = 0;
  for (const r of readers) maxDoc += r.maxDoc;
  const out: ShardFieldStats[] = [];
  for (const field of fields) {
    let present = false;
    let inverted = false;
    let docCount = 0;
    let sumDocFreq = 0;
    let sumTtf = 0;
    let minTerm: string | undefined;
    let maxTerm: string | undefined;
    for (const r of readers) {
      const fs = r.fieldStats(field);
      if (fs) {
        present = inverted = true;
        docCount += fs.docCount;
        sumDocFreq += fs.sumDocFreq;
        sumTtf = sumTtf < 0 || fs.sumTotalTermFreq < 0 ? -1 : sumTtf + fs.sumTotalTermFreq;
        const terms = r.terms(field);
        const lo = terms.length > 0 ? terms.at(0) : undefined;
        const hi = terms.length > 0 ? terms.at(terms.length - 1) : undefined;
        if (lo !== undefined && (minTerm === undefined || lo < minTerm)) minTerm = lo;
        if (hi !== undefined && (maxTerm === undefined || hi > maxTerm)) maxTerm = hi;
      } else if (r.hasDocValues(field)) {
        present = true;
      }
    }
    if (!present) continue;
    const s: ShardFieldStats = { field, maxDoc, docCount, sumDocFreq: inverted ? sumDocFreq : -1, sumTotalTermFreq: inverted ? sumTtf : -1 };
    if (minTerm !== undefined) s.minTerm = minTerm;
    if (maxTerm !== undefined) s.maxTerm = maxTerm;
    out.push(s);
  }
  return out;
}
