/**
 * ES 5.6 error responses (`BytesRestResponse(channel, e)` →
 * `ElasticsearchException#generateFailureXContent`):
 * `{"error":{"root_cause":[...],"type","reason",...metadata,"caused_by":{...},"stack_trace"?},"status":N}`.
 *
 * - Every exception object is `type`, `reason`, its metadata (index, index_uuid, shard,
 *   resource.type...), then `caused_by` (recursive), then `stack_trace` when `error_trace=true`.
 * - Root causes follow `guessRootCauses`: walk `caused_by` while the cause is an
 *   ElasticsearchException; the deepest such is the root cause. Plain Java exceptions
 *   (`illegal_argument_exception`, `number_format_exception`, Jackson's `json_parse_exception`,
 *   ...) never become the root cause of an ES exception; when the top-level error is one, it is
 *   its own root cause. Root causes carry no `caused_by`.
 * - An error may override its root causes (ES's `search_phase_execution_exception` reports its
 *   shard failures): give it a `rootCauses: EsError[]` property.
 * - HEAD requests get the status with an empty body.
 */
import { EsError, toEsError } from '../../lib/errors/errors.js';
import { isElasticsearchExceptionType } from '../../lib/errors/java-exceptions.js';
import { exceptionToJson } from '../../lib/errors/exception-json.js';

export { isElasticsearchExceptionType };

type WithRootCauses = EsError & { rootCauses?: EsError[] };

/** ES `guessRootCauses` for an error. */
export function guessRootCauses(err: EsError): EsError[] {
  const override = (err as WithRootCauses).rootCauses;
  if (Array.isArray(override) && override.length > 0) return override;
  if (!isElasticsearchExceptionType(err.type)) return [err];
  let current: EsError = err;
  for (;;) {
    const cause = current.causedBy;
    if (cause === undefined || !isElasticsearchExceptionType(cause.type)) return [current];
    const nested = (cause as WithRootCauses).rootCauses;
    if (Array.isArray(nested) && nested.length > 0) return nested;
    current = cause;
  }
}

/** The full ES error body for `err` (any thrown value) with its HTTP status. */
export function buildErrorBody(thrown: unknown, errorTrace: boolean): { status: number; body: Record<string, unknown> } {
  const err = toEsError(thrown);
  const rootCauses = guessRootCauses(err).map((rc) => exceptionToJson(rc, { withCause: false, stackTrace: errorTrace }));
  const error = { root_cause: rootCauses, ...exceptionToJson(err, { withCause: true, stackTrace: errorTrace }) };
  return { status: err.status, body: { error, status: err.status } };
}

/** Convenience: an EsError of a JDK exception type (status 400 for IllegalArgument-like ones). */
export function javaException(type: string, status: number, reason: string, causedBy?: EsError): EsError {
  return new EsError(type, status, reason, causedBy ? { causedBy } : {});
}
