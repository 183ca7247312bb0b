/**
 * Classifies one answer: is it shaped like an Elasticsearch 5.6 answer, and does it leak a
 * JavaScript error? ES error bodies are `{"error":{"root_cause":[...],"type","reason",...},"status":N}`
 * with `status` equal to the HTTP status; a few ES answers are simpler (`{"error":"...","status":406}`
 * from content negotiation, plain text `No handler found for uri ...`, an empty 413).
 */

/** What the judge thinks of one answer. */
export type Verdict = { kind: 'ok' } | { kind: 'not-es-shaped' | 'js-5xx'; why: string };

/** ES 5.6 answers a bare Jackson parse error (not an ElasticsearchException) with 500. */
const ES_500_TYPES = new Set(['json_parse_exception', 'json_e_o_f_exception']);

/** Words that only appear when a JavaScript error escaped. */
const JS_MESSAGE = /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read prop|Cannot set prop|is not a function|is not iterable|undefined|Maximum call stack|Invalid time value|Invalid array length|BigInt|Unexpected end of JSON|Unexpected token|in JSON at position|NaN|\[object Object\]|ERR_[A-Z_]+|ENOENT|EISDIR|EACCES|heap out of memory/;

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
  if (status < 400) return { kind: 'ok' };
  if (!isJson) {
    if (status === 400 && text.startsWith('No handler found for uri [')) return { kind: 'ok' };
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
    if (status === 404 || status === 409 || 'found' in obj || 'result' in obj || 'acknowledged' in obj) return { kind: 'ok' };
    return { kind: 'not-es-shaped', why: `status ${status} without an error object: ${text.slice(0, 200)}` };
  }
  if (obj.status !== status) return { kind: 'not-es-shaped', why: `body status ${String(obj.status)} differs from HTTP ${status}` };
  if (typeof error === 'string') {
    return status === 406 || status === 405 ? { kind: 'ok' } : { kind: 'not-es-shaped', why: `string error with status ${status}` };
  }
  if (error === null || typeof error !== 'object') return { kind: 'not-es-shaped', why: 'error is not an object' };
  const e = error as Record<string, unknown>;
  if (typeof e.type !== 'string' || !(typeof e.reason === 'string' || e.reason === null) || !Array.isArray(e.root_cause)) {
    return { kind: 'not-es-shaped', why: `error lacks type/reason/root_cause: ${text.slice(0, 200)}` };
  }
  if (status >= 500) {
    const leaked = JS_MESSAGE.exec(text);
    if (leaked) return { kind: 'js-5xx', why: `${e.type}: ${String(e.reason).slice(0, 200)} (matched "${leaked[0]}")` };
    if (!ES_500_TYPES.has(e.type)) return { kind: 'js-5xx', why: `500-class ${e.type}: ${String(e.reason).slice(0, 200)}` };
  }
  return { kind: 'ok' };
}
