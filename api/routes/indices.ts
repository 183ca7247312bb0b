/**
 * Index management: create, delete, exists, get, settings, refresh, flush.
 */
import { parseActiveShardCount } from '../../lib/action/active-shard-count.js';
import type { RouteDef, RestRequest } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { createIndex } from '../../lib/action/indices/create-index.js';
import { deleteIndex } from '../../lib/action/indices/delete-index.js';
import { getIndex, getSettings, type IndexFeature, type SettingsRendering } from '../../lib/action/indices/get-index.js';
import { updateSettings } from '../../lib/action/indices/update-settings.js';
import { broadcast } from '../../lib/action/indices/broadcast.js';
import { setIndexState } from '../../lib/action/indices/open-close.js';
import {
  indicesOptionsFrom,
  resolveIndices,
  STRICT_EXPAND_OPEN,
  STRICT_EXPAND_OPEN_CLOSED,
  type IndicesOptions,
} from '../../lib/action/resolve-indices.js';
import { deprecationHeaders, objectBody } from './common.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { numberOfReplicas, type AliasMetadata } from '../../lib/cluster/state.js';
import { dict, own } from '../../lib/dict.js';

export const INDICES_OPTIONS_PARAMS = ['ignore_unavailable', 'allow_no_indices', 'expand_wildcards'];

export function indicesOptions(req: RestRequest, defaults: IndicesOptions = STRICT_EXPAND_OPEN): IndicesOptions {
  return indicesOptionsFrom((n) => req.param(n), defaults);
}

export function resolveFromRequest(ctx: NodeContext, req: RestRequest, defaults: IndicesOptions = STRICT_EXPAND_OPEN): string[] {
  return resolveIndices(ctx.cluster.state(), req.pathParams.index, indicesOptions(req, defaults));
}

function settingsRendering(req: RestRequest): SettingsRendering {
  return {
    flat: req.paramAsBool('flat_settings', false),
    human: req.paramAsBool('human', false),
    includeDefaults: req.paramAsBool('include_defaults', false),
  };
}

const FEATURES: Record<string, IndexFeature> = { _settings: 'settings', _mappings: 'mappings', _mapping: 'mappings', _aliases: 'aliases', _alias: 'aliases' };

function parseCreateBody(body: Record<string, unknown>): { settings?: unknown; mappings?: Record<string, unknown>; aliases?: Record<string, AliasMetadata> } {
  const out: { settings?: unknown; mappings?: Record<string, unknown>; aliases?: Record<string, AliasMetadata> } = {};
  const settings: Record<string, unknown> = dict(); // no prototype: a `__proto__` settings key stays data
  for (const [k, v] of Object.entries(body)) {
    if (k === 'settings') Object.assign(settings, v as object);
    else if (k === 'mappings') out.mappings = v as Record<string, unknown>;
    else if (k === 'aliases') out.aliases = v as Record<string, AliasMetadata>;
    else if (k === 'warmers') continue;
    else if (v !== null && typeof v === 'object' && !Array.isArray(v) && !k.startsWith('index.') && k !== 'index') {
      throw illegalArgument(`unknown key [${k}] for create index`);
    } else settings[k] = v;
  }
  if (Object.keys(settings).length > 0) out.settings = settings;
  return out;
}

