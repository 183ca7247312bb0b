/**
 * Script positions on runtime errors: Painless reports where in the script a failure happened
 * (`script_stack`), so closures that can throw are wrapped to stamp their node's offset.
 */
import { JavaError } from '../errors.js';
import type { Frame } from './scope.js';

/** Attach `pos` to a runtime error that has none yet; JS engine errors become Java ones. */
export function located(e: unknown, pos: number): unknown {
  if (e instanceof JavaError) {
    if (e.offset < 0) e.offset = pos;
    return e;
  }
  if (e instanceof RangeError) {
    const j = /call stack/i.test(e.message)
      ? new JavaError('stack_overflow_error', null, pos)
      : new JavaError('out_of_memory_error', 'Java heap space', pos);
    return j;
  }
  return e;
}

/** Wrap a closure so the errors it throws carry the script position `pos`. */
export function loc(pos: number, f: (fr: Frame) => unknown): (fr: Frame) => unknown {
  return (fr) => {
    try {
      return f(fr);
    } catch (e) {
      throw located(e, pos);
    }
  };
}
