/**
 * Generated document ids in the shape of ES 5 `UUIDs.base64UUID()`: 20 URL-safe base64
 * characters from a timestamp, a sequence number and the node's random bytes, so ids are
 * unique and roughly time-ordered.
 */
import { randomBytes } from 'node:crypto';

const nodeBytes = randomBytes(6);
let sequence = randomBytes(3).readUIntBE(0, 3);
let lastTimestamp = 0;

export function autoId(): string {
  const buf = Buffer.alloc(15);
  sequence = (sequence + 1) & 0xffffff;
  const now = Math.max(Date.now(), lastTimestamp);
  lastTimestamp = now;
  buf.writeUIntBE(now, 0, 6);
  nodeBytes.copy(buf, 6);
  buf.writeUIntBE(sequence, 12, 3);
  return buf.toString('base64url');
}
