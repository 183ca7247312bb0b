/**
 * Script errors as ES 5.6 renders them. A Painless failure becomes a `script_exception`
 * (`reason` "compile error" or "runtime error") carrying `script_stack` (a snippet of the
 * source and a `^---- HERE` pointer), `script`, `lang` and the Java exception as `caused_by`;
 * its status is the cause's (IAE → 400, NPE → 500), as `ElasticsearchException#status` unwraps.
 */
import { EsError } from '../errors/errors.js';

/**
 * A Java exception raised inside a script (`null_pointer_exception`, `class_cast_exception`,
 * `painless_error`, ...) before it is wrapped into a `script_exception`.
 * `reason` may be null (Java's `NullPointerException` has no message).
 */
export class JavaError extends Error {
  constructor(
    readonly type: string,
    readonly reason: string | null,
    /** Source offset of the failing node when known (filled in by the compiled closure). */
    public offset = -1,
  ) {
    super(reason ?? type);
  }
}

const STATUS: Record<string, number> = {
  illegal_argument_exception: 400,
  number_format_exception: 400,
  parse_exception: 400,
};

/** The EsError for a Java exception (status as ES's `ExceptionsHelper.status`). */
export function javaErrorToEs(e: JavaError): EsError {
  return new EsError(e.type, STATUS[e.type] ?? 500, e.reason ?? 'null', { nullReason: e.reason === null });
}

/** `new NullPointerException()`. */
export const npe = (): JavaError => new JavaError('null_pointer_exception', null);
/** `new IllegalArgumentException(reason)`. */
export const scriptIae = (reason: string): JavaError => new JavaError('illegal_argument_exception', reason);
/** `new ClassCastException(reason)`. */
export const classCast = (reason: string): JavaError => new JavaError('class_cast_exception', reason);

/**
 * The `script_stack` of ES 5.6 Painless: the source around `offset` (from the previous statement
 * start to the next one, or 25 characters either way for compile errors), with "... " / " ..."
 * where cut, and a pointer line.
 */
export function scriptStack(source: string, offset: number, start: number, end: number): string[] {
  if (offset < 0) return ['<<< unknown portion of script >>>'];
  let snippet = start > 0 ? '... ' : '';
  snippet += source.substring(start, end);
  if (end < source.length) snippet += ' ...';
  let pointer = start > 0 ? '    ' : '';
  pointer += ' '.repeat(Math.max(0, offset - start)) + '^---- HERE';
  return [snippet, pointer];
}

/** Build ES's `script_exception`. */
export function scriptException(
  reason: 'compile error' | 'runtime error' | string,
  cause: EsError,
  stack: string[] | undefined,
  script: string,
  lang: string,
): EsError {
  const metadata: Record<string, unknown> = {};
  if (stack) metadata.script_stack = stack;
  metadata.script = script;
  metadata.lang = lang;
  // ES's status unwraps to the cause (ElasticsearchException#status → ExceptionsHelper.status(cause))
  return new EsError('script_exception', cause.status, reason, { metadata, causedBy: cause });
}

/** A compile error at `offset` of `source`: `script_exception` "compile error" with a ±25 char snippet. */
export function compileError(source: string, lang: string, offset: number, cause: EsError): EsError {
  const start = Math.max(0, offset - 25);
  const end = Math.min(source.length, offset + 25);
  return scriptException('compile error', cause, scriptStack(source, offset, start, end), source, lang);
}
