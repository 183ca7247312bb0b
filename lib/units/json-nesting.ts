/**
 * The nesting limit of request bodies. Jackson 2.8 (ES 5.6) has none, and ES 5.6 recurses once
 * per level while parsing queries and documents, so a body nested tens of thousands deep ends in
 * a `StackOverflowError` there. Node's stack is smaller, so Strata refuses such a body up front
 * with a 400, at the depth later Jackson versions settled on (`StreamReadConstraints`, 1000).
 * Objects in documents meet `index.mapping.depth.limit` (20) long before this.
 */
import { EsError } from '../errors/errors.js';

/** Deepest accepted nesting of objects and arrays in one JSON value. */
export const MAX_NESTING_DEPTH = 1000;

/** The 400 a too-deep body gets. */
export function nestingTooDeep(depth: number): EsError {
  return new EsError('parse_exception', 400, `Failed to parse content: nesting depth [${depth}] exceeds the limit of [${MAX_NESTING_DEPTH}]`);
}

/**
 * Throw {@link nestingTooDeep} when `text` nests objects/arrays deeper than the limit. One pass
 * over the characters (strings skipped); texts too short to be that deep are not scanned.
 */
export function checkNestingDepth(text: string): void {
  if (text.length <= MAX_NESTING_DEPTH) return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_NESTING_DEPTH) throw nestingTooDeep(depth);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    }
  }
}
