/**
 * TEMPORARY bootstrap mapper used only until lib/mapping's IndexMappings lands: keeps mappings
 * JSON as given, indexes every scalar as one keyword-like token. Replaced by the real adapter.
 */
import type { IndexMetadata } from '../cluster/state.js';
import type { IndexMapper } from './mapper.js';
import type { IndexableField } from '../mapping/parsed-document.js';
import type { AnalysisRegistry } from '../analysis/types.js';
import { mapperParsing } from '../errors/errors.js';

const NO_ANALYSIS: AnalysisRegistry = { analyzer: () => undefined, normalizer: () => undefined };

export function buildIndexMapper(meta: IndexMetadata): IndexMapper {
  const mappings: Record<string, Record<string, unknown>> = { ...meta.mappings };
  return {
    analysis: NO_ANALYSIS,
    parse(type, id, source, opts) {
      let obj: unknown;
      try {
        obj = JSON.parse(source.toString('utf8'));
      } catch {
        throw mapperParsing('failed to parse');
      }
      const fields: IndexableField[] = [];
      const walk = (v: unknown, path: string): void => {
        if (v === null || v === undefined) return;
        if (Array.isArray(v)) return v.forEach((x) => walk(x, path));
        if (typeof v === 'object') {
          for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, path ? `${path}.${k}` : k);
          return;
        }
        fields.push({ name: path, tokens: [{ term: String(v), position: 0, startOffset: 0, endOffset: String(v).length, type: 'word' }] });
      };
      walk(obj, '');
      fields.push({ name: '_uid', tokens: [{ term: `${type}#${id}`, position: 0, startOffset: 0, endOffset: 0, type: 'word' }] });
      return {
        doc: { type, id, source, fields, ...(opts.routing !== undefined ? { routing: opts.routing } : {}) },
        ...(mappings[type] ? {} : { dynamicUpdate: {} }),
      };
    },
    merge(type, mapping) {
      return { ...mappings, [type]: { ...(mappings[type] ?? {}), ...mapping } };
    },
    toJSON: () => mappings,
    hasType: (t) => t in mappings,
    types: () => Object.keys(mappings),
    routingRequired: () => false,
    fieldMappings: () => ({}),
  };
}
