/**
 * Request validation of one write, as ES 5.6 `IndexRequest#validate`, `DeleteRequest#validate`
 * and `UpdateRequest#validate`: every problem is collected into one
 * `action_request_validation_exception`.
 */
import type { BulkItemRequest } from './types.js';
import { actionRequestValidation } from '../../errors/errors.js';

/** The validation errors of one item (empty when valid). */
export function itemValidationErrors(item: BulkItemRequest): string[] {
  const errors: string[] = [];
  if (!item.index) errors.push('index is missing');
  if (!item.type) errors.push('type is missing');
  if ((item.opType === 'update' || item.opType === 'delete') && !item.id) errors.push('id is missing');
  if ((item.opType === 'index' || item.opType === 'create') && !item.source) errors.push('source is missing');
  const vt = item.versionType ?? 'internal';
  if (item.opType === 'create') {
    if (vt !== 'internal') errors.push('create operations only support internal versioning. use index instead');
    else if (item.version !== undefined) errors.push('create operations do not support explicit versions. use index instead');
  }
  if (item.id !== undefined) {
    const bytes = Buffer.byteLength(item.id, 'utf8');
    if (bytes > 512) errors.push(`id is too long, must be no longer than 512 bytes but was: ${bytes}`);
  }
  // ES 5.6 `VersionType#validateVersionForWrites` on the resolved version: an index or delete
  // without one is `Versions.MATCH_ANY` (-3), which only internal versioning accepts (an external
  // write without a version stored -3 as the document's version, and the negative number
  // corrupted the segment's doc ids)
  const v = item.version ?? (item.opType === 'index' || item.opType === 'delete' ? -3 : undefined);
  if (v !== undefined) {
    const ok = vt === 'internal' ? v > 0 || v === -3 || v === -4 : v >= 0;
    if (!ok) errors.push(`illegal version value [${v}] for version type [${vt.toUpperCase()}]`);
  }
  if (item.opType === 'update' && item.update?.retryOnConflict !== undefined && item.update.retryOnConflict < 0) {
    errors.push('retry_on_conflict must be greater than or equal to 0');
  }
  if (item.opType === 'update' && item.version !== undefined && vt !== 'internal') {
    errors.push('version type [' + vt + '] is not supported by the update API');
  }
  return errors;
}

/** ES validates a whole bulk before running any of it: one failure fails the request. */
export function validateBulk(items: BulkItemRequest[]): void {
  const errors = items.flatMap(itemValidationErrors);
  if (errors.length > 0) throw actionRequestValidation(errors);
}
