/**
 * The highlight fetch sub-phase (ES 5.6 `HighlightPhase.hitExecute`): for each requested field
 * (wildcards resolved against the mappings; a wildcard only picks text, keyword and string
 * fields the chosen highlighter can handle), pick the highlighter (`type`, else fvh when the
 * field has term vectors with positions and offsets, else postings when its postings have
 * offsets, else plain), load the values and run it with the compiled query's terms. Reusable
 * by any fetch that has a hit's source and stored values (inner hits).
 */
import type { HighlightSpec, ResolvedHighlightOptions } from '../../dsl/highlight.js';
import { resolveFieldOptions } from '../../dsl/highlight.js';
import type { Query } from '../../dsl/query-types.js';
import { EsError } from '../../errors/errors.js';
import { isSimpleMatchPattern } from '../../units/simple-match.js';
import type { CompileContext } from '../compile-context.js';
import type { SearchField } from '../field-types.js';
import { encoderOf } from './encoder.js';
import { extractRawValues, indexAnalyzerFor, valueText } from './field-values.js';
import { highlightFvh, canFvh } from './fvh-field.js';
import { highlightPlain } from './plain-field.js';
import { highlightPostings, canPostings } from './postings-field.js';
import { highlightUnified } from './unified-field.js';
import type { QueryPart } from './query-terms.js';
import type { SegmentReader } from '../../shard/segment-reader.js';

/** What one field's highlighter gets. */
export interface FieldHighlightInput {
  /** Name as rendered (the full path). */
  name: string;
  field: SearchField;
  values: string[];
  options: ResolvedHighlightOptions;
  parts: readonly QueryPart[];
  compile: CompileContext;
}

/** One hit to highlight. */
export interface HighlightHit {
  /** The parsed `_source`, when the document has one. */
  source: unknown;
  /** Stored field values. */
  stored: Readonly<Record<string, unknown[]>>;
}

/** The shard-side context of a highlighting fetch. */
export interface HighlightContext {
  compile: CompileContext;
  /** The compiled query's parts: the search query (undefined) or a `highlight_query`. */
  partsFor(q: Query | undefined): readonly QueryPart[];
  /** Deprecation warnings raised (the postings highlighter's). */
  warnings: Set<string>;
  /**
   * The query holds a `percolate` query: each hit (a stored query) also highlights the
   * percolated document with its own query (ES 5.6 `PercolatorHighlightSubFetchPhase`).
   */
  percolate?: {
    source: unknown;
    /** The hit's stored query's parts; undefined when the doc holds no query. */
    partsOf(seg: SegmentReader, doc: number): Promise<readonly QueryPart[] | undefined>;
  };
}

const iae = (r: string): EsError => new EsError('illegal_argument_exception', 400, r);
const HIGHLIGHTABLE_BY_WILDCARD = new Set(['text', 'keyword', 'string']);

function valuesOf(hit: HighlightHit, f: SearchField, o: ResolvedHighlightOptions): string[] {
  if (!o.forceSource && f.stored) return (hit.stored[f.path] ?? []).map(valueText);
  return extractRawValues(hit.source, f.path).map(valueText);
}

/** Characters of field text highlighted between two yields to the event loop. */
const YIELD_EVERY_CHARS = 32 * 1024;

/**
 * Highlight one hit. Work is linear in the text of the fields; the event loop gets a turn
 * after every field once 32k characters were highlighted since the last one (one huge value
 * is still highlighted in one go, as it was analyzed in one go when indexed).
 * @returns field name → fragments, for the fields that produced any (empty map: none)
 */
export async function highlightHit(spec: HighlightSpec, hit: HighlightHit, ctx: HighlightContext): Promise<Map<string, string[]>> {
  let sinceYield = 0;
  const out = new Map<string, string[]>();
  for (const entry of spec.fields) {
    const wildcard = isSimpleMatchPattern(entry.name);
    const names = wildcard ? ctx.compile.fields.match(entry.name) : [entry.name];
    const options = resolveFieldOptions(spec, entry);
    for (const name of names) {
      const f = ctx.compile.fields.get(name);
      if (!f) continue;
      if (wildcard && !HIGHLIGHTABLE_BY_WILDCARD.has(f.type)) continue;
      let type = options.type;
      if (type === undefined) type = canFvh(f) ? 'fvh' : canPostings(f) ? 'postings' : 'plain';
      if (type !== 'fvh' && type !== 'plain' && type !== 'postings' && type !== 'unified') throw iae(`unknown highlighter type [${options.type}] for the field [${name}]`);
      if (wildcard && ((type === 'fvh' && !canFvh(f)) || (type === 'postings' && !canPostings(f)))) continue;
      const input: FieldHighlightInput = { name, field: f, values: valuesOf(hit, f, options), options, parts: ctx.partsFor(options.highlightQuery), compile: ctx.compile };
      let fragments: string[] | undefined;
      if (type === 'fvh') fragments = highlightFvh(input, hit);
      else if (type === 'postings') {
        if (!canPostings(f)) throw iae(`the field [${name}] should be indexed with positions and offsets in the postings list to be used with postings highlighter`);
        ctx.warnings.add('[postings] highlighter is deprecated, please use [unified] instead');
        fragments = highlightPostings(input);
      } else if (type === 'unified') fragments = await highlightUnified(input);
      else fragments = await highlightPlain(input);
      if (fragments && fragments.length > 0) out.set(name, fragments);
      for (const v of input.values) sinceYield += v.length;
      if (sinceYield >= YIELD_EVERY_CHARS) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }
  return out;
}

/** The field's index analyzer and encoder, for the field highlighters. */
export function fieldTools(input: FieldHighlightInput): { analyzer: ReturnType<typeof indexAnalyzerFor>; encoder: ReturnType<typeof encoderOf> } {
  return { analyzer: indexAnalyzerFor(input.compile, input.field), encoder: encoderOf(input.options.encoder) };
}

/** Whether a query part's field counts for the highlighted field (`require_field_match`). */
export function fieldMatcher(input: FieldHighlightInput): (field: string) => boolean {
  return input.options.requireFieldMatch ? (f) => f === input.field.path : () => true;
}
