/**
 * Query-parameter bookkeeping as ES 5.6 `BaseRestHandler#handleRequest` does it: every
 * parameter must be consumed by the route (its declared `params`, its path parameters) or be a
 * response parameter consumed by the channel (`pretty`, `human`, `format`, `filter_path`) or
 * the controller (`error_trace`). Anything left is an `illegal_argument_exception`:
 * `request [/index/_search] contains unrecognized parameter: [foo]` or, for several (sorted),
 * `request [...] contains unrecognized parameters: [a], [b]`, each followed by
 * ` -> did you mean [x]?` / ` -> did you mean any of [x, y]?` when a known parameter is more
 * than 50% similar by Lucene's `LevensteinDistance`.
 */
import { illegalArgument, type EsError } from '../../lib/errors/errors.js';

/** Parameters every route accepts. `source`/`source_content_type` carry a body in the query string. */
export const GLOBAL_PARAMS: readonly string[] = ['pretty', 'human', 'format', 'filter_path', 'error_trace', 'source', 'source_content_type'];

/** Parameters the `_cat` renderer reads (ES `AbstractCatAction` response params plus `help`). */
export const CAT_PARAMS: readonly string[] = ['format', 'h', 'help', 'v', 'ts', 'pri', 'bytes', 'size', 'time', 's'];

/**
 * Lucene 6 `LevensteinDistance#getDistance`: `1 - editDistance / max(len)`, as a float. Identical
 * strings give 1, empty against non-empty 0.
 */
export function levensteinDistance(target: string, other: string): number {
  const n = target.length;
  const m = other.length;
  if (n === 0 || m === 0) return n === m ? 1 : 0;
  let p = new Array<number>(n + 1);
  let d = new Array<number>(n + 1);
  for (let i = 0; i <= n; i++) p[i] = i;
  for (let j = 1; j <= m; j++) {
    const tj = other.charCodeAt(j - 1);
    d[0] = j;
    for (let i = 1; i <= n; i++) {
      const cost = target.charCodeAt(i - 1) === tj ? 0 : 1;
      d[i] = Math.min(Math.min((d[i - 1] as number) + 1, (p[i] as number) + 1), (p[i - 1] as number) + cost);
    }
    const tmp = p;
    p = d;
    d = tmp;
  }
  return Math.fround(1 - Math.fround((p[n] as number) / Math.max(m, n)));
}

/** Java `String#compareTo` (UTF-16 code unit order). */
function javaCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ES `BaseRestHandler#unrecognized` message for the given unknown and known parameter names. */
export function unrecognizedMessage(path: string, invalids: Iterable<string>, candidates: Iterable<string>, detail = 'parameter'): string {
  const sortedInvalids = [...new Set(invalids)].sort(javaCompare);
  const candidateList = [...new Set(candidates)];
  let message = `request [${path}] contains unrecognized ${detail}${sortedInvalids.length > 1 ? 's' : ''}: `;
  sortedInvalids.forEach((invalid, i) => {
    const scored: Array<[number, string]> = [];
    for (const candidate of candidateList) {
      const distance = levensteinDistance(invalid, candidate);
      if (distance > 0.5) scored.push([distance, candidate]);
    }
    scored.sort((a, b) => (a[0] !== b[0] ? b[0] - a[0] : javaCompare(a[1], b[1])));
    if (i > 0) message += ', ';
    message += `[${invalid}]`;
    if (scored.length > 0) {
      message += ' -> did you mean ';
      message += scored.length === 1 ? `[${scored[0]?.[1]}]` : `any of [${scored.map((s) => s[1]).join(', ')}]`;
      message += '?';
    }
  });
  return message;
}

/**
 * The error for query parameters not in `allowed`, or undefined when all are known.
 * `path` is the decoded request path, as ES prints it.
 */
export function checkUnrecognized(path: string, queryNames: Iterable<string>, allowed: ReadonlySet<string>): EsError | undefined {
  const unknown: string[] = [];
  for (const name of queryNames) if (!allowed.has(name)) unknown.push(name);
  if (unknown.length === 0) return undefined;
  return illegalArgument(unrecognizedMessage(path, unknown, allowed));
}
