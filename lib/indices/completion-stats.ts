/**
 * `completion` in a shard's stats (ES 5.6 `CompletionFieldStats.completionStats`: the memory of
 * each completion field's suggester in the shard's segments). Strata's completion fields keep
 * their analysed inputs as the field's terms (lib/mapping/value-indexer.ts), so a field's size is
 * the UTF-8 bytes of those terms summed over the segments (a term counted once per segment, as
 * an FST holds it once): it grows with what is suggestible, as ES's figure does, though the
 * numbers are Strata's own.
 */
import type { ShardStats } from '../messages/shard-maintenance.js';
import { buildIndexFields } from '../search/field-types.js';
import type { IndexService } from './index-service.js';
import type { StrataShardEngine } from '../shard/engine.js';

/** The engine's stats with the completion sizes of the index's completion fields. */
export function withCompletionStats(svc: IndexService, engine: StrataShardEngine): ShardStats {
  const base = engine.stats();
  const fields = buildIndexFields(svc.meta.mappings);
  const paths = fields.match('*').filter((p) => fields.get(p)?.type === 'completion');
  if (paths.length === 0) return base;
  const searcher = engine.searcher();
  try {
    const completionFields = paths.map((field) => {
      let sizeInBytes = 0;
      for (const seg of searcher.segments) for (const t of seg.terms(field)) sizeInBytes += Buffer.byteLength(t);
      return { field, sizeInBytes };
    });
    return { ...base, completionSizeInBytes: completionFields.reduce((a, f) => a + f.sizeInBytes, 0), completionFields };
  } finally {
    searcher.release();
  }
}