export function indicesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['PUT', 'POST'],
      paths: ['/{index}'],
      params: ['timeout', 'master_timeout', 'wait_for_active_shards', 'update_all_types'],
      handler: async (req) => {
        req.param('master_timeout');
        req.param('update_all_types');
        const body = parseCreateBody(objectBody(req));
        const index = req.pathParams.index!;
        // Parsed before anything is created: a bad value must not leave an index behind.
        const activeShards = parseActiveShardCount(req.param('wait_for_active_shards'));
        const warnings: string[] = [];
        const created = await createIndex(ctx, { index, ...body, warnings, ...(activeShards !== undefined ? { waitForActiveShards: activeShards } : {}) });
        const headers = deprecationHeaders(warnings);
        const meta = ctx.cluster.state().indices[index];
        const wanted = activeShards === 'all' ? 1 + (meta ? numberOfReplicas(meta) : 0) : (activeShards ?? 1);
        // One node holds one copy of each shard: asking for more waits out the timeout, as ES does.
        if (wanted > 1) {
          await new Promise((r) => setTimeout(r, req.paramAsTimeMs('timeout', 30_000)));
          return { status: 200, body: { ...created, shards_acknowledged: false }, headers };
        }
        req.param('timeout');
        return { status: 200, body: created, headers };
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/{index}'],
      params: ['timeout', 'master_timeout', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        return { status: 200, body: await deleteIndex(ctx, req.pathParams.index!, indicesOptions(req, STRICT_EXPAND_OPEN_CLOSED)) };
      },
    },
    {
      methods: ['HEAD'],
      paths: ['/{index}'],
      params: ['local', 'flat_settings', 'include_defaults', 'human', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.param('local');
        try {
          const found = resolveFromRequest(ctx, req);
          return { status: found.length > 0 ? 200 : 404 };
        } catch {
          return { status: 404 };
        }
      },
    },
    {
      methods: ['GET'],
      paths: ['/{index}', '/{index}/{feature}'],
      params: ['local', 'flat_settings', 'include_defaults', 'human', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.param('local');
        req.param('include_defaults');
        const names = resolveFromRequest(ctx, req);
        const featureParam = req.pathParams.feature;
        let features: IndexFeature[] = ['aliases', 'mappings', 'settings'];
        if (featureParam !== undefined) {
          features = featureParam.split(',').map((f) => {
            const feat = own(FEATURES, f);
            if (!feat) throw illegalArgument(`No endpoint or operation is available at [${f}]`);
            return feat;
          });
        }
        return { status: 200, body: getIndex(ctx.cluster.state(), names, features, settingsRendering(req)) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_settings', '/{index}/_settings', '/{index}/_settings/{name}', '/_settings/{name}'],
      params: ['local', 'flat_settings', 'include_defaults', 'human', 'master_timeout', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const names = resolveFromRequest(ctx, req, STRICT_EXPAND_OPEN_CLOSED);
        const patterns = req.pathParams.name ? req.pathParams.name.split(',') : [];
        return { status: 200, body: getSettings(ctx.cluster.state(), names, patterns, settingsRendering(req)) };
      },
    },
    {
      methods: ['PUT'],
      paths: ['/_settings', '/{index}/_settings'],
      params: ['master_timeout', 'preserve_existing', 'flat_settings', 'timeout', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        req.param('master_timeout');
        req.param('timeout');
        const names = resolveFromRequest(ctx, req, STRICT_EXPAND_OPEN_CLOSED);
        const body = await updateSettings(ctx, names, objectBody(req), req.paramAsBool('preserve_existing', false));
        return { status: 200, body };
      },
    },
    {
      methods: ['POST'],
      paths: ['/_close', '/{index}/_close'],
      params: ['timeout', 'master_timeout', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        const names = resolveFromRequest(ctx, req, STRICT_EXPAND_OPEN);
        return { status: 200, body: await setIndexState(ctx, names, 'close') };
      },
    },
    {
      methods: ['POST'],
      paths: ['/_open', '/{index}/_open'],
      params: ['timeout', 'master_timeout', 'wait_for_active_shards', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        req.param('wait_for_active_shards');
        const names = resolveFromRequest(ctx, req, { ...STRICT_EXPAND_OPEN_CLOSED, expandOpen: false });
        return { status: 200, body: await setIndexState(ctx, names, 'open') };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_refresh', '/{index}/_refresh'],
      params: INDICES_OPTIONS_PARAMS,
      handler: async (req) => {
        const names = resolveFromRequest(ctx, req);
        return { status: 200, body: { _shards: await broadcast(ctx, names, (client, shard) => client.refresh(shard)) } };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_flush', '/{index}/_flush'],
      params: ['force', 'wait_if_ongoing', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        req.param('force');
        req.param('wait_if_ongoing');
        const names = resolveFromRequest(ctx, req);
        return { status: 200, body: { _shards: await broadcast(ctx, names, (client, shard) => client.flush(shard)) } };
      },
    },
  ];
}
