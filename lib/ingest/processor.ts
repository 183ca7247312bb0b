/**
 * The processor contract and the compound processor that gives `on_failure` and
 * `ignore_failure` their meaning (ES 5.6 `CompoundProcessor`): a failure is wrapped with the
 * failing processor's type and tag; with `on_failure` processors, the failure message, type and
 * tag are exposed as `_ingest.on_failure_*` while they run.
 */
import { EsError, toEsError } from '../errors/errors.js';
import type { IngestDocument } from './ingest-document.js';

export interface Processor {
  readonly type: string;
  readonly tag: string | undefined;
  execute(doc: IngestDocument): void;
}

const JAVA_NAMES: Record<string, string> = {
  illegal_argument_exception: 'java.lang.IllegalArgumentException',
  illegal_state_exception: 'java.lang.IllegalStateException',
  number_format_exception: 'java.lang.NumberFormatException',
  parse_exception: 'ElasticsearchParseException',
  exception: 'ElasticsearchException',
};

function javaName(e: EsError): string {
  return JAVA_NAMES[e.type] ?? `org.elasticsearch.${e.type.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase())}`;
}

/** Whether `e` already names the processor that failed (set by a nested compound processor). */
function hasProcessorHeader(e: EsError): boolean {
  const h = e.metadata.header as Record<string, unknown> | undefined;
  return h !== undefined && 'processor_type' in h;
}

/** `CompoundProcessor#newCompoundProcessorException`: `exception` ⟶ `illegal_argument_exception` ⟶ cause. */
export function processorFailure(err: unknown, type: string, tag: string | undefined): EsError {
  const cause = toEsError(err);
  if (cause.type === 'exception' && hasProcessorHeader(cause)) return cause;
  const header: Record<string, string> = { processor_type: type };
  if (tag !== undefined) header.processor_tag = tag;
  const causeText = `${javaName(cause)}: ${cause.reason}`;
  const iae = new EsError('illegal_argument_exception', cause.status, causeText, { causedBy: cause });
  return new EsError('exception', cause.status, `java.lang.IllegalArgumentException: ${causeText}`, { metadata: { header }, causedBy: iae });
}

/** The innermost cause (ES `getRootCause`), whose message becomes `on_failure_message`. */
export function rootCause(e: EsError): EsError {
  let cur = e;
  while (cur.causedBy) cur = cur.causedBy;
  return cur;
}

export class CompoundProcessor implements Processor {
  readonly type = 'compound';
  readonly tag = undefined;

  constructor(
    readonly ignoreFailure: boolean,
    readonly processors: Processor[],
    readonly onFailure: Processor[],
  ) {}

  execute(doc: IngestDocument): void {
    for (const p of this.processors) {
      try {
        p.execute(doc);
      } catch (e) {
        if (this.ignoreFailure) continue;
        const failure = processorFailure(e, p.type, p.tag);
        if (this.onFailure.length === 0) throw failure;
        this.runOnFailure(doc, failure, p);
        break;
      }
    }
  }

  private runOnFailure(doc: IngestDocument, failure: EsError, failed: Processor): void {
    const meta = doc.ingestMetadata;
    const header = (failure.metadata.header ?? {}) as Record<string, string>;
    meta.on_failure_message = rootCause(failure).reason;
    meta.on_failure_processor_type = header.processor_type ?? failed.type;
    if (header.processor_tag !== undefined) meta.on_failure_processor_tag = header.processor_tag;
    else delete meta.on_failure_processor_tag;
    try {
      for (const p of this.onFailure) {
        try {
          p.execute(doc);
        } catch (e) {
          throw processorFailure(e, p.type, p.tag);
        }
      }
    } finally {
      delete meta.on_failure_message;
      delete meta.on_failure_processor_type;
      delete meta.on_failure_processor_tag;
    }
  }
}

/** An error as ES renders a nested failure (`generateThrowableXContent`): type, reason, metadata, caused_by. */
export function errorToJson(e: EsError): Record<string, unknown> {
  const out: Record<string, unknown> = { type: e.type, reason: e.reason, ...e.metadata };
  if (e.causedBy) out.caused_by = errorToJson(e.causedBy);
  return out;
}
