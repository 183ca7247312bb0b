/**
 * Test helpers: the index analysis registry (lib/analysis) with a `lowercase` normalizer, and
 * shortcuts to build mappings and parse documents.
 */
import { createAnalysisRegistry } from '../../lib/analysis/registry.js';
import type { AnalysisRegistry } from '../../lib/analysis/types.js';
import { IndexMappings } from '../../lib/mapping/index-mappings.js';
import type { IndexableField, ParsedDocument } from '../../lib/mapping/parsed-document.js';

/** The real per-index registry, with a `lowercase` normalizer defined in the index settings. */
export const registry: AnalysisRegistry = createAnalysisRegistry({ normalizer: { lowercase: { type: 'custom', filter: ['lowercase'] } } });

export function create(mappings: Record<string, unknown>, settings: Record<string, unknown> = {}, warnings: string[] = []): IndexMappings {
  return IndexMappings.create('idx', mappings, settings, registry, { warnings });
}

export function parse(m: IndexMappings, type: string, doc: unknown, opts: { routing?: string; parent?: string } = {}) {
  return m.parse(type, '1', Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc)), opts);
}

export function field(doc: ParsedDocument, name: string): IndexableField | undefined {
  return doc.fields.find((f) => f.name === name);
}

export function terms(doc: ParsedDocument, name: string): string[] | undefined {
  return field(doc, name)?.tokens?.map((t) => t.term);
}

/** Run `fn` and return the EsError it throws (fails the test when nothing is thrown). */
export function error(fn: () => unknown): { type: string; message: string; causedBy?: { type: string; message: string } } {
  try {
    fn();
  } catch (e) {
    return e as { type: string; message: string };
  }
  throw new Error('expected an error');
}
