/**
 * Date values of `date` fields as ES 5.6 Painless sees them: a Joda `ReadableDateTime` in UTC,
 * with the getters scripts use (`getMillis`, `getYear`, `getMonthOfYear`, `getDayOfMonth`,
 * `getDayOfWeek`, `getHourOfDay`, ... — and their field shortcuts `value.year`), comparisons and
 * ISO `toString()`.
 */
import { HostObject, NO_MEMBER } from './host-object.js';
import { JavaError } from '../errors.js';

/** A UTC `org.joda.time.DateTime`. */
export class JodaDateTime extends HostObject {
  readonly javaClass = 'org.joda.time.DateTime';
  constructor(readonly millis: number) {
    super();
  }

  private get d(): Date {
    return new Date(this.millis);
  }

  /** Joda's ISO form, e.g. `2017-01-02T03:04:05.006Z`. */
  override toString(): string {
    return this.d.toISOString();
  }

  private getter(name: string): unknown {
    const d = this.d;
    switch (name) {
      case 'millis':
        return this.millis;
      case 'year':
        return d.getUTCFullYear();
      case 'monthOfYear':
        return d.getUTCMonth() + 1;
      case 'dayOfMonth':
        return d.getUTCDate();
      case 'dayOfWeek':
        return ((d.getUTCDay() + 6) % 7) + 1; // Joda: Monday = 1 ... Sunday = 7
      case 'dayOfYear':
        return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000) + 1;
      case 'hourOfDay':
        return d.getUTCHours();
      case 'minuteOfHour':
        return d.getUTCMinutes();
      case 'minuteOfDay':
        return d.getUTCHours() * 60 + d.getUTCMinutes();
      case 'secondOfMinute':
        return d.getUTCSeconds();
      case 'secondOfDay':
        return d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
      case 'millisOfSecond':
        return d.getUTCMilliseconds();
      case 'millisOfDay':
        return ((this.millis % 86400000) + 86400000) % 86400000;
      case 'centuryOfEra':
        return Math.floor(d.getUTCFullYear() / 100);
      case 'yearOfCentury':
        return d.getUTCFullYear() % 100;
      case 'era':
        return d.getUTCFullYear() > 0 ? 1 : 0;
    }
    return NO_MEMBER;
  }

  override field(name: string): unknown {
    return this.getter(name);
  }

  override call(name: string, args: unknown[]): unknown {
    if (args.length === 0) {
      if (name === 'toString') return this.toString();
      if (name.startsWith('get') && name.length > 3) return this.getter(name.charAt(3).toLowerCase() + name.slice(4));
      return NO_MEMBER;
    }
    if (args.length === 1) {
      const other = args[0];
      const ms = other instanceof JodaDateTime ? other.millis : typeof other === 'number' ? other : undefined;
      if (ms === undefined) {
        if (name === 'equals') return false;
        throw new JavaError('class_cast_exception', 'Cannot cast to org.joda.time.ReadableInstant');
      }
      switch (name) {
        case 'isBefore':
          return this.millis < ms;
        case 'isAfter':
          return this.millis > ms;
        case 'isEqual':
        case 'equals':
          return this.millis === ms;
        case 'compareTo':
          return this.millis < ms ? -1 : this.millis > ms ? 1 : 0;
      }
    }
    return NO_MEMBER;
  }
}
