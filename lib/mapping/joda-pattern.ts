/**
 * A Joda-Time pattern subset (as ES 5's `Joda.forPattern` builds for `format` strings such as
 * `yyyy-MM-dd HH:mm:ss`), compiled into a list of elements that can parse text into date fields
 * and print epoch millis. Parsing follows Joda's rules: numbers are greedy up to the field's
 * maximum digits (years up to 9 digits, signed), a numeric field directly followed by another
 * numeric field is fixed-width, text fields (months, weekdays, am/pm) accept short and long
 * English forms case-insensitively, and a parse must consume the whole text.
 * See https://www.joda.org/joda-time/apidocs/org/joda/time/format/DateTimeFormat.html
 */

/** Date fields collected while parsing. */
export interface DateFields {
  year?: number;
  month?: number;
  day?: number;
  dayOfYear?: number;
  weekyear?: number;
  week?: number;
  dayOfWeek?: number;
  hour?: number;
  hourOfHalfday?: number;
  halfday?: number;
  minute?: number;
  second?: number;
  millis?: number;
  /** Offset from UTC in minutes. */
  offset?: number;
}

/** A parse step: returns the new position, or `~pos` (negative) where it failed. */
export interface Element {
  parse(text: string, pos: number, f: DateFields): number;
  print(d: Date): string;
  /** True when the element parses digits (fixed width when followed by another numeric one). */
  readonly numeric: boolean;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type NumField = 'year' | 'month' | 'day' | 'dayOfYear' | 'weekyear' | 'week' | 'dayOfWeek' | 'hour' | 'hourOfHalfday' | 'minute' | 'second' | 'clockhour' | 'clockhourOfHalfday';

function pad(n: number, width: number): string {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? '-' + s : s;
}

/** ISO-8601 week-based year, week number and weekday (1 = Monday) of a UTC date. */
export function isoWeek(d: Date): { weekyear: number; week: number; dayOfWeek: number } {
  const dow = ((d.getUTCDay() + 6) % 7) + 1;
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - dow));
  const weekyear = thursday.getUTCFullYear();
  const jan1 = Date.UTC(weekyear, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / 86400000 / 7) + 1;
  return { weekyear, week, dayOfWeek: dow };
}

function fieldValue(field: NumField, d: Date): number {
  switch (field) {
    case 'year':
      return d.getUTCFullYear();
    case 'month':
      return d.getUTCMonth() + 1;
    case 'day':
      return d.getUTCDate();
    case 'dayOfYear':
      return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000) + 1;
    case 'weekyear':
      return isoWeek(d).weekyear;
    case 'week':
      return isoWeek(d).week;
    case 'dayOfWeek':
      return isoWeek(d).dayOfWeek;
    case 'hour':
      return d.getUTCHours();
    case 'clockhour':
      return d.getUTCHours() === 0 ? 24 : d.getUTCHours();
    case 'hourOfHalfday':
      return d.getUTCHours() % 12;
    case 'clockhourOfHalfday':
      return d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
    case 'minute':
      return d.getUTCMinutes();
    case 'second':
      return d.getUTCSeconds();
  }
}

