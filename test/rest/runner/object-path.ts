/**
 * Dot-notation lookups into a response body (`hits.hits.0._source.foo\.bar`), as ES's
 * `ObjectPath` evaluates them: `.` separates keys unless escaped as `\.`; a numeric part
 * indexes a list; a part that is a stashed key (`$master`) is replaced by its stashed value.
 */

/** Resolves stashed keys in path parts; implemented by {@link Stash}. */
export interface PathPartResolver {
  containsStashedValue(key: unknown): boolean;
  getValue(key: string): unknown;
}

/** Splits a path on unescaped dots and unescapes `\.`. The empty path has no parts. */
export function parsePath(path: string): string[] {
  if (path === '') return [];
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] as string;
    if (ch === '\\' && path[i + 1] === '.') {
      current += '.';
      i += 1;
    } else if (ch === '.') {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * Evaluates `path` against `root`. Returns undefined when a level is missing (not an error, as
 * in ES: `is_false` and `match: {x: null}` rely on it).
 */
export function evaluatePath(root: unknown, path: string, stash?: PathPartResolver): unknown {
  let current: unknown = root;
  for (const rawPart of parsePath(path)) {
    let part = rawPart;
    if (stash?.containsStashedValue(part)) part = String(stash.getValue(part));
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(part)) return undefined;
      current = current[Number(part)];
    } else if (typeof current === 'object') {
      const obj = current as Record<string, unknown>;
      current = Object.prototype.hasOwnProperty.call(obj, part) ? obj[part] : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}
