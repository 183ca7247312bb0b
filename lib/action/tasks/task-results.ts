/**
 * Results of finished tasks kept in the `.tasks` index (ES 5.6 `TaskResultsService`): a task run
 * with `wait_for_completion=false` stores `{completed, task, response | error}` under its id, so
 * `GET /_tasks/{id}` answers after it ended, until the document is deleted. Written and read
 * through the node's own bulk and get actions.
 */
import type { NodeContext } from '../context.js';
import { executeBulk } from '../bulk/execute-bulk.js';
import { createIndex } from '../indices/create-index.js';
import { getDocument, sourceObject } from '../document/get-document.js';
import { EsError, toEsError } from '../../errors/errors.js';
import { errorJson } from '../search/search-errors.js';
import { broadcast } from '../indices/broadcast.js';
import { search } from '../search/search-action.js';
import { applySearchBody, newSearchRequest } from '../search/search-request.js';

/** ES `TaskResultsService.TASK_INDEX` / `TASK_TYPE`. */
export const TASK_INDEX = '.tasks';
export const TASK_TYPE = 'task';

/** ES's `task-index-mapping.json` (5.6): the response and error are stored, not indexed. */
const TASK_MAPPING = {
  [TASK_TYPE]: {
    dynamic: 'strict',
    properties: {
      completed: { type: 'boolean' },
      task: {
        properties: {
          action: { type: 'keyword' },
          cancellable: { type: 'boolean' },
          id: { type: 'long' },
          parent_task_id: { type: 'keyword' },
          node: { type: 'keyword' },
          running_time_in_nanos: { type: 'long' },
          start_time_in_millis: { type: 'long' },
          type: { type: 'keyword' },
          status: { type: 'object', enabled: false },
          description: { type: 'text' },
        },
      },
      response: { type: 'object', enabled: false },
      error: { type: 'object', enabled: false },
    },
  },
};

/** Create `.tasks` with ES's mapping unless it exists. */
async function ensureTaskIndex(ctx: NodeContext): Promise<void> {
  if (!ctx.cluster.state().indices[TASK_INDEX]) {
    try {
      await createIndex(ctx, { index: TASK_INDEX, settings: { 'index.number_of_shards': 1, 'index.auto_expand_replicas': '0-1' }, mappings: TASK_MAPPING });
    } catch (e) {
      // created meanwhile by another task's result
      if (!(e instanceof EsError && e.type === 'index_already_exists_exception')) throw e;
    }
  }
}

/** Write the task document (synced, as every write: a record read after a crash was on disk). */
async function writeTaskDoc(ctx: NodeContext, taskId: string, doc: Record<string, unknown>): Promise<void> {
  await ensureTaskIndex(ctx);
  const source = Buffer.from(JSON.stringify(doc), 'utf8');
  const [res] = await executeBulk(ctx, [{ opType: 'index', index: TASK_INDEX, type: TASK_TYPE, id: taskId, source }], { refresh: 'false' });
  if (res?.error) ctx.logger.warn(`failed to store the result of task [${taskId}]: ${res.error.reason}`);
}

/** Store a finished task's result: its info and either the response body or the error. */
export async function storeTaskResult(
  ctx: NodeContext,
  taskId: string,
  info: Record<string, unknown>,
  outcome: { response: Record<string, unknown> } | { error: unknown },
): Promise<void> {
  const doc: Record<string, unknown> = { completed: true, task: info };
  if ('response' in outcome) doc.response = outcome.response;
  else doc.error = errorJson(toEsError(outcome.error));
  await writeTaskDoc(ctx, taskId, doc);
}

/**
 * Store a running task's progress (Strata's addition to ES 5.6, which keeps a running task's
 * status in memory only): `{completed: false, task}` with the live status, so after a crash the
 * record says how far the task got. The final result overwrites it.
 */
export async function storeTaskProgress(ctx: NodeContext, taskId: string, info: Record<string, unknown>): Promise<void> {
  await writeTaskDoc(ctx, taskId, { completed: false, task: info });
}

/**
 * Once per node process, before its first stored task: move the task counter past the highest id
 * this node has a `.tasks` record of. Ids count from 1 again after a restart (as ES's do), and a
 * new task must not overwrite the record of a task the restart interrupted.
 */
export function reserveStoredTaskIds(ctx: NodeContext): Promise<void> {
  const tasks = ctx.runtime.tasks;
  tasks.storedIdsReserved ??= (async () => {
    if (!ctx.cluster.state().indices[TASK_INDEX]) return;
    // the records are written without a refresh: make them all searchable first
    await broadcast(ctx, [TASK_INDEX], (client, shard) => client.refresh(shard));
    const r = newSearchRequest([TASK_INDEX], []);
    applySearchBody(r, { size: 0, query: { term: { 'task.node': ctx.nodeId } }, aggs: { last: { max: { field: 'task.id' } } } });
    const body = await search(ctx, r);
    // the max is rendered as a Java double (a JsonDouble wrapper); its JSON value is the number
    const last: unknown = JSON.parse(JSON.stringify((body.aggregations as { last?: { value?: unknown } } | undefined)?.last?.value ?? null));
    if (typeof last === 'number') tasks.advancePast(last);
  })().catch((e) => {
    // a failed look-up is retried by the next stored task
    tasks.storedIdsReserved = undefined;
    throw e;
  });
  return tasks.storedIdsReserved;
}

/** A stored result, or undefined when there is none (or no `.tasks` index). */
export async function readTaskResult(ctx: NodeContext, taskId: string): Promise<Record<string, unknown> | undefined> {
  if (!ctx.cluster.state().indices[TASK_INDEX]) return undefined;
  const got = await getDocument(ctx, { index: TASK_INDEX, type: TASK_TYPE, id: taskId });
  return sourceObject(got) ?? undefined;
}
