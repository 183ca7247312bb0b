/**
 * Maps the objects and arrays of an already-parsed JSON value back to line/column positions in
 * the text they came from, so that DSL errors carry the `line`/`col` metadata ES reports
 * (Jackson's `getTokenLocation()`: 1-based line, 1-based column).
 *
 * Locations are keyed by object identity: `locateJson(text, JSON.parse(text))` walks the text
 * and the value side by side. It is only run when an error must be reported, so the happy path
 * pays nothing. Columns count UTF-16 code units (Jackson counts bytes for byte input; the two
 * agree for ASCII bodies).
 */

/** A 1-based position in the source text. */
export interface Loc {
  line: number;
  col: number;
}

/** Positions recorded for one JSON object. */
export interface ObjectLocs {
  start: Loc;
  end: Loc;
  /** Per key: where the field name token and its value token start. Last duplicate wins. */
  keys: Map<string, { name: Loc; value: Loc }>;
}

/** Positions recorded for one JSON array. */
export interface ArrayLocs {
  start: Loc;
  end: Loc;
  items: Loc[];
}

/** Identity map from containers of the parsed value to their positions. */
export type JsonLocations = WeakMap<object, ObjectLocs | ArrayLocs>;

/**
 * Walk `text` (valid JSON) alongside `root` (its parsed value) and record where every object
 * and array, every key and every array item start. Malformed text stops the walk silently:
 * whatever was recorded so far stays usable.
 */
export function locateJson(text: string, root: unknown): JsonLocations {
  const locs: JsonLocations = new WeakMap();
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): Loc => ({ line, col: i - lineStart + 1 });
  const skipWs = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        i++;
        lineStart = i;
      } else if (c === 13) {
        // \r\n counts as one line break, lone \r as one too (Jackson does the same)
        line++;
        i++;
        if (text.charCodeAt(i) === 10) i++;
        lineStart = i;
      } else if (c === 32 || c === 9) i++;
      else break;
    }
  };
  const readString = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === 34) break;
      else i++;
    }
    i++; // closing quote
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skipScalar = (): void => {
    if (text[i] === '"') {
      readString();
      return;
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
  };
  const value = (v: unknown): void => {
    skipWs();
    const c = text[i];
    if (c === '{') {
      const rec: ObjectLocs = { start: here(), end: here(), keys: new Map() };
      const obj = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
      if (obj) locs.set(obj, rec);
      i++;
      skipWs();
      while (i < text.length && text[i] !== '}') {
        const name = here();
        const key = readString();
        skipWs();
        i++; // colon
        skipWs();
        rec.keys.set(key, { name, value: here() });
        value(obj ? obj[key] : undefined);
        skipWs();
        if (text[i] === ',') {
          i++;
          skipWs();
        }
      }
      rec.end = here();
      i++;
    } else if (c === '[') {
      const rec: ArrayLocs = { start: here(), end: here(), items: [] };
      const arr = Array.isArray(v) ? (v as unknown[]) : undefined;
      if (arr) locs.set(arr, rec);
      i++;
      skipWs();
      let n = 0;
      while (i < text.length && text[i] !== ']') {
        rec.items.push(here());
        value(arr ? arr[n] : undefined);
        n++;
        skipWs();
        if (text[i] === ',') {
          i++;
          skipWs();
        }
      }
      rec.end = here();
      i++;
    } else {
      skipScalar();
    }
  };
  try {
    value(root);
  } catch {
    // Best effort: positions recorded before the malformed part remain.
  }
  return locs;
}
