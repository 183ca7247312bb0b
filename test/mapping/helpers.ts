/**
 * Test helpers: a small analysis registry (lowercasing whitespace `standard`, verbatim
 * `whitespace`, a `lowercase` normalizer) and shortcuts to build mappings and parse documents.
 */
import type { Analyzer, AnalysisRegistry, Token } from '../../lib/analysis/types.js';
import { IndexMappings } from '../../lib/mapping/index-mappings.js';
import type { IndexableField, ParsedDocument } from '../../lib/mapping/parsed-document.js';

function analyzer(name: string, lower: boolean): Analyzer {
  return {
    name,
    positionIncrementGap: name === 'keyword' ? 0 : 100,
    offsetGap: 1,
    analyze(text: string): Token[] {
      const out: Token[] = [];
      const re = name === 'keyword' ? /[\s\S]+/g : /\S+/g;
      let m: RegExpExecArray | null;
      let pos = 0;
      while ((m = re.exec(text))) {
        out.push({ term: lower ? m[0].toLowerCase() : m[0], position: pos++, startOffset: m.index, endOffset: m.index + m[0].length, type: 'word' });
      }
      return out;
    },
  };
}

const ANALYZERS: Record<string, Analyzer> = {
  standard: analyzer('standard', true),
  whitespace: analyzer('whitespace', false),
  simple: analyzer('simple', true),
  keyword: analyzer('keyword', false),
};

export const registry: AnalysisRegistry = {
  analyzer: (name) => ANALYZERS[name],
  normalizer: (name) => (name === 'lowercase' ? analyzer('keyword', true) : undefined),
};

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
