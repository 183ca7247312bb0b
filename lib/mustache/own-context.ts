/**
 * A mustache.js rendering context that sees own data properties only. mustache.js resolves
 * names with `in` (the whole prototype chain) and calls any function it finds, so
 * `{{constructor}}`, `{{#toString}}` or `{{a.valueOf}}` would reach `Object.prototype`'s
 * built-ins; its per-context cache is a plain object, so a name like `hasOwnProperty` breaks
 * later lookups. ES's mustache.java sees map entries only: a missing key renders nothing.
 */
import Mustache from 'mustache';

/** Lookups through own properties; functions are called only when they are own members (the ES lambdas). */
export class OwnContext extends Mustache.Context {
  private readonly resolved = new Map<string, unknown>();

  constructor(view: unknown, parent?: OwnContext) {
    super(view, parent);
  }

  override push(view: unknown): OwnContext {
    return new OwnContext(view, this);
  }

  override lookup(name: string): unknown {
    let value: unknown;
    if (name === '.') value = this.view;
    else if (this.resolved.has(name)) value = this.resolved.get(name);
    else {
      value = this.resolve(name);
      this.resolved.set(name, value);
    }
    return typeof value === 'function' ? (value as (this: unknown) => unknown).call(this.view) : value;
  }

  private resolve(name: string): unknown {
    const dotted = name.indexOf('.') > 0;
    const names = dotted ? name.split('.') : [name];
    for (let ctx: Mustache.Context | undefined = this; ctx !== undefined; ctx = ctx.parent) {
      let cur: unknown = ctx.view;
      let hit = false;
      for (let i = 0; i < names.length && cur !== null && cur !== undefined; i++) {
        const key = names[i]!;
        // As mustache.js: a dotted path may end on an own member of a primitive (`s.length`).
        const isLast = i === names.length - 1;
        const has = typeof cur === 'object' ? Object.hasOwn(cur, key) : dotted && isLast && Object.hasOwn(Object(cur), key);
        if (!has) {
          cur = undefined;
          break;
        }
        cur = (cur as Record<string, unknown>)[key];
        if (isLast) hit = true;
      }
      if (hit) return cur;
    }
    return undefined;
  }
}
