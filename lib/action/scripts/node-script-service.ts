/**
 * The node's {@link ScriptService}, bound to its settings, the cluster state's stored scripts
 * and dynamic cluster settings, and the `config/scripts` directory for file scripts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClusterService } from '../../cluster/cluster-service.js';
import { ScriptService } from '../../script/script-service.js';
import { scriptsDir } from '../templates/search-template.js';

/** The script service of a node with these settings and this cluster state. */
export function createScriptService(settings: Record<string, string>, cluster: ClusterService): ScriptService {
  const dir = scriptsDir({ settings });
  return new ScriptService({
    settings,
    clusterSettings: () => {
      const s = cluster.state();
      return { ...s.persistentSettings, ...s.transientSettings } as Record<string, string>;
    },
    stored: (id) => {
      const all = cluster.state().storedScripts;
      const s = Object.hasOwn(all, id) ? all[id] : undefined;
      return s ? { lang: s.lang, source: s.source } : undefined;
    },
    file: (name) => {
      if (!dir || name.includes('/') || name.includes('\\')) return undefined;
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return undefined;
      }
    },
  });
}
