/**
 * `POST /_ingest/pipeline[/{id}]/_simulate` (ES 5.6 `SimulatePipelineRequest` +
 * `SimulateExecutionService`): run a stored or inline pipeline over `docs` without indexing.
 * Plain mode returns each final doc (or its error); `verbose` returns the doc after every
 * top-level processor (`processor_results`, with `tag` when set).
 */
import type { ClusterState } from '../cluster/state.js';
import { EsError, illegalArgument, toEsError } from '../errors/errors.js';
import { configError } from './config.js';
import { IngestDocument, isMap, javaType } from './ingest-document.js';
import { createPipeline, type Pipeline, type ProcessorEnv } from './pipeline.js';
import { pipelineOf } from './pipeline-store.js';
import { CompoundProcessor, errorToJson, type Processor } from './processor.js';

function parseDocs(docs: unknown, now: string): IngestDocument[] {
  if (!Array.isArray(docs)) throw configError(undefined, undefined, 'docs', 'required property is missing');
  return docs.map((d) => {
    if (!isMap(d)) throw illegalArgument('docs must be objects');
    const source = d._source;
    if (!isMap(source)) throw configError(undefined, undefined, '_source', 'required property is missing');
    const meta = (k: string, def?: string): string | undefined => {
      const v = d[k];
      if (v === undefined || v === null) return def;
      if (typeof v === 'object') throw configError(undefined, undefined, k, `property isn't a string, but of type [${javaType(v)}]`);
      return String(v);
    };
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

/**
 * ES 5.6 `TrackingResultProcessor.decorate`: the same compound tree, each leaf processor
 * wrapped to append a result (`tag`, then `doc` after success, `error` on failure, or
 * `ignored_error` and `doc` when its compound ignores failures) before passing the outcome on.
 */
function decorate(compound: CompoundProcessor, results: Record<string, unknown>[]): CompoundProcessor {
  const wrap = (p: Processor): Processor => (p instanceof CompoundProcessor ? decorate(p, results) : tracking(p, compound.ignoreFailure, results));
  return new CompoundProcessor(compound.ignoreFailure, compound.processors.map(wrap), compound.onFailure.map(wrap));
}

function tracking(p: Processor, ignoreFailure: boolean, results: Record<string, unknown>[]): Processor {
  return {
    type: p.type,
    tag: p.tag,
    execute(doc: IngestDocument): void {
      const entry: Record<string, unknown> = p.tag !== undefined ? { tag: p.tag } : {};
      try {
        p.execute(doc);
        results.push({ ...entry, doc: doc.clone().toJSON() });
      } catch (e) {
        const err = toEsError(e);
        results.push(ignoreFailure ? { ...entry, ignored_error: errorBody(err), doc: doc.clone().toJSON() } : { ...entry, error: errorToJson(err) });
        throw e;
      }
    },
  };
}

export function simulate(state: ClusterState, id: string | undefined, body: Record<string, unknown>, verbose: boolean, env: ProcessorEnv): Record<string, unknown> {
  const now = new Date().toISOString();
  let pipeline: Pipeline;
  if (id !== undefined) {
    const p = pipelineOf(state, id, env);
    if (!p) throw illegalArgument(`pipeline [${id}] does not exist`);
    pipeline = p;
  } else {
    if (!('pipeline' in body) || body.pipeline === null) throw configError(undefined, undefined, 'pipeline', 'required property is missing');
    pipeline = createPipeline('_simulate_pipeline', body.pipeline, env);
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
      // Verbose: every processor (on_failure ones too) records its result as it runs.
      const results: Record<string, unknown>[] = [];
      try {
        decorate(pipeline.processor, results).execute(doc);
      } catch {
        /* the failure is already the last recorded result */
      }
      return { processor_results: results };
    }),
  };
}
