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

  constructor(
    type: string,
    status: number,
    reason: string,
    opts: { metadata?: Record<string, unknown>; causedBy?: EsError; nullReason?: boolean } = {},
  ) {
    super(reason);
    this.type = type;
    this.status = status;
    this.metadata = opts.metadata ?? {};
    this.causedBy = opts.causedBy;
    this.nullReason = opts.nullReason ?? false;
  }

  get reason(): string {
    return this.message;
  }
}

/** Wrap any thrown value as an EsError; unknown errors become a 500 `exception`. */
export function toEsError(err: unknown): EsError {
  if (err instanceof EsError) return err;
  if (err instanceof Error) {
    const e = new EsError('exception', 500, err.message || String(err));
    if (err.stack) e.stack = err.stack;
    return e;
  }
  return new EsError('exception', 500, String(err));
}
