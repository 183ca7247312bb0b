/**
 * Scroll contexts: the first request runs the query phase keeping every hit of every shard (the
 * shards' reader contexts stay open, so pages come from one point in time); each `/_search/scroll` call
 * fetches the next `size` hits. Contexts expire after their keep-alive, renewed on each call.
 */
import { randomBytes } from 'node:crypto';
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/errors.js';
import { fetchPhase, queryPhase, release, searchResponse, sizeOf, type SearchState } from './search-action.js';
import type { SearchRequest } from './search-request.js';
import { runScrollTask, runSearchTask, type SearchTask } from './search-task.js';

interface ScrollContext {
  id: string;
  state: SearchState;
  request: SearchRequest;
  cursor: number;
  timer: NodeJS.Timeout;
}

class ScrollStore {
  readonly contexts = new Map<string, ScrollContext>();
}

const stores = new WeakMap<NodeContext, ScrollStore>();

function store(ctx: NodeContext): ScrollStore {
  let s = stores.get(ctx);
  if (!s) stores.set(ctx, (s = new ScrollStore()));
  return s;
}

const PREFIX = 'strata-scroll:';

function newId(): string {
  return Buffer.from(PREFIX + randomBytes(12).toString('hex')).toString('base64');
}

/** Whether a scroll id is well formed (ES: `Cannot parse scroll id` otherwise). */
function checkId(id: string): void {
  let decoded = '';
  try {
    decoded = Buffer.from(id, 'base64').toString('utf8');
  } catch {
    decoded = '';
  }
  if (!decoded.startsWith(PREFIX)) throw new EsError('illegal_argument_exception', 400, 'Cannot parse scroll id', { causedBy: new EsError('illegal_argument_exception', 400, 'Invalid scroll id') });
}

/**
 * (Re)start the keep-alive of a scroll: here, and on every shard's reader context (after this
 * one, so the coordinator's ends first and frees them).
 */
async function arm(ctx: NodeContext, sc: ScrollContext, keepAliveMs: number): Promise<void> {
  clearTimeout(sc.timer);
  sc.timer = setTimeout(() => void free(ctx, sc.id), Math.max(1, keepAliveMs));
  sc.timer.unref();
  await Promise.all(sc.state.contexts.map((c) => ctx.searchShards.renewContext(c.contextId, keepAliveMs)));
}

async function free(ctx: NodeContext, id: string): Promise<boolean> {
  const s = store(ctx);
  const sc = s.contexts.get(id);
  if (!sc) return false;
  clearTimeout(sc.timer);
  s.contexts.delete(id);
  // the shards count their scroll contexts (open, completed, time) as they free them
  await release(ctx, sc.state.contexts);
  return true;
}

/** The first page of a scrolled search. */
export function startScroll(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  return runSearchTask(ctx, r, (task) => startScrollAs(ctx, r, task));
}

async function startScrollAs(ctx: NodeContext, r: SearchRequest, task: SearchTask): Promise<Record<string, unknown>> {
  const st = await queryPhase(ctx, r, { forScroll: true, task });
  const id = newId();
  const sc: ScrollContext = { id, state: st, request: r, cursor: 0, timer: setTimeout(() => undefined, 0) };
  store(ctx).contexts.set(id, sc);
  await arm(ctx, sc, r.scrollMs ?? 60000);
  return nextPage(ctx, sc, task);
}

async function nextPage(ctx: NodeContext, sc: ScrollContext, task: SearchTask): Promise<Record<string, unknown>> {
  const size = sizeOf(sc.request);
  const page = sc.state.merged.slice(sc.cursor, sc.cursor + size);
  sc.cursor += page.length;
  // Fetch failures belong to this page's response only.
  const st = { ...sc.state, failures: [...sc.state.failures], task };
  const { hits } = await fetchPhase(ctx, st, page);
  const started = Date.now();
  const body = searchResponse({ ...st, started }, hits, { scrollId: sc.id });
  // aggregations come with the initial scroll response only, as in ES
  delete sc.state.aggregations;
  return body;
}

/** `GET|POST /_search/scroll`. */
export async function continueScroll(ctx: NodeContext, id: string, keepAliveMs: number | undefined): Promise<Record<string, unknown>> {
  checkId(id);
  const sc = store(ctx).contexts.get(id);
  if (!sc) {
    throw new EsError('search_phase_execution_exception', 404, 'all shards failed', {
      metadata: { phase: 'query', grouped: true, failed_shards: [] },
      causedBy: new EsError('search_context_missing_exception', 404, `No search context found for id [${id}]`),
    });
  }
  return runScrollTask(ctx, id, keepAliveMs, async (task) => {
    if (keepAliveMs !== undefined) await arm(ctx, sc, keepAliveMs);
    return nextPage(ctx, sc, task);
  });
}

/** `DELETE /_search/scroll`: `_all` or ids. Returns `{succeeded, num_freed}` and whether any was found. */
export async function clearScroll(ctx: NodeContext, ids: string[]): Promise<{ body: Record<string, unknown>; found: boolean }> {
  let freed = 0;
  if (ids.length === 1 && ids[0] === '_all') {
    for (const id of [...store(ctx).contexts.keys()]) if (await free(ctx, id)) freed += 1;
    return { body: { succeeded: true, num_freed: freed }, found: true };
  }
  for (const id of ids) checkId(id);
  for (const id of ids) {
    const sc = store(ctx).contexts.get(id);
    if (sc) {
      freed += sc.state.contexts.length;
      await free(ctx, id);
    }
  }
  return { body: { succeeded: true, num_freed: freed }, found: freed > 0 };
}
