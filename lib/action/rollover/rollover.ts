/**
 * `POST /{alias}/_rollover[/{new_index}]` (ES 5.6 `TransportRolloverAction`): the alias must
 * point at exactly one index; conditions (`max_age`, `max_docs`) are checked against that index's
 * creation date and its (refreshed) primary document count; when any matches — or none is given —
 * the new index is created (templates apply, the request's settings/mappings/aliases win) and the
 * alias moves to it, in one cluster-state update.
 */
import type { NodeContext } from '../context.js';
import type { ClusterState } from '../../cluster/state.js';
import { aliasNames } from '../../cluster/state.js';
import { illegalArgument, invalidIndexName, indexAlreadyExists } from '../../errors/errors.js';
import { parseTimeValue, type TimeValue } from '../../units/time-value.js';
import { validateIndexName } from '../../cluster/index-name.js';
import { resolveDateMathIndexName } from '../../datemath-index-name.js';
import { newIndexMetadata } from '../indices/create-index.js';
import { indicesOfAlias } from '../resolve-indices.js';
import { aliasesFrom } from '../aliases/alias-definition.js';
import { generateRolloverIndexName } from './rollover-name.js';
import { shardStatsOf } from '../indices/index-stats.js';
import { dictOf } from '../../dict.js';
import { onMaster } from '../master-task.js';

export type RolloverCondition = { kind: 'max_age'; value: TimeValue } | { kind: 'max_docs'; value: number };

export interface RolloverRequest {
  alias: string;
  newIndex?: string;
  dryRun: boolean;
  conditions: RolloverCondition[];
  settings?: unknown;
  mappings?: Record<string, unknown>;
  aliases?: unknown;
}

export interface RolloverResponse {
  old_index: string;
  new_index: string;
  rolled_over: boolean;
  dry_run: boolean;
  acknowledged: boolean;
  shards_acknowledged: boolean;
  conditions: Record<string, boolean>;
}

/** `Condition#toString`: `[max_docs: 1]`, `[max_age: 1d]`. */
export function conditionKey(c: RolloverCondition): string {
  return `[${c.kind}: ${c.kind === 'max_age' ? c.value.toString() : String(c.value)}]`;
}

/** Parse the request body (`RolloverRequest.PARSER`). */
export function parseRolloverBody(body: Record<string, unknown>): Pick<RolloverRequest, 'conditions' | 'settings' | 'mappings' | 'aliases'> {
  const out: Pick<RolloverRequest, 'conditions' | 'settings' | 'mappings' | 'aliases'> = { conditions: [] };
  for (const [k, v] of Object.entries(body)) {
    if (k === 'conditions') {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw illegalArgument('[conditions] must be an object');
      for (const [ck, cv] of Object.entries(v as Record<string, unknown>)) {
        if (ck === 'max_age') {
          if (typeof cv !== 'string') throw illegalArgument('[conditions] max_age doesn\'t support values of type: VALUE_NUMBER');
          out.conditions.push({ kind: 'max_age', value: parseTimeValue(cv, 'max_age') });
        } else if (ck === 'max_docs') {
          const n = typeof cv === 'number' ? Math.trunc(cv) : typeof cv === 'string' && /^-?\d+(\.\d+)?$/.test(cv.trim()) ? Math.trunc(Number(cv)) : NaN;
          if (Number.isNaN(n)) throw illegalArgument(`[conditions] failed to parse field [max_docs]`);
          out.conditions.push({ kind: 'max_docs', value: n });
        } else throw illegalArgument(`[conditions] unknown field [${ck}], parser not found`);
      }
    } else if (k === 'settings') out.settings = v;
    else if (k === 'mappings') out.mappings = v as Record<string, unknown>;
    else if (k === 'aliases') out.aliases = v;
    else throw illegalArgument(`[rollover] unknown field [${k}], parser not found`);
  }
  return out;
}

/** `TransportRolloverAction#validate`: the alias exists, is an alias, and has one index. */
export function sourceIndexOf(state: ClusterState, alias: string): string {
  if (state.indices[alias]) throw illegalArgument('source alias is a concrete index');
  const via = indicesOfAlias(state, alias);
  if (via.length === 0) throw illegalArgument('source alias does not exist');
  if (via.length > 1) throw illegalArgument('source alias maps to multiple indices');
  return via[0]!.name;
}

async function primaryDocs(ctx: NodeContext, index: string): Promise<number> {
  let n = 0;
  for (const s of await shardStatsOf(ctx, index)) n += s.docsCount;
  return n;
}

export async function rollover(ctx: NodeContext, req: RolloverRequest, now: number = Date.now()): Promise<RolloverResponse> {
  const state = ctx.cluster.state();
  const source = sourceIndexOf(state, req.alias);
  const sourceMeta = state.indices[source]!;
  const provided = sourceMeta.settings['index.provided_name'] ?? source;
  const unresolved = req.newIndex ?? generateRolloverIndexName(provided, now);
  const target = resolveDateMathIndexName(unresolved, now);
  validateIndexName(target);
  const existing = state.indices[target];
  if (existing) throw indexAlreadyExists(target, existing.uuid);
  if (aliasNames(state).has(target)) throw invalidIndexName(target, 'already exists as alias');

  const docs = await primaryDocs(ctx, source);
  const age = now - Number(sourceMeta.settings['index.creation_date'] ?? now);
  const conditions: Record<string, boolean> = {};
  let anyMatched = false;
  for (const c of req.conditions) {
    const matched = c.kind === 'max_docs' ? docs >= c.value : age >= c.value.millis();
    conditions[conditionKey(c)] = matched;
    anyMatched ||= matched;
  }
  const response = (rolledOver: boolean, dryRun: boolean): RolloverResponse => ({
    old_index: source,
    new_index: target,
    rolled_over: rolledOver,
    dry_run: dryRun,
    acknowledged: rolledOver,
    shards_acknowledged: rolledOver,
    conditions,
  });
  if (req.dryRun) return response(false, true);
  if (req.conditions.length > 0 && !anyMatched) return response(false, false);

  const { alias, settings, mappings, aliases } = req;
  await onMaster(ctx, ROLLOVER_TASK, rolloverTask, { alias, source, unresolved, now, settings, mappings, aliases });
  return response(true, false);
}

export const ROLLOVER_TASK = 'indices:rollover';

/** The master task of a rollover whose conditions matched: the new index and the alias moved, in one update. */
export function rolloverTask(
  current: ClusterState,
  p: { alias: string; source: string; unresolved: string; now: number } & Pick<RolloverRequest, 'settings' | 'mappings' | 'aliases'>,
): ClusterState {
  const { alias, source, unresolved, now } = p;
  // Re-check against the latest state: another rollover may have won the race.
  if (sourceIndexOf(current, alias) !== source) throw illegalArgument('source alias maps to multiple indices');
  const meta = newIndexMetadata(
    current,
    {
      index: unresolved,
      ...(p.settings !== undefined ? { settings: p.settings } : {}),
      ...(p.mappings !== undefined ? { mappings: p.mappings } : {}),
      aliases: aliasesFrom(p.aliases),
    },
    now,
  );
  // `prepareRolloverAliasesUpdateRequest`: a plain alias on the new index, removed from the old.
  meta.aliases = dictOf([...Object.entries(meta.aliases), [alias, {}]]);
  const old = current.indices[source]!;
  const oldAliases = { ...old.aliases };
  delete oldAliases[alias];
  return { ...current, indices: { ...current.indices, [source]: { ...old, aliases: oldAliases }, [meta.name]: meta } };
}
