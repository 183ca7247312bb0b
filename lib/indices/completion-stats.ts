/**
 * `completion` in a shard's stats (ES 5.6 `CompletionFieldStats.completionStats`: the memory of
 * each completion field's suggester in the shard's segments). Strata's completion fields keep
 * their analysed inputs as the field's terms (lib/mapping/value-indexer.ts), so a field's size is
 * the UTF-8 bytes of those terms summed over the segments (a term counted once per segment, as
 * an FST holds it once): it grows with what is suggestible, as ES's figure does, though the
 * numbers are Strata's own.
 *
 * Sizing reads every term of the field, so it is done only when the `completion` metric is asked
 * for (the stats request's `completion`), once per segment and field (segments never change:
 * the sizes are kept in a {@link CompletionSizes} the shard host owns, weakly keyed by segment),
 * and a first sizing yields the event loop between slices of terms.
 */
import type { ShardStats } from '../messages/shard-maintenance.js';
import { buildIndexFields } from '../search/field-types.js';
import { WorkSlice } from '../loop/turns.js';
import type { IndexService } from './index-service.js';
import type { StrataShardEngine } from '../shard/engine.js';
import type { TermList } from '../shard/segment-reader.js';

/** Terms sized between two clock reads. */
const TERMS_PER_CHECK = 4096;
/** Continuous sizing before the event loop gets a turn (ms). */
const SLICE_MS = 10;

/** Completion field sizes per segment (held by one shard host; a merged-away segment's entry goes with it). */
export class CompletionSizes {
  private readonly bySegment = new WeakMap<object, Map<string, number>>();

  /** UTF-8 bytes of `field`'s terms in `segment`, sized once. */
  async size(segment: { terms(field: string): TermList }, field: string, slice: WorkSlice): Promise<number> {
    let sizes = this.bySegment.get(segment);
    if (!sizes) this.bySegment.set(segment, (sizes = new Map()));
    const known = sizes.get(field);
    if (known !== undefined) return known;
    const terms = segment.terms(field);
    let bytes = 0;
    for (let i = 0; i < terms.length; i++) {
      if (i % TERMS_PER_CHECK === TERMS_PER_CHECK - 1) await slice.pause();
      bytes += Buffer.byteLength(terms.at(i));
    }
    sizes.set(field, bytes);
    return bytes;
  }
}

/** The engine's stats, with the completion sizes of the index's completion fields when `completion` is asked for. */
export async function withCompletionStats(svc: IndexService, engine: StrataShardEngine, completion: boolean, sizes: CompletionSizes): Promise<ShardStats> {
  const base = engine.stats();
  if (!completion) return base;
  const fields = buildIndexFields(svc.meta.mappings);
  const paths = fields.match('*').filter((p) => fields.get(p)?.type === 'completion');
  if (paths.length === 0) return base;
  const searcher = engine.searcher();
  const slice = new WorkSlice(SLICE_MS);
  try {
    const completionFields: Array<{ field: string; sizeInBytes: number }> = [];
    for (const field of paths) {
      let sizeInBytes = 0;
      for (const seg of searcher.segments) sizeInBytes += await sizes.size(seg, field, slice);
      completionFields.push({ field, sizeInBytes });
    }
    return { ...base, completionSizeInBytes: completionFields.reduce((a, f) => a + f.sizeInBytes, 0), completionFields };
  } finally {
    searcher.release();
  }
}
