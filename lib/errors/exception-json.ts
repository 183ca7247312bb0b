/**
 * One exception as ES 5.6 renders it (`ElasticsearchException#toXContent`): `type`, `reason`
 * (null for a Java exception without a message), its metadata, then `caused_by` and, with
 * `error_trace`, `stack_trace`. The REST error body (api/rest/error-body.ts) and the shard
 * failures of searches and tasks (lib/action/search/search-errors.ts) both render through here.
 */
import type { EsError } from './es-error.js';
import { isElasticsearchExceptionType, javaExceptionPackage } from './java-exceptions.js';

/** The `{type, reason, ...metadata, caused_by?, stack_trace?}` object of one exception. */
export function exceptionToJson(err: EsError, opts: { withCause: boolean; stackTrace: boolean }): Record<string, unknown> {
  const out: Record<string, unknown> = { type: err.type, reason: err.nullReason ? null : err.reason };
  for (const [k, v] of Object.entries(err.metadata)) {
    if (k === 'type' || k === 'reason') continue;
    out[k] = v;
  }
  if (opts.withCause && err.causedBy) out.caused_by = exceptionToJson(err.causedBy, opts);
  if (opts.stackTrace) out.stack_trace = javaStyleStackTrace(err);
  return out;
}

/** `index_not_found_exception` → `IndexNotFoundException`. */
function className(type: string): string {
  return type
    .split('_')
    .map((p) => (p.length === 1 ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1)))
    .join('');
}

/**
 * A stack trace in Java's printed shape: `java.lang.IllegalArgumentException: reason` for JDK
 * exceptions, `[index] IndexNotFoundException[reason]` style for ES ones, then `\tat` frames
 * (ours, from the JS stack) and a `Caused by:` section per cause.
 */
export function javaStyleStackTrace(err: EsError): string {
  const lines: string[] = [];
  let current: EsError | undefined = err;
  let first = true;
  while (current) {
    const name = className(current.type);
    const head = isElasticsearchExceptionType(current.type)
      ? `${typeof current.metadata.index === 'string' ? `[${current.metadata.index}] ` : ''}${name}[${current.reason}]`
      : `${javaExceptionPackage(current.type)}${name}: ${current.reason}`;
    lines.push(first ? head : `Caused by: ${head}`);
    const frames = (current.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
    for (const f of frames) lines.push(`\t${f.trim()}`);
    first = false;
    current = current.causedBy;
  }
  return lines.join('\n');
}
