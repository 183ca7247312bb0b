/**
 * The metadata half of `strata migrate`: index templates, ingest pipelines and stored scripts
 * are put on the target as they are on the source (overwriting: re-running converges), and each
 * selected index is created with the source's settings (less what a cluster assigns: uuid,
 * versions, creation date, provided name), mappings and aliases — unless it already exists, which
 * is the resume case.
 */
import type { ClusterClient } from './cluster-client.js';

/** Settings a cluster assigns to an index itself; copying them is refused or wrong. */
const ASSIGNED = new Set(['uuid', 'version', 'creation_date', 'provided_name']);

/** Counts of what was copied. */
export interface MetadataCopied {
  templates: number;
  pipelines: number;
  scripts: number;
}

/** The indices of the source matching `patterns`; dot-indices only when a pattern starts with a dot. */
export async function selectIndices(source: ClusterClient, patterns: string): Promise<string[]> {
  const expr = patterns.split(',').map((p) => encodeURIComponent(p.trim())).join(',');
  const settings = (await source.call('GET', `/${expr}/_settings?expand_wildcards=open`)) as Record<string, unknown>;
  const dotted = patterns.split(',').some((p) => p.trim().startsWith('.'));
  return Object.keys(settings)
    .filter((name) => dotted || !name.startsWith('.'))
    .sort();
}

/** Put every template, pipeline and stored script of the source on the target. */
export async function copyClusterMetadata(source: ClusterClient, target: ClusterClient): Promise<MetadataCopied> {
  const out: MetadataCopied = { templates: 0, pipelines: 0, scripts: 0 };
  const templates = (await source.call('GET', '/_template')) as Record<string, unknown>;
  for (const [name, body] of Object.entries(templates)) {
    await target.call('PUT', `/_template/${encodeURIComponent(name)}`, body);
    out.templates++;
  }
  // an empty pipeline list is a 404 `{}` in 5.x
  const pipelines = await source.send('GET', '/_ingest/pipeline');
  if (pipelines.status === 200 && pipelines.body && typeof pipelines.body === 'object') {
    for (const [id, def] of Object.entries(pipelines.body as Record<string, unknown>)) {
      await target.call('PUT', `/_ingest/pipeline/${encodeURIComponent(id)}`, def);
      out.pipelines++;
    }
  }
  const state = (await source.call('GET', '/_cluster/state/metadata')) as { metadata?: { stored_scripts?: Record<string, unknown> } };
  for (const [key, value] of Object.entries(state.metadata?.stored_scripts ?? {})) {
    const script = storedScript(key, value);
    if (!script) continue;
    await target.call('PUT', `/_scripts/${encodeURIComponent(script.id)}`, { script: { lang: script.lang, code: script.code } });
    out.scripts++;
  }
  return out;
}

/**
 * A stored script of 5.x's cluster state: `{lang, code}` by id (5.6), `source` instead of `code`
 * (6.x), and the pre-5.3 `lang#id` keys of scripts put through `/_scripts/{lang}/{id}`.
 */
function storedScript(key: string, value: unknown): { id: string; lang: string; code: string } | undefined {
  const hash = key.indexOf('#');
  const keyLang = hash > 0 ? key.slice(0, hash) : undefined;
  const id = hash > 0 ? key.slice(hash + 1) : key;
  if (typeof value === 'string') return keyLang ? { id, lang: keyLang, code: value } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as { lang?: unknown; code?: unknown; source?: unknown };
  const lang = typeof v.lang === 'string' ? v.lang : keyLang;
  const code = v.code ?? v.source;
  if (lang === undefined || code === undefined) return undefined;
  return { id, lang, code: typeof code === 'string' ? code : JSON.stringify(code) };
}

/** The body that creates `index` on the target as it is on the source. */
export async function indexDefinition(source: ClusterClient, index: string): Promise<Record<string, unknown>> {
  const path = `/${encodeURIComponent(index)}`;
  const [settings, mappings, aliases] = await Promise.all([
    source.call('GET', `${path}/_settings`),
    source.call('GET', `${path}/_mapping`),
    source.call('GET', `${path}/_alias`),
  ]);
  const indexSettings: Record<string, unknown> = { ...((settings as any)[index]?.settings?.index ?? {}) };
  for (const k of Object.keys(indexSettings)) if (ASSIGNED.has(k)) delete indexSettings[k];
  return {
    settings: { index: indexSettings },
    mappings: (mappings as any)[index]?.mappings ?? {},
    aliases: (aliases as any)[index]?.aliases ?? {},
  };
}

/** Create `index` on the target unless it exists; returns whether it was created. */
export async function createIndexLike(source: ClusterClient, target: ClusterClient, index: string): Promise<boolean> {
  const exists = await target.send('HEAD', `/${encodeURIComponent(index)}`);
  if (exists.status === 200) return false;
  await target.call('PUT', `/${encodeURIComponent(index)}`, await indexDefinition(source, index));
  return true;
}
