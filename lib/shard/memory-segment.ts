/**
 * A one-document segment held in memory, Lucene's `MemoryIndex` as the percolator uses it: the
 * document being percolated (its nested documents before it, as a block) is inverted by the same
 * indexing buffer the engine uses and sealed into a map instead of LevelDB, so the stored
 * queries of a `percolator` field run against it through the ordinary weights and scorers, with
 * the statistics of that one document (ES scores a percolate match by the stored query's score
 * on its MemoryIndex).
 */
import type { ParsedDocument } from '../mapping/parsed-document.js';
import { SegmentBuilder } from '../../storage/segment-builder.js';
import { sealSegment } from '../../storage/segment-writer.js';
import type { ShardStore } from '../../storage/shard-store.js';
import { SegmentLru } from '../search/segment-lru.js';
import type { Postings, StrataSegmentReader } from './segment-reader.js';
import { SegmentReaderImpl } from './segment-reader-impl.js';
import { SegmentState } from './segment-state.js';

/** Postings cache budget of one memory segment (it holds one document's terms). */
const CACHE_BYTES = 1 << 20;

/** The reads a sealed segment makes of its store, answered from a map. */
function mapStore(values: Map<string, Buffer>): ShardStore {
  const get = (k: Buffer): Buffer | undefined => values.get(k.toString('latin1'));
  const refuse = (): never => {
    throw new Error('a memory segment is read-only');
  };
  return {
    kind: 'memory',
    isOpen: true,
    get: (k: Buffer) => Promise.resolve(get(k)),
    getMany: (ks: readonly Buffer[]) => Promise.resolve(ks.map(get)),
    write: refuse,
    put: refuse,
    firstKey: refuse,
    clear: refuse,
    scan: refuse,
    snapshotScan: refuse,
    compact: refuse,
    close: () => Promise.resolve(),
  };
}

/**
 * A searchable segment of `doc` alone; its root document is the last doc number
 * (`maxDoc - 1`), its nested documents come before it.
 */
export function memorySegment(doc: ParsedDocument): StrataSegmentReader {
  const builder = new SegmentBuilder();
  builder.add(doc, 1, 0);
  const values = new Map<string, Buffer>();
  const state = new SegmentState(0, null);
  state.core = sealSegment(builder, 0, (k, v) => values.set(k.toString('latin1'), v));
  return new SegmentReaderImpl(state, null, 0, mapStore(values), { postings: new SegmentLru<string, Postings>(CACHE_BYTES) });
}
