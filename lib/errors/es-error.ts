/**
 * Elasticsearch-shaped errors. Every failure that reaches a client is one of these: it carries
 * the ES exception `type` (snake_case, as ES renders `ElasticsearchException#getExceptionName`),
 * the HTTP `status`, the `reason`, and the extra metadata ES adds (`index`, `index_uuid`,
 * `resource.type`, `shard`, ...). Rendering into the `{error: {root_cause, type, reason, ...}, status}`
 * body happens in one place: `api/rest/error-body.ts`.
 */
export class EsError extends Error {
  /** ES exception name, e.g. `index_not_found_exception`. */
  readonly type: string;
  /** HTTP status code. */
  readonly status: number;
  /** Extra fields rendered beside `type` and `reason` (in ES order), e.g. `index_uuid`, `index`. */
  readonly metadata: Record<string, unknown>;
  /** The error this one wraps, rendered as `caused_by`. */
  readonly causedBy: EsError | undefined;
  /** True when the Java exception had no message (`NullPointerException`): rendered as `"reason": null`. */
  readonly nullReason: boolean;
  /** For an unexpected error wrapped by {@link toEsError}: the original thrown value (logged, never rendered). */
  internal: unknown;

  constructor(
    type: string,
    status: number,
    reason: string,
    opts: { metadata?: Record<string, unknown>; causedBy?: EsError | Error; nullReason?: boolean } = {},
  ) {
    super(reason);
    this.type = type;
    this.status = status;
    this.metadata = opts.metadata ?? {};
    // A cause that is not an EsError (a caught JS error passed on) is rendered as an internal error.
    this.causedBy = opts.causedBy === undefined ? undefined : toEsError(opts.causedBy);
    this.nullReason = opts.nullReason ?? false;
  }

  get reason(): string {
    return this.message;
  }
}

/**
 * The reason given for an unexpected (non-ES) error. A JavaScript message ("Cannot read
 * properties of undefined") means nothing to an Elasticsearch client and tells an attacker about
 * the code, so it never reaches the answer; the dispatcher logs the original error.
 */
export const INTERNAL_ERROR_REASON = 'internal error; the node log has the details';

/**
 * Wrap any thrown value as an EsError. Unexpected errors (anything not an EsError) become a 500
 * `exception` with {@link INTERNAL_ERROR_REASON}; the original is kept as `internal` for logging.
 */
export function toEsError(err: unknown): EsError {
  if (err instanceof EsError) return err;
  const e = new EsError('exception', 500, INTERNAL_ERROR_REASON);
  e.internal = err;
  if (err instanceof Error && err.stack) e.stack = err.stack;
  return e;
}
