/**
 * ES `XContentBuilder` human-readable helpers: with `?human`, a readable field is written just
 * before the raw one (`"size":"1.2kb","size_in_bytes":1234`), exactly as ES orders them. Pure, so
 * both the REST layer and the coordinator actions that render ES bodies use them.
 */
import { ByteSizeValue } from './byte-size-value.js';
import { TimeValue } from './time-value.js';

/** ES `ByteSizeValue#toString` of a byte count (`1.2kb`, `10mb`, `512b`). */
export function humanBytes(bytes: number): string {
  return new ByteSizeValue(bytes).toString();
}

/** ES `TimeValue#toString` of milliseconds (`1.5s`, `10ms`, `2.1m`). */
export function humanMillis(millis: number): string {
  return new TimeValue(millis, 'ms').toString();
}

/** ES `TimeValue#toString` of nanoseconds. */
export function humanNanos(nanos: number): string {
  return new TimeValue(nanos, 'nanos').toString();
}

/** `byteSizeField(raw, readable, bytes)`: adds `readable` (when human) then `raw` to `target`. */
export function byteSizeField(target: Record<string, unknown>, rawField: string, readableField: string, bytes: number, human: boolean): void {
  if (human) target[readableField] = humanBytes(bytes);
  target[rawField] = bytes;
}

/** `timeValueField(raw, readable, millis)`: adds `readable` (when human) then `raw` to `target`. */
export function timeValueField(target: Record<string, unknown>, rawField: string, readableField: string, millis: number, human: boolean): void {
  if (human) target[readableField] = humanMillis(millis);
  target[rawField] = millis;
}

/** `percentageField(raw, readable, pct)`: readable as `%1.1f%%` (`12.5%`) then the raw number. */
export function percentageField(target: Record<string, unknown>, rawField: string, readableField: string, percentage: number, human: boolean): void {
  if (human) target[readableField] = `${percentage.toFixed(1)}%`;
  target[rawField] = percentage;
}

/** `dateField(raw, readable, millis)`: readable as ISO-8601 UTC (`2017-01-01T00:00:00.000Z`) then the raw millis. */
export function dateField(target: Record<string, unknown>, rawField: string, readableField: string, millis: number, human: boolean): void {
  if (human) target[readableField] = new Date(millis).toISOString();
  target[rawField] = millis;
}
