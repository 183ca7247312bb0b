/** Shared helpers for the DSL tests. */
import type { ExecutionContext } from 'ava';
import { EsError } from '../../lib/errors/errors.js';

/** Assert `fn` throws an EsError of `type` with exactly `reason` (and line/col when given). */
export function throwsEs(
  t: ExecutionContext,
  fn: () => unknown,
  type: string,
  reason: string,
  loc?: { line: number; col: number },
): EsError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  t.true(caught instanceof EsError, `expected an EsError, got ${String(caught)}`);
  const e = caught as EsError;
  t.is(e.type, type);
  t.is(e.reason, reason);
  if (loc) t.deepEqual(e.metadata, { line: loc.line, col: loc.col });
  return e;
}
