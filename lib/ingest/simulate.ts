/**
 * `POST /_ingest/pipeline[/{id}]/_simulate` (ES 5.6 `SimulatePipelineRequest` +
 * `SimulateExecutionService`): run a stored or inline pipeline over `docs` without indexing.
 * Plain mode returns each final doc (or its error); `verbose` returns the doc after every
 * top-level processor (`processor_results`, with `tag` when set).
 */
import type { ClusterState } from '../cluster/state.js';
import { EsError, illegalArgument, toEsError } from '../errors/errors.js';
import { configError } from './config.js';
import { IngestDocument, isMap } from './ingest-document.js';
import { createPipeline, type Pipeline } from './pipeline.js';
import { pipelineOf } from './pipeline-store.js';
import { CompoundProcessor, errorToJson, processorFailure } from './processor.js';

function parseDocs(docs: unknown, now: string): IngestDocument[] {
  if (!Array.isArray(docs)) throw configError(undefined, undefined, 'docs', 'required property is missing');
  return docs.map((d) => {
    if (!isMap(d)) throw illegalArgument('docs must be objects');
    const source = d._source;
    if (!isMap(source)) throw configError(undefined, undefined, '_source', 'required property is missing');
    const meta = (k: string, def?: string): string | undefined => (d[k] === undefined || d[k] === null ? def : String(d[k]));
    const m: Record<string, string> = { _index: meta('_index', '_index')!, _type: meta('_type', '_type')!, _id: meta('_id', '_id')! };
    for (const k of ['_routing', '_parent'] as const) {
      const v = meta(k);
      if (v !== undefined) m[k] = v;
    }
    return IngestDocument.from(m, structuredClone(source), now);
  });
}

function errorBody(e: EsError): Record<string, unknown> {
  return { error: errorToJson(e) };
}

export function simulate(state: ClusterState, id: string | undefined, body: Record<string, unknown>, verbose: boolean): Record<string, unknown> {
  const now = new Date().toISOString();
  let pipeline: Pipeline;
  if (id !== undefined) {
    const p = pipelineOf(state, id);
    if (!p) throw illegalArgument(`pipeline [${id}] does not exist`);
    pipeline = p;
  } else {
    if (!('pipeline' in body) || body.pipeline === null) throw configError(undefined, undefined, 'pipeline', 'required property is missing');
    pipeline = createPipeline('_simulate_pipeline', body.pipeline);
  }
  const docs = parseDocs(body.docs, now);
  return {
    docs: docs.map((doc) => {
      if (!verbose) {
        try {
          pipeline.processor.execute(doc);
          return { doc: doc.toJSON() };
        } catch (e) {
          return errorBody(toEsError(e));
        }
      }
      // Verbose: one result per top-level processor, continuing after ignored failures.
      const results: Record<string, unknown>[] = [];
      const root = pipeline.processor;
      for (const p of root.processors) {
        const entry: Record<string, unknown> = {};
        const tag = p instanceof CompoundProcessor ? p.processors[0]?.tag : p.tag;
        if (tag !== undefined) entry.tag = tag;
        try {
          if (p instanceof CompoundProcessor && p.ignoreFailure) {
            try {
              p.processors[0]!.execute(doc);
            } catch (e) {
              entry.ignored_error = errorBody(toEsError(e));
            }
          } else p.execute(doc);
          entry.doc = doc.clone().toJSON();
          results.push(entry);
        } catch (e) {
          entry.error = errorToJson(toEsError(e));
          results.push(entry);
          if (root.onFailure.length === 0) break;
          const failure = processorFailure(e, p.type, p.tag);
          try {
            new CompoundProcessor(false, [{ type: p.type, tag: p.tag, execute: () => { throw failure; } }], root.onFailure).execute(doc);
            results.push({ doc: doc.clone().toJSON() });
          } catch (e2) {
            results.push(errorBody(toEsError(e2)));
          }
          break;
        }
      }
      return { processor_results: results };
    }),
  };
}