/** A decimal field: `minDigits` when printing, 1..`maxDigits` digits when parsing. */
export function numberElement(field: NumField, minDigits: number, maxDigits: number, signed = false): Element {
  return {
    numeric: true,
    parse(text, pos, f) {
      let i = pos;
      let neg = false;
      if (signed && (text[i] === '-' || text[i] === '+')) {
        neg = text[i] === '-';
        i++;
      }
      const start = i;
      while (i < text.length && i - start < maxDigits && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
      if (i === start || i - start < (maxDigits === minDigits ? minDigits : 1)) return ~pos;
      const v = Number(text.slice(start, i)) * (neg ? -1 : 1);
      switch (field) {
        case 'clockhour':
          f.hour = v === 24 ? 0 : v;
          if (v < 1 || v > 24) f.hour = 99;
          break;
        case 'clockhourOfHalfday':
          f.hourOfHalfday = v === 12 ? 0 : v;
          if (v < 1 || v > 12) f.hourOfHalfday = 99;
          break;
        default:
          f[field] = v;
      }
      return i;
    },
    print(d) {
      return pad(fieldValue(field, d), minDigits);
    },
  };
}

/** Fraction of second: up to `maxDigits` digits parsed, `minDigits` printed (truncated). */
export function fractionElement(minDigits: number, maxDigits: number): Element {
  return {
    numeric: true,
    parse(text, pos, f) {
      let i = pos;
      while (i < text.length && i - pos < maxDigits && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
      if (i === pos || i - pos < (minDigits === maxDigits ? minDigits : 1)) return ~pos;
      f.millis = Math.floor(Number(('0.' + text.slice(pos, i)).padEnd(5, '0')) * 1000 + 1e-7);
      return i;
    },
    print(d) {
      const ms = pad(d.getUTCMilliseconds(), 3);
      return (ms + '000000').slice(0, minDigits);
    },
  };
}

/** Literal text (`'T'`, `-`, `:`). Parsing is case-insensitive as Joda's. */
export function literalElement(lit: string): Element {
  return {
    numeric: false,
    parse(text, pos) {
      return text.slice(pos, pos + lit.length).toLowerCase() === lit.toLowerCase() ? pos + lit.length : ~pos;
    },
    print() {
      return lit;
    },
  };
}

/** Month names, weekday names and the am/pm marker. */
export function textElement(kind: 'month' | 'dayOfWeek' | 'halfday', long: boolean): Element {
  const names = kind === 'month' ? MONTHS : kind === 'dayOfWeek' ? DAYS : ['AM', 'PM'];
  return {
    numeric: false,
    parse(text, pos, f) {
      const rest = text.slice(pos).toLowerCase();
      let best = -1;
      let bestLen = 0;
      names.forEach((n, idx) => {
        for (const cand of kind === 'halfday' ? [n] : [n, n.slice(0, 3)]) {
          if (rest.startsWith(cand.toLowerCase()) && cand.length > bestLen) {
            best = idx;
            bestLen = cand.length;
          }
        }
      });
      if (best < 0) return ~pos;
      if (kind === 'month') f.month = best + 1;
      else if (kind === 'dayOfWeek') f.dayOfWeek = best + 1;
      else f.halfday = best;
      return pos + bestLen;
    },
    print(d) {
      if (kind === 'halfday') return d.getUTCHours() < 12 ? 'AM' : 'PM';
      const n = kind === 'month' ? (MONTHS[d.getUTCMonth()] as string) : (DAYS[isoWeek(d).dayOfWeek - 1] as string);
      return long ? n : n.slice(0, 3);
    },
  };
}

/**
 * A UTC offset: parses `Z` (when `zeroText` is given) or `+HH`, `+HHmm`, `+HH:mm`; prints
 * `zeroText` for UTC when set, else `+0000` / `+00:00` (with colon when `colon`).
 */
export function offsetElement(zeroText: string | undefined, colon: boolean): Element {
  return {
    numeric: false,
    parse(text, pos, f) {
      if (text[pos] === 'Z' || text[pos] === 'z') {
        f.offset = 0;
        return pos + 1;
      }
      const m = /^([+-])(\d{2})(?::?(\d{2}))?/.exec(text.slice(pos));
      if (!m) return ~pos;
      const h = Number(m[2]);
      const mi = Number(m[3] ?? 0);
      if (h > 23 || mi > 59) return ~pos;
      f.offset = (m[1] === '-' ? -1 : 1) * (h * 60 + mi);
      return pos + m[0].length;
    },
    print() {
      if (zeroText !== undefined) return zeroText;
      return colon ? '+00:00' : '+0000';
    },
  };
}

/** A time-zone id or name (`ZZZ`, `z`): only `UTC`/`GMT`/`Z` and fixed offsets are known. */
export function zoneIdElement(): Element {
  return {
    numeric: false,
    parse(text, pos, f) {
      const m = /^(UTC|GMT|Etc\/UTC|Z)/.exec(text.slice(pos));
      if (!m) return ~pos;
      f.offset = 0;
      return pos + m[0].length;
    },
    print() {
      return 'UTC';
    },
  };
}

/** Optional group: parse it if possible, else consume nothing. Prints its content. */
export function optionalElement(elements: Element[]): Element {
  return {
    numeric: false,
    parse(text, pos, f) {
      const copy = { ...f };
      const r = parseSequence(elements, text, pos, copy);
      if (r < 0) return pos;
      Object.assign(f, copy);
      return r;
    },
    print(d) {
      return elements.map((e) => e.print(d)).join('');
    },
  };
}

/** Alternatives: the first that parses furthest wins (Joda's MatchingParser). Prints the first. */
export function choiceElement(alternatives: Element[][]): Element {
  return {
    numeric: false,
    parse(text, pos, f) {
      let best = ~pos;
      let bestFields: DateFields | undefined;
      let worstFail = pos;
      for (const alt of alternatives) {
        const copy = { ...f };
        const r = parseSequence(alt, text, pos, copy);
        if (r >= 0 && (best < 0 || r > best)) {
          best = r;
          bestFields = copy;
        } else if (r < 0) worstFail = Math.max(worstFail, ~r);
      }
      if (best >= 0 && bestFields) {
        Object.assign(f, bestFields);
        return best;
      }
      return ~worstFail;
    },
    print(d) {
      return (alternatives[0] ?? []).map((e) => e.print(d)).join('');
    },
  };
}

/** Run elements in order; returns the end position or `~failPos`. */
export function parseSequence(elements: Element[], text: string, pos: number, f: DateFields): number {
  let p = pos;
  for (const e of elements) {
    p = e.parse(text, p, f);
    if (p < 0) return p;
  }
  return p;
}

/** Compile a Joda pattern (e.g. `yyyy-MM-dd'T'HH:mm:ss.SSSZ`). Throws on unknown letters. */
export function compileJodaPattern(pattern: string, strictWidths = false): Element[] {
  const tokens: string[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i] as string;
    if (c === "'") {
      let j = i + 1;
      let lit = '';
      while (j < pattern.length) {
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            lit += "'";
            j += 2;
            continue;
          }
          break;
        }
        lit += pattern[j];
        j++;
      }
      if (j >= pattern.length && i + 1 !== j) throw new Error(`Unterminated quote: ${pattern}`);
      tokens.push("'" + (i + 1 === j ? "'" : lit));
      i = j + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      tokens.push(pattern.slice(i, j));
      i = j;
    } else {
      tokens.push("'" + c);
      i++;
    }
  }
  const isNumericToken = (t: string | undefined): boolean =>
    t !== undefined && /^[CYxwyDMdHhKkmsSe]/.test(t) && !(t[0] === 'M' && t.length >= 3) && !(t[0] === 'e' && false);
  const out: Element[] = [];
  tokens.forEach((t, idx) => {
    const c = t[0] as string;
    const n = t.length;
    const nextNumeric = isNumericToken(tokens[idx + 1]);
    const fixed = (max: number): number => (strictWidths || nextNumeric ? n : max);
    switch (c) {
      case "'":
        out.push(literalElement(t.slice(1)));
        break;
      case 'y':
      case 'Y':
      case 'x': {
        const field: NumField = c === 'x' ? 'weekyear' : 'year';
        out.push(numberElement(field, n === 2 ? 2 : n, n === 2 ? 2 : fixed(9), n !== 2 && !strictWidths));
        break;
      }
      case 'M':
        out.push(n >= 3 ? textElement('month', n >= 4) : numberElement('month', n, fixed(2)));
        break;
      case 'd':
        out.push(numberElement('day', n, fixed(2)));
        break;
      case 'D':
        out.push(numberElement('dayOfYear', n, fixed(3)));
        break;
      case 'w':
        out.push(numberElement('week', n, fixed(2)));
        break;
      case 'e':
        out.push(numberElement('dayOfWeek', n, fixed(1)));
        break;
      case 'E':
        out.push(textElement('dayOfWeek', n >= 4));
        break;
      case 'a':
        out.push(textElement('halfday', false));
        break;
      case 'H':
        out.push(numberElement('hour', n, fixed(2)));
        break;
      case 'k':
        out.push(numberElement('clockhour', n, fixed(2)));
        break;
      case 'K':
        out.push(numberElement('hourOfHalfday', n, fixed(2)));
        break;
      case 'h':
        out.push(numberElement('clockhourOfHalfday', n, fixed(2)));
        break;
      case 'm':
        out.push(numberElement('minute', n, fixed(2)));
        break;
      case 's':
        out.push(numberElement('second', n, fixed(2)));
        break;
      case 'S':
        out.push(fractionElement(n, strictWidths ? n : 9));
        break;
      case 'Z':
        out.push(n >= 3 ? zoneIdElement() : offsetElement(undefined, n === 2));
        break;
      case 'z':
        out.push(zoneIdElement());
        break;
      default:
        throw new Error(`Illegal pattern component: ${t}`);
    }
  });
  return out;
}
