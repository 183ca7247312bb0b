/**
 * Time zones as ES 5.6 accepts them (Joda `DateTimeZone.forID`): `UTC`, fixed offsets
 * (`+01:00`, `-0530`, `+05`), and IANA region ids (`Europe/Paris`), the latter resolved with
 * `Intl`. Offsets are computed per instant so daylight-saving transitions are honoured.
 */
import { EsError } from '../errors/errors.js';

/** A resolved time zone. */
export type TimeZone = { kind: 'fixed'; id: string; offsetMs: number } | { kind: 'iana'; id: string };

/** UTC, the default zone of date math and date parsing. */
export const UTC: TimeZone = { kind: 'fixed', id: 'UTC', offsetMs: 0 };

const OFFSET = /^([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

/**
 * Resolve a zone id. Unknown ids fail with ES's `illegal_argument_exception`
 * `The datetime zone id '<id>' is not recognised`.
 */
export function parseTimeZone(id: string): TimeZone {
  if (id === 'UTC' || id === 'Z' || id === 'GMT' || id === 'Etc/UTC') return id === 'UTC' ? UTC : { kind: 'fixed', id, offsetMs: 0 };
  const m = OFFSET.exec(id);
  if (m) {
    const h = Number(m[2]);
    const min = Number(m[3] ?? 0);
    const s = Number(m[4] ?? 0);
    if (h > 23 || min > 59 || s > 59) throw notRecognised(id);
    const offsetMs = (m[1] === '-' ? -1 : 1) * ((h * 60 + min) * 60 + s) * 1000;
    return offsetMs === 0 ? { kind: 'fixed', id: 'UTC', offsetMs: 0 } : { kind: 'fixed', id, offsetMs };
  }
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(id)) throw notRecognised(id);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
  } catch {
    throw notRecognised(id);
  }
  return { kind: 'iana', id };
}

function notRecognised(id: string): EsError {
  return new EsError('illegal_argument_exception', 400, `The datetime zone id '${id}' is not recognised`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(id: string): Intl.DateTimeFormat {
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: id,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(id, f);
  }
  return f;
}

/** Offset (ms, local minus UTC) of `zone` at the instant `epochMs`. */
export function offsetAt(zone: TimeZone, epochMs: number): number {
  if (zone.kind === 'fixed') return zone.offsetMs;
  const secondFloor = Math.floor(epochMs / 1000) * 1000;
  const parts = formatterFor(zone.id).formatToParts(new Date(secondFloor));
  const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
  let year = get('year');
  if (parts.find((p) => p.type === 'era')?.value === 'BC') year = 1 - year;
  const local = Date.UTC(year, get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  // Date.UTC maps years 0..99 to 1900+; correct for them
  const fixed = year >= 0 && year < 100 ? new Date(local).setUTCFullYear(year) : local;
  return fixed - secondFloor;
}

/**
 * Convert a local wall-clock instant (ms since epoch of the local fields, as if UTC) to UTC.
 * Prefers `preferredOffset` when it is valid there (Joda keeps the original offset in an
 * overlap); in a gap the time is moved forward by the gap, as Joda does.
 */
export function localToUtc(zone: TimeZone, localMs: number, preferredOffset?: number): number {
  if (zone.kind === 'fixed') return localMs - zone.offsetMs;
  if (preferredOffset !== undefined && offsetAt(zone, localMs - preferredOffset) === preferredOffset) {
    return localMs - preferredOffset;
  }
  const o1 = offsetAt(zone, localMs - offsetAt(zone, localMs));
  const candidate = localMs - o1;
  if (offsetAt(zone, candidate) === o1) {
    // In an overlap both offsets are valid: Joda picks the earlier instant (the larger offset).
    const o2 = offsetAt(zone, candidate - 3 * 3600_000);
    if (o2 !== o1 && offsetAt(zone, localMs - o2) === o2) return Math.min(candidate, localMs - o2);
    return candidate;
  }
  // Gap: shift forward by the transition size.
  const before = offsetAt(zone, candidate - 6 * 3600_000);
  return localMs - before;
}
