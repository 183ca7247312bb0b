/**
 * Objects the host hands to scripts (doc values, the doc lookup, dates): each says itself what
 * a script may read or call. Anything else answers {@link NO_MEMBER}, which the runtime turns
 * into Painless's "unknown field/method" errors, so host internals stay unreachable.
 */

/** Returned by a host object for a member it does not expose. */
export const NO_MEMBER: unique symbol = Symbol('no-member');

/** Base class of host objects exposed to scripts. */
export abstract class HostObject {
  /** Java class name, for messages and `instanceof`. */
  abstract readonly javaClass: string;
  /** `obj[key]`. */
  index(_key: unknown): unknown {
    return NO_MEMBER;
  }
  /** `obj.name` (Painless getter shortcuts included). */
  field(_name: string): unknown {
    return NO_MEMBER;
  }
  /** `obj.name(args)`. */
  call(_name: string, _args: unknown[]): unknown {
    return NO_MEMBER;
  }
}
