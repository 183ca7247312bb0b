/**
 * Random ids for index and cluster uuids and node ids, shaped like ES `UUIDs.randomBase64UUID`
 * (URL-safe base64, 22 characters).
 */
import { randomBytes } from 'node:crypto';

/** A fresh random id: 16 random bytes as base64url without padding. */
export function randomBase64Id(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}
