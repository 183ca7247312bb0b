/**
 * `PUT /{index}`: validate the name, merge matching templates with the request (the request
 * wins), validate settings and mappings, and add the index to the cluster state.
 */
import type { NodeContext } from '../context.js';
import type { AliasMetadata, ClusterState, IndexMetadata } from '../../cluster/state.js';
import { aliasNames, numberOfReplicas } from '../../cluster/state.js';
import { validateIndexName } from '../../cluster/index-name.js';
import { flattenSettings, normalizeIndexSettings, type Settings } from '../../cluster/settings.js';
import { checkShardCopies, deprecatedSettingWarnings, validateIndexSettings } from '../../cluster/index-settings.js';
import { illegalArgument, invalidIndexName, indexAlreadyExists } from '../../errors/errors.js';
import { buildIndexMapper } from '../../indices/mapper.js';
import { randomBase64Id } from '../../units/random-id.js';
import { matchingTemplates } from './templates.js';
import { validateAliasForIndex } from './alias-validation.js';
import { aliasesFrom } from '../aliases/alias-definition.js';
import { resolveDateMathIndexName } from '../../datemath-index-name.js';
import { dict, dictOf } from '../../dict.js';
import { onMaster } from '../master-task.js';

export const VERSION_CREATED = '5061699';

export interface CreateIndexRequest {
  index: string;
  settings?: unknown;
  mappings?: Record<string, unknown>;
  aliases?: Record<string, AliasMetadata>;
  /** Deprecation warnings (deprecated settings, mapping forms) are appended here. */
  warnings?: string[];
  /** `wait_for_active_shards`: checked against the index's shard copies before it is created. */
  waitForActiveShards?: 'all' | number;
}

/** Build the metadata of a new index from the request and the templates that match it. */
export function newIndexMetadata(state: ClusterState, req: CreateIndexRequest, now = Date.now()): IndexMetadata {
  const name = resolveDateMathIndexName(req.index, now);
  validateIndexName(name);
  const existing = Object.hasOwn(state.indices, name) ? state.indices[name] : undefined;
  if (existing) throw indexAlreadyExists(name, existing.uuid);
  if (aliasNames(state).has(name)) throw invalidIndexName(name, 'already exists as alias');

  const templates = matchingTemplates(state, name);
  let settings: Settings = dict();
  const mappings = dict<Record<string, unknown>>();
  let aliases = dict<AliasMetadata>();
  // Lower order first, so higher orders and then the request override.
  for (const t of templates) {
    settings = dictOf({ ...settings, ...t.settings });
    for (const [type, m] of Object.entries(t.mappings)) mappings[type] = deepMerge(mappings[type] ?? {}, m);
    for (const [a, am] of Object.entries(t.aliases)) aliases[a.replace('{index}', name)] = am;
  }
  const requested = normalizeIndexSettings(flattenSettings(req.settings ?? {}));
  settings = dictOf({ ...settings, ...requested });
  for (const [k, v] of Object.entries(settings)) if (v === null) delete settings[k];
  validateIndexSettings(settings);
  req.warnings?.push(...deprecatedSettingWarnings(settings));
  for (const [type, m] of Object.entries(req.mappings ?? {})) {
    mappings[type] = deepMerge(mappings[type] ?? {}, (m ?? {}) as Record<string, unknown>);
  }
  aliases = dictOf({ ...aliases, ...aliasesFrom(req.aliases) });

  const uuid = randomBase64Id();
  const full: Settings = dictOf({
    'index.number_of_shards': '5',
    'index.number_of_replicas': '1',
    ...settings,
    'index.creation_date': settings['index.creation_date'] ?? String(now),
    'index.uuid': uuid,
    'index.version.created': VERSION_CREATED,
    'index.provided_name': settings['index.provided_name'] ?? req.index,
  });
  checkShardCopies(full, full['index.number_of_replicas']);
  const draft: IndexMetadata = { name, uuid, state: 'open', settings: full, mappings, aliases: dict(), mappingVersion: 1 };
  // ES 5.6 MetaDataCreateIndexService: more active copies than the index can have is refused.
  const copies = numberOfReplicas(draft) + 1;
  if (typeof req.waitForActiveShards === 'number' && req.waitForActiveShards > copies) {
    throw illegalArgument(`invalid wait_for_active_shards[${req.waitForActiveShards}]: cannot be greater than number of shard copies [${copies}]`);
  }
  // Compiling the mapper validates every type mapping (and the analysis settings).
  draft.mappings = buildIndexMapper(draft, { restore: false, ...(req.warnings ? { warnings: req.warnings } : {}) }).toJSON();
  for (const [alias, am] of Object.entries(aliases)) {
    validateAliasForIndex(state, alias, name, am);
    draft.aliases[alias] = am;
  }
  return draft;
}

/** The master task of `PUT /{index}` (lib/action/master-task.ts). */
export function createIndexTask(state: ClusterState, req: CreateIndexRequest, warnings: string[]): ClusterState {
  const meta = newIndexMetadata(state, { ...req, warnings });
  return { ...state, indices: { ...state.indices, [meta.name]: meta } };
}

export async function createIndex(ctx: NodeContext, req: CreateIndexRequest): Promise<{ acknowledged: true; shards_acknowledged: true }> {
  const { warnings, ...params } = req;
  await onMaster(ctx, CREATE_INDEX_TASK, createIndexTask, params, warnings);
  return { acknowledged: true, shards_acknowledged: true };
}

export const CREATE_INDEX_TASK = 'indices:create';

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out = dictOf(a);
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && prev && typeof prev === 'object' && !Array.isArray(prev)) {
      out[k] = deepMerge(prev as Record<string, unknown>, v as Record<string, unknown>);
    } else out[k] = v;
  }
  return out;
}
