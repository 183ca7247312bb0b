/**
 * Version checks of index and delete operations, as Elasticsearch 5.6's `VersionType` and
 * `InternalEngine#planIndexingAsPrimary` / `planDeletionAsPrimary` decide them:
 * https://github.com/elastic/elasticsearch/blob/v5.6.0/core/src/main/java/org/elasticsearch/index/VersionType.java
 * A document never seen has current version -1 (`Versions.NOT_FOUND`); a deleted one keeps its
 * tombstone version and counts as "not found or deleted".
 */
import type { VersionType } from './types.js';

/** What the version map knows about a (type, id). */
export interface CurrentVersion {
  version: number;
  deleted: boolean;
}

export type VersionPlan =
  | { ok: true; version: number; /** the doc was missing or deleted before this op */ wasDeleted: boolean }
  | { ok: false; reason: string };

/**
 * Plan one write. `expected` is the request's version (undefined = `Versions.MATCH_ANY`);
 * `create` is opType create (`Versions.MATCH_DELETED` with internal versioning).
 */
export function planWrite(cur: CurrentVersion | undefined, expected: number | undefined, versionType: VersionType = 'internal', create = false): VersionPlan {
  const currentVersion = cur ? cur.version : -1;
  const deleted = !cur || cur.deleted;
  const notFound = !cur;
  switch (versionType) {
    case 'internal': {
      if (create) {
        if (!deleted) return { ok: false, reason: `document already exists (current version [${currentVersion}])` };
      } else if (expected !== undefined && currentVersion !== expected) {
        return { ok: false, reason: `current version [${currentVersion}] is different than the one provided [${expected}]` };
      }
      return { ok: true, version: notFound ? 1 : currentVersion + 1, wasDeleted: deleted };
    }
    case 'external':
    case 'external_gte': {
      if (create && !deleted) return { ok: false, reason: `document already exists (current version [${currentVersion}])` };
      const v = expected ?? -3;
      if (!notFound) {
        if (expected === undefined) return { ok: false, reason: `current version [${currentVersion}] is higher or equal to the one provided [${v}]` };
        if (versionType === 'external' && currentVersion >= v) {
          return { ok: false, reason: `current version [${currentVersion}] is higher or equal to the one provided [${v}]` };
        }
        if (versionType === 'external_gte' && currentVersion > v) {
          return { ok: false, reason: `current version [${currentVersion}] is higher than the one provided [${v}]` };
        }
      }
      return { ok: true, version: v, wasDeleted: deleted };
    }
    case 'force': {
      if (create && !deleted) return { ok: false, reason: `document already exists (current version [${currentVersion}])` };
      return { ok: true, version: expected ?? (notFound ? 1 : currentVersion + 1), wasDeleted: deleted };
    }
  }
}
