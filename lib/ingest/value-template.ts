/**
 * `{{field}}` templating of processor values and field names (ES 5.6 `TemplateService` /
 * `ValueSource`): strings are mustache templates rendered against the document's source,
 * metadata and `_ingest` (own keys only, see `OwnContext`); maps and lists are templated
 * element by element.
 */
import Mustache from 'mustache';
import type { IngestDocument } from './ingest-document.js';
import { dictOf } from '../dict.js';
import { javaToString } from '../errors/java-value.js';
import { OwnContext } from '../mustache/own-context.js';

/** A value computed per document. */
export type ValueSource = (doc: IngestDocument) => unknown;

function model(doc: IngestDocument): Record<string, unknown> {
  return { ...doc.sourceAndMetadata, _ingest: doc.ingestMetadata };
}

/** Render a string template (plain text, no escaping). */
export function renderTemplate(template: string, doc: IngestDocument): string {
  if (!template.includes('{{')) return template;
  return Mustache.render(template, new OwnContext(model(doc)), {}, { escape: (v: unknown) => javaToString(v) });
}

/** Wrap a configured value as a per-document value source. */
export function valueSource(value: unknown): ValueSource {
  if (typeof value === 'string') return (doc) => renderTemplate(value, doc);
  if (Array.isArray(value)) {
    const parts = value.map(valueSource);
    return (doc) => parts.map((p) => p(doc));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]): [string, ValueSource] => [k, valueSource(v)]);
    return (doc) => dictOf(entries.map(([k, v]): [string, unknown] => [renderTemplate(k, doc), v(doc)]));
  }
  return () => value;
}
