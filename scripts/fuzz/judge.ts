/**
 * Classifies one answer: is it shaped like an Elasticsearch 5.6 answer, and does it leak a
 * JavaScript error? ES error bodies are `{"error":{"root_cause":[...],"type","reason",...},"status":N}`
 * with `status` equal to the HTTP status; a few ES answers are simpler (`{"error":"...","status":406}`
 * from content negotiation, plain text `No handler found for uri ...`, an empty 413).
 */

import { INTERNAL_ERROR_REASON } from '../../lib/errors/es-error.js';

/** What the judge thinks of one answer. */
export type Verdict = { kind: 'ok' } | { kind: 'not-es-shaped' | 'js-5xx'; why: string };

/**
 * Types ES 5.6 itself answers with a 5xx: a bare Jackson parse error (not an
 * ElasticsearchException), exceptions without a status of their own (script and query-phase
 * failures), the shard-failure wrapper whose status comes from its causes, and a write's
 * unmet `wait_for_active_shards` (503 after its timeout).
 */
const ES_500_TYPES = new Set(['unavailable_shards_exception', 'aggregation_execution_exception', 'unsupported_operation_exception', 'too_many_clauses', 'settings_exception', 'search_context_exception', 'json_parse_exception', 'json_e_o_f_exception', 'yaml_exception', 'script_exception', 'general_script_exception', 'query_phase_execution_exception', 'search_phase_execution_exception']);

/** Words that only appear when a JavaScript error escaped (any status). */
const JS_MESSAGE = /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read prop|Cannot set prop|Cannot convert|is not a function|is not iterable|is not a constructor|Maximum call stack|Invalid time value|Invalid array length|BigInt|Unexpected end of JSON|in JSON at position|\[object Object\]|ERR_[A-Z_]{4,}|ENOENT|EISDIR|EACCES|heap out of memory/;
/** In a 5xx, even words a user could have sent are suspicious. */
const JS_MESSAGE_5XX = /Unexpected token/;

/** Judge one answer to a request (`head` true for HEAD requests, whose answers have no body). */
export function judge(status: number, contentType: string | undefined, body: Buffer, head: boolean): Verdict {
  const text = body.toString('utf8');
  const isJson = (contentType ?? '').startsWith('application/json');
  if (head) return status >= 500 ? { kind: 'js-5xx', why: `HEAD answered ${status}` } : { kind: 'ok' };
  let parsed: unknown;
  if (isJson) {
    try {
      parsed = JSON.parse(text);
    } catch {
      return { kind: 'not-es-shaped', why: 'content-type is JSON but the body does not parse' };
    }
  }
  if (status < 400) return judgeReasons(parsed, status);
  if (!isJson) {
    if (status === 400 && text.startsWith('No handler found for uri [')) return { kind: 'ok' };
    // Node's HTTP parser refusing a request line (as Netty would) answers 400 with no body.
    if (status === 400 && text === '' && contentType === undefined) return { kind: 'ok' };
    if (status === 413 && text === '') return { kind: 'ok' };
    if (/^application\/(yaml|smile|cbor)/.test(contentType ?? '')) return { kind: 'ok' };
    if ((contentType ?? '').startsWith('text/plain') && status < 500) return { kind: 'ok' };
    return { kind: status >= 500 ? 'js-5xx' : 'not-es-shaped', why: `status ${status} with ${contentType ?? 'no content-type'}: ${text.slice(0, 200)}` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'not-es-shaped', why: 'error answer is not a JSON object' };
  const obj = parsed as Record<string, unknown>;
  const error = obj.error;
  if (error === undefined) {
    // Document-level 404s (`found: false`, `result: not_found`) and bulk-style answers are not errors.
    // A by-scroll answer (_reindex, _update_by_query, _delete_by_query) takes the worst status of
    // its failures, and 408 when it timed out (ES's BulkIndexByScrollResponseContentListener).
    if ('timed_out' in obj && 'batches' in obj && Array.isArray(obj.failures)) return judgeReasons(parsed, status);
    // Cluster health that waited out its timeout answers 408 with the health body
    // (ES 5.6 RestClusterHealthAction: REQUEST_TIMEOUT when `timed_out`).
    if (status === 408 && obj.timed_out === true && 'cluster_name' in obj && 'active_shards' in obj) return { kind: 'ok' };
    if (status === 404 || status === 409 || 'found' in obj || 'result' in obj || 'acknowledged' in obj) return { kind: 'ok' };
    return { kind: 'not-es-shaped', why: `status ${status} without an error object: ${text.slice(0, 200)}` };
  }
  if (obj.status !== status) return { kind: 'not-es-shaped', why: `body status ${String(obj.status)} differs from HTTP ${status}` };
  if (typeof error === 'string') {
    // ES 5.6 answers content negotiation (406) and missing aliases (404) with a string error.
    return status === 406 || status === 404 ? { kind: 'ok' } : { kind: 'not-es-shaped', why: `string error with status ${status}` };
  }
  if (error === null || typeof error !== 'object') return { kind: 'not-es-shaped', why: 'error is not an object' };
  const e = error as Record<string, unknown>;
  if (typeof e.type !== 'string' || !(typeof e.reason === 'string' || e.reason === null) || !Array.isArray(e.root_cause)) {
    return { kind: 'not-es-shaped', why: `error lacks type/reason/root_cause: ${text.slice(0, 200)}` };
  }
  const leaked = JS_MESSAGE.exec(text) ?? (status >= 500 ? JS_MESSAGE_5XX.exec(text) : null);
  if (leaked) return { kind: 'js-5xx', why: `${status} ${e.type}: ${String(e.reason).slice(0, 200)} (matched "${leaked[0]}")` };
  // The safety net's reason: an unexpected error whatever its status, and the cause must be fixed.
  if (text.includes(INTERNAL_ERROR_REASON)) return { kind: 'js-5xx', why: `${status} internal error under ${e.type}: ${String(e.reason).slice(0, 200)}` };
  if (status >= 500) {
    // A shard-failure wrapper takes the worst status of its typed causes, as ES does.
    if (!ES_500_TYPES.has(e.type)) return { kind: 'js-5xx', why: `${status} ${e.type}: ${String(e.reason).slice(0, 200)}` };
  }
  return { kind: 'ok' };
}

/** Keys whose values are documents (user data), never failures. */
const DOCUMENT_KEYS = new Set(['_source', 'fields', 'doc']);

/** Every string under a `reason` key (bulk and mget items, shard failures of a 200 search). */
function reasonsIn(v: unknown, out: string[]): string[] {
  if (Array.isArray(v)) for (const x of v) reasonsIn(x, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (DOCUMENT_KEYS.has(k)) continue;
      if (k === 'reason' && typeof x === 'string') out.push(x);
      else reasonsIn(x, out);
    }
  }
  return out;
}

/**
 * A successful answer may still carry failures (bulk items, mget docs, shard failures): their
 * reasons must not leak a JavaScript message either. Only `reason` strings are read, since the
 * rest of a 2xx body echoes documents, which may hold any text (and documents are skipped).
 */
function judgeReasons(parsed: unknown, status: number): Verdict {
  for (const reason of reasonsIn(parsed, [])) {
    const leaked = JS_MESSAGE.exec(reason);
    if (leaked) return { kind: 'js-5xx', why: `${status} answer with a failure reason: ${reason.slice(0, 200)} (matched "${leaked[0]}")` };
    if (reason === INTERNAL_ERROR_REASON) return { kind: 'js-5xx', why: `${status} answer with an internal-error failure` };
  }
  return { kind: 'ok' };
}
