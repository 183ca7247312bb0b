/**
 * One constructor per Elasticsearch exception type the project raises. Reasons follow ES 5.6's
 * wording so clients and the REST suite can match on them.
 */
import { EsError } from './es-error.js';

export { EsError, toEsError } from './es-error.js';

function indexMeta(index: string, uuid = '_na_'): Record<string, unknown> {
  return { 'resource.type': 'index_or_alias', 'resource.id': index, index_uuid: uuid, index };
}

export const indexNotFound = (index: string): EsError =>
  new EsError('index_not_found_exception', 404, 'no such index', { metadata: indexMeta(index) });

export const typeMissing = (index: string, type: string): EsError =>
  new EsError('type_missing_exception', 404, `type[[${type}]] missing`, { metadata: { index_uuid: '_na_', index } });

/**
 * Creating an index that exists: ES 5.x `IndexAlreadyExistsException` (6.0 renamed it
 * `resource_already_exists_exception`).
 */
export const indexAlreadyExists = (index: string, uuid: string): EsError =>
  new EsError('index_already_exists_exception', 400, `index [${index}/${uuid}] already exists`, {
    metadata: { index_uuid: uuid, index },
  });

/** A broadcast or read on a closed index: ES 5.6 `IndexClosedException` (403 FORBIDDEN). */
export const indexClosed = (index: string, uuid: string): EsError =>
  new EsError('index_closed_exception', 403, 'closed', { metadata: { index_uuid: uuid, index } });

export const invalidIndexName = (index: string, why: string): EsError =>
  new EsError('invalid_index_name_exception', 400, `Invalid index name [${index}], ${why}`, {
    metadata: { index_uuid: '_na_', index },
  });

export const illegalArgument = (reason: string, causedBy?: EsError): EsError =>
  new EsError('illegal_argument_exception', 400, reason, causedBy ? { causedBy } : {});

export const numberFormat = (value: string): EsError =>
  new EsError('number_format_exception', 400, `For input string: "${value}"`);

export const parseException = (reason: string, causedBy?: EsError): EsError =>
  new EsError('parse_exception', 400, reason, causedBy ? { causedBy } : {});

export const jsonParse = (reason: string): EsError => new EsError('json_parse_exception', 400, reason);

export const mapperParsing = (reason: string, causedBy?: EsError): EsError =>
  new EsError('mapper_parsing_exception', 400, reason, causedBy ? { causedBy } : {});

export const illegalState = (reason: string): EsError => new EsError('illegal_state_exception', 500, reason);

export const actionRequestValidation = (errors: string[]): EsError =>
  new EsError(
    'action_request_validation_exception',
    400,
    `Validation Failed: ${errors.map((e, i) => `${i + 1}: ${e};`).join('')}`,
  );

export const versionConflict = (type: string, id: string, shardIndex: string, shard: number, uuid: string, reason: string): EsError =>
  new EsError('version_conflict_engine_exception', 409, `[${type}][${id}]: version conflict, ${reason}`, {
    metadata: { index_uuid: uuid, shard: String(shard), index: shardIndex },
  });

/**
 * An operation reached a shard copy that is closing or closed (its index was closed or deleted
 * while the request was in flight): ES 5.6 `IndexShardClosedException`, whose status (from
 * `IllegalIndexShardStateException`) is 404.
 */
export const indexShardClosed = (index: string, shard: number, uuid: string): EsError =>
  new EsError('index_shard_closed_exception', 404, 'CurrentState[CLOSED] Closed', {
    metadata: { index_uuid: uuid, shard: String(shard), index },
  });

export const documentMissing = (type: string, id: string, index: string, shard: number, uuid: string): EsError =>
  new EsError('document_missing_exception', 404, `[${type}][${id}]: document missing`, {
    metadata: { index_uuid: uuid, shard: String(shard), index },
  });

export const routingMissing = (index: string, type: string, id: string): EsError =>
  new EsError('routing_missing_exception', 400, `routing is required for [${index}]/[${type}]/[${id}]`, {
    metadata: { index_uuid: '_na_', index },
  });

export const searchPhaseExecution = (phase: string, reason: string, causedBy?: EsError): EsError =>
  new EsError('search_phase_execution_exception', 400, reason, { metadata: { phase, grouped: true }, ...(causedBy ? { causedBy } : {}) });

export const queryShardException = (reason: string, index: string, uuid: string, causedBy?: EsError): EsError =>
  new EsError('query_shard_exception', 400, reason, { metadata: { index_uuid: uuid, index }, ...(causedBy ? { causedBy } : {}) });

export const parsingException = (reason: string, line = 1, col = 1): EsError =>
  new EsError('parsing_exception', 400, reason, { metadata: { line, col } });

/** ES 5.6 `RestRequest#requiredContent` on a request without a body. */
export const requestBodyRequired = (): EsError => new EsError('parse_exception', 400, 'request body is required');

export const unsupportedOperation = (reason: string): EsError => new EsError('unsupported_operation_exception', 500, reason);

/**
 * A feature of ES 5.6 that Strata recognises but has not built: an endpoint (`_termvectors`), a
 * search-body element (`highlight`) or an analysis component (`lovins` stemmer). Refused with a
 * 400 that names it, never silently ignored or replaced by something else. One wording for all
 * of them, so clients and tests can tell "not built" from "wrong input".
 */
export const notBuiltYet = (what: string): EsError =>
  new EsError('illegal_argument_exception', 400, `[${what}] is not supported by Strata yet`);

/** What a cancellable task's work throws once it sees its cancellation (ES `TaskCancelledException`). */
export const taskCancelled = (): EsError => new EsError('task_cancelled_exception', 500, 'cancelled');

/**
 * A cancellable task registered under a cancelled (banned) parent: ES 5.6's `TaskManager#register`
 * throws an `IllegalStateException` with the ban's reason.
 */
export const cancelledBeforeStart = (reason: string): EsError => illegalState(`Task cancelled before it started: ${reason}`);
