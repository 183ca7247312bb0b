/**
 * `simple_query_string` flags (ES 5.6 `SimpleQueryStringFlag`, bit values of Lucene's
 * `SimpleQueryParser`). `flags` is a `|`-separated, case-insensitive list; `ALL` and `NONE`
 * short-circuit.
 */
import { EsError } from '../../errors/errors.js';

/** Flag bits. ALL is -1 (every bit), NEAR and SLOP share a bit. */
export const SIMPLE_FLAGS = {
  ALL: -1,
  NONE: 0,
  AND: 1 << 0,
  NOT: 1 << 1,
  OR: 1 << 2,
  PREFIX: 1 << 3,
  PHRASE: 1 << 4,
  PRECEDENCE: 1 << 5,
  ESCAPE: 1 << 6,
  WHITESPACE: 1 << 7,
  FUZZY: 1 << 8,
  NEAR: 1 << 9,
  SLOP: 1 << 9,
} as const;

/** `SimpleQueryStringFlag.resolveFlags("AND|OR")`; empty text means ALL. */
export function resolveSimpleQueryStringFlags(text: string): number {
  if (text === '') return SIMPLE_FLAGS.ALL;
  let magic = 0;
  for (const s of text.split('|')) {
    if (s === '') continue;
    const name = s.toUpperCase() as keyof typeof SIMPLE_FLAGS;
    if (!(name in SIMPLE_FLAGS)) {
      throw new EsError('illegal_argument_exception', 400, `Unknown simple_query_string flag [${s}]`);
    }
    if (name === 'NONE') return 0;
    if (name === 'ALL') return -1;
    magic |= SIMPLE_FLAGS[name];
  }
  return magic;
}
