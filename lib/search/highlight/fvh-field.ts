/**
 * ES 5.6 `FastVectorHighlighter.highlight` for one field. Needs term vectors with positions
 * and offsets (`term_vector: with_positions_offsets`).
 */
import { EsError } from '../../errors/errors.js';
import type { SearchField } from '../field-types.js';
import type { FieldHighlightInput, HighlightHit } from './highlight-phase.js';
import { fvhFragments } from './fvh.js';

/** Whether the field keeps term vectors with positions and offsets. */
export function canFvh(f: SearchField): boolean {
  return f.raw['term_vector'] === 'with_positions_offsets' || f.raw['term_vector'] === 'with_positions_offsets_payloads';
}

/** Highlight a field with the fast vector highlighter; undefined when nothing is returned. */
export function highlightFvh(input: FieldHighlightInput, hit: HighlightHit): string[] | undefined {
  if (!canFvh(input.field)) {
    throw new EsError('illegal_argument_exception', 400, `the field [${input.name}] should be indexed with term vector with position offsets to be used with fast vector highlighter`);
  }
  return fvhFragments(input, hit);
}
