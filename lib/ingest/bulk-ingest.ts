/**
 * The ingest step of the write path (ES 5.6 `PipelineExecutionService` as run by the bulk
 * action before anything else): each index/create item naming a `pipeline` has its source and
 * metadata (`_index`, `_type`, `_id`, `_routing`, `_parent`) rewritten by the pipeline; a failure
 * fails that item only. Called once by `executeBulk`.
 */
import type { NodeContext } from '../action/context.js';
import type { BulkItemRequest } from '../action/bulk/types.js';
import { illegalArgument } from '../errors/errors.js';
import { IngestDocument, isMap } from './ingest-document.js';
import { pipelineOf } from './pipeline-store.js';
import { resolveDateMathIndexName } from '../datemath-index-name.js';

/**
 * Run the pipelines of `items` in place. Returns the failures by item slot; items without a
 * pipeline (and update/delete items) are left alone.
 */
export function runIngestPipelines(ctx: NodeContext, items: BulkItemRequest[]): Map<number, unknown> {
  const failures = new Map<number, unknown>();
  const state = ctx.cluster.state();
  const now = new Date().toISOString();
  items.forEach((item, slot) => {
    if (item.pipeline === undefined || item.pipeline === '_none') return;
    if (item.opType !== 'index' && item.opType !== 'create') return;
    let done: ((failed: boolean) => void) | undefined;
    try {
      const pipeline = pipelineOf(state, item.pipeline, ctx);
      if (!pipeline) throw illegalArgument(`pipeline with id [${item.pipeline}] does not exist`);
      // counted per node as ES's `PipelineExecutionService` counts (`_nodes/stats/ingest`)
      done = ctx.runtime.ingest.start(item.pipeline);
      const source: unknown = item.source ? JSON.parse(item.source.toString('utf8')) : {};
      if (!isMap(source)) throw illegalArgument('document source must be an object');
      const doc = IngestDocument.from(
        {
          _index: item.index,
          _type: item.type,
          ...(item.id !== undefined ? { _id: item.id } : {}),
          ...(item.routing !== undefined ? { _routing: item.routing } : {}),
          ...(item.parent !== undefined ? { _parent: item.parent } : {}),
        },
        source,
        now,
      );
      pipeline.processor.execute(doc);
      // A date-math `_index` (e.g. from `date_index_name`) is resolved here, as ES resolves it on write.
      item.index = resolveDateMathIndexName(doc.metadata('_index') ?? item.index);
      item.type = doc.metadata('_type') ?? item.type;
      const id = doc.metadata('_id');
      if (id !== undefined) item.id = id;
      const routing = doc.metadata('_routing');
      if (routing !== undefined) item.routing = routing;
      const parent = doc.metadata('_parent');
      if (parent !== undefined) item.parent = parent;
      item.source = Buffer.from(JSON.stringify(doc.source()), 'utf8');
      done(false);
    } catch (e) {
      done?.(true);
      failures.set(slot, e);
    }
  });
  return failures;
}
