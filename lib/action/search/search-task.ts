/**
 * Searches as tasks (ES 5.6 `SearchRequest#createTask` and `SearchScrollRequest#createTask`): a
 * search or scroll request registers a cancellable task for as long as it runs, and each shard
 * phase runs as its child on the shard's node (lib/search/service/phase-task.ts). Cancelling
 * the search (`_tasks/_cancel`) bans its children: a running phase stops at its next pacing
 * point with `task_cancelled_exception`, a phase not yet started refuses to start.
 */
import type { NodeContext } from '../context.js';
import type { PhaseTask } from '../../messages/shard-search.js';
import { taskIdText } from '../tasks/task-info.js';
import { TimeValue } from '../../units/time-value.js';
import type { SearchRequest } from './search-request.js';
import { renderSearchSource } from '../../dsl/render/index.js';

export const SEARCH_ACTION = 'indices:data/read/search';
export const SCROLL_ACTION = 'indices:data/read/scroll';

/** The running search's task, as its phases need it. */
export interface SearchTask {
  /** `<node>:<id>`: the parent of the shard phases. */
  ref: string;
  /** Shards the search runs on, once resolved. */
  shards?: number;
  /** A scroll's later page: its fetches are ES's `[phase/fetch/id/scroll]`. */
  scroll?: boolean;
}

/**
 * ES's description: `indices[..], types[..], search_type[..], source[..]`, built when read (the
 * listing asks for it), the source rendered as ES renders its `SearchSourceBuilder` (compact; an
 * internal search built without one renders `{}`). A one-shard search is described as
 * `QUERY_THEN_FETCH`, as ES 5.6 rewrites its search type.
 */
function describeSearch(r: SearchRequest, task: SearchTask): string {
  const type = r.searchType === 'dfs_query_then_fetch' && task.shards !== 1 ? 'DFS_QUERY_THEN_FETCH' : 'QUERY_THEN_FETCH';
  let source: string;
  try {
    source = renderSearchSource(r.sourceBuilder ?? {});
  } catch (err) {
    // a listing must not fail for one description (ES's later versions print the same)
    source = `<error: ${(err as Error).message}>`;
  }
  return `indices[${r.indices.join(',')}], types[${r.types.join(',')}], search_type[${type}], source[${source}]`;
}

/** Run `search` as a search task (the child of `parent`: a by-scroll task's search). */
export async function runSearchTask<T>(ctx: NodeContext, r: SearchRequest, search: (task: SearchTask) => Promise<T>, parent?: number): Promise<T> {
  const task: SearchTask = { ref: '' };
  const reg = ctx.runtime.tasks.register(SEARCH_ACTION, 'transport', () => describeSearch(r, task), parent, { cancellable: true });
  task.ref = taskIdText(ctx, reg.task.id);
  try {
    return await search(task);
  } finally {
    reg.done();
  }
}

/**
 * Run a scroll page as a scroll task: ES describes it as `scrollId[..], scroll[..]`, the scroll
 * being `Scroll{keepAlive=1m}` when the request renews the keep-alive and `null` when not.
 */
export async function runScrollTask<T>(ctx: NodeContext, scrollId: string, keepAliveMs: number | undefined, page: (task: SearchTask) => Promise<T>): Promise<T> {
  const scroll = keepAliveMs === undefined ? 'null' : `Scroll{keepAlive=${TimeValue.millis(keepAliveMs).toString()}}`;
  const reg = ctx.runtime.tasks.register(SCROLL_ACTION, 'transport', `scrollId[${scrollId}], scroll[${scroll}]`, undefined, { cancellable: true });
  try {
    return await page({ ref: taskIdText(ctx, reg.task.id), scroll: true });
  } finally {
    reg.done();
  }
}

/** The node-local number of a reader context id (`<node>:<n>`), as ES's shard requests print their context's long id. */
function contextNumber(contextId: string): string {
  return contextId.slice(contextId.lastIndexOf(':') + 1);
}

/** The query phase's shard task: `[phase/query]`, or `[phase/query/id]` after a dfs phase. */
export function queryPhaseTask(task: SearchTask | undefined, shard: { index: string; shard: number; contextId: string }, r: SearchRequest, afterDfs: boolean): PhaseTask | undefined {
  if (!task) return undefined;
  if (afterDfs) return { parent: task.ref, action: `${SEARCH_ACTION}[phase/query/id]`, description: `id[${contextNumber(shard.contextId)}], indices[${r.indices.join(',')}]` };
  return { parent: task.ref, action: `${SEARCH_ACTION}[phase/query]`, description: `shardId[[${shard.index}][${shard.shard}]]` };
}

/** The dfs phase's shard task. */
export function dfsPhaseTask(task: SearchTask | undefined, shard: { index: string; shard: number }): PhaseTask | undefined {
  if (!task) return undefined;
  return { parent: task.ref, action: `${SEARCH_ACTION}[phase/dfs]`, description: `shardId[[${shard.index}][${shard.shard}]]` };
}

/**
 * The fetch phase's shard task. ES 5.6 fetches a one-shard search's hits inside its query
 * request, so that fetch is listed as the shard's `[phase/query]`.
 */
export function fetchPhaseTask(task: SearchTask | undefined, shard: { index: string; shard: number; contextId: string }, hits: number): PhaseTask | undefined {
  if (!task) return undefined;
  if (task.scroll) return { parent: task.ref, action: `${SEARCH_ACTION}[phase/fetch/id/scroll]`, description: `id[${contextNumber(shard.contextId)}], size[${hits}], lastEmittedDoc[null]` };
  if (task.shards === 1) return { parent: task.ref, action: `${SEARCH_ACTION}[phase/query]`, description: `shardId[[${shard.index}][${shard.shard}]]` };
  return { parent: task.ref, action: `${SEARCH_ACTION}[phase/fetch/id]`, description: `id[${contextNumber(shard.contextId)}], size[${hits}], lastEmittedDoc[null]` };
}
