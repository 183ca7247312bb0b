/**
 * Pipelines in the cluster state (`state.pipelines`: id → definition as given): put validates by
 * building the pipeline; get matches ids and globs; delete of a missing id is ES's
 * `resource_not_found_exception`. Built pipelines are cached per definition object.
 */
import type { NodeContext } from '../action/context.js';
import type { ClusterState } from '../cluster/state.js';
import { EsError } from '../errors/errors.js';
import { simpleMatch } from '../units/simple-match.js';
import { createPipeline, type Pipeline, type ProcessorEnv } from './pipeline.js';
import { dict, dictOf } from '../dict.js';
import { onMaster } from '../action/master-task.js';

const built = new WeakMap<object, Pipeline>();

/** The built pipeline `id`, or undefined when not defined. */
export function pipelineOf(state: ClusterState, id: string, env: ProcessorEnv): Pipeline | undefined {
  const def = state.pipelines[id];
  if (def === undefined || def === null || typeof def !== 'object') return undefined;
  let p = built.get(def);
  if (!p) {
    p = createPipeline(id, def, env);
    built.set(def, p);
  }
  return p;
}

export async function putPipeline(ctx: NodeContext, id: string, definition: unknown): Promise<{ acknowledged: true }> {
  createPipeline(id, definition, ctx);
  await onMaster(ctx, PUT_PIPELINE_TASK, putPipelineTask, { id, definition });
  return { acknowledged: true };
}

export const PUT_PIPELINE_TASK = 'ingest:put-pipeline';

/** The master task of `PUT /_ingest/pipeline/{id}` (validated by the requesting node, which builds it). */
export function putPipelineTask(state: ClusterState, p: { id: string; definition: unknown }): ClusterState {
  return { ...state, pipelines: { ...state.pipelines, [p.id]: p.definition } };
}

/** `GET /_ingest/pipeline[/{id}]`: status 404 with `{}` when named ids match nothing. */
export function getPipelines(state: ClusterState, ids: string[]): { status: number; body: Record<string, unknown> } {
  const body: Record<string, unknown> = dict();
  const all = Object.keys(state.pipelines);
  for (const id of all) {
    if (ids.length === 0 || ids.some((p) => p === '*' || p === id || simpleMatch(p, id))) body[id] = state.pipelines[id];
  }
  return { status: ids.length === 0 || Object.keys(body).length > 0 ? 200 : 404, body };
}

export async function deletePipeline(ctx: NodeContext, id: string): Promise<{ acknowledged: true }> {
  await onMaster(ctx, DELETE_PIPELINE_TASK, deletePipelineTask, { id });
  return { acknowledged: true };
}

export const DELETE_PIPELINE_TASK = 'ingest:delete-pipeline';

/** The master task of `DELETE /_ingest/pipeline/{id}`: ids and globs; none matched is a 404. */
export function deletePipelineTask(state: ClusterState, { id }: { id: string }): ClusterState {
  const matched = Object.keys(state.pipelines).filter((p) => p === id || simpleMatch(id, p));
  if (matched.length === 0) throw new EsError('resource_not_found_exception', 404, `pipeline [${id}] is missing`);
  const pipelines = dictOf(state.pipelines);
  for (const m of matched) delete pipelines[m];
  return { ...state, pipelines };
}
