/**
 * Java's number-to-text rules, as Jackson writes numbers in ES 5.6 responses. JavaScript has
 * one number type, so a value that ES holds as a Java `double` or `float` (scores, averages,
 * percentages) must be marked to render as `1.0` rather than `1`: wrap it in {@link JsonDouble}
 * or {@link JsonFloat}. The REST renderers (JSON, YAML, filter_path) understand both markers.
 */

/** A number rendered with Java's `Double.toString` (`1.0`, `0.5`, `1.0E-4`, `1.2345678E7`). */
export class JsonDouble {
  constructor(readonly value: number) {}
  /** JSON.stringify fallback: the plain number. */
  toJSON(): number {
    return this.value;
  }
}

/** A number held as a Java `float` (e.g. `_score`): rendered with `Float.toString`. */
export class JsonFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = Math.fround(value);
  }
  toJSON(): number {
    return this.value;
  }
}

/**
 * JSON text passed through untouched in compact output, as ES copies a stored `_source` byte for
 * byte (`XContentBuilder#rawField`). With `pretty`, `format=yaml` or `filter_path`, ES parses and
 * re-renders it instead; the renderers do the same.
 */
export class RawJson {
  private parsed: unknown;
  private isParsed = false;
  constructor(readonly text: string) {}
  /** The parsed value (cached). */
  value(): unknown {
    if (!this.isParsed) {
      this.parsed = JSON.parse(this.text);
      this.isParsed = true;
    }
    return this.parsed;
  }
  toJSON(): unknown {
    return this.value();
  }
}

/** Shorthand constructors. */
export const jsonDouble = (v: number): JsonDouble => new JsonDouble(v);
export const jsonFloat = (v: number): JsonFloat => new JsonFloat(v);

/**
 * `Double.toString(d)`: decimal notation with at least one fraction digit for 1e-3 <= |d| < 1e7,
 * otherwise computerized scientific notation (`1.0E7`, `1.5E-5`). Digits are the shortest that
 * round-trip (Java 19+ semantics; older JDKs occasionally printed one digit more).
 */
export function javaDoubleToString(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(d);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mant = '', exp = '0'] = d.toExponential().split('e');
  const m = mant.includes('.') ? mant : `${mant}.0`;
  return `${m}E${Number(exp)}`;
}

/** `Float.toString(f)`: like {@link javaDoubleToString} with the shortest digits that identify the float32. */
export function javaFloatToString(f: number): string {
  const v = Math.fround(f);
  if (!Number.isFinite(v) || v === 0) return javaDoubleToString(v);
  return javaDoubleToString(shortestFloatDigits(v));
}

/** A float32's bits, to tell a power of two (its mantissa bits are zero). */
const FLOAT_VIEW = new Float32Array(1);
const FLOAT_BITS = new Uint32Array(FLOAT_VIEW.buffer);

/**
 * The value of the fewest significant digits (1 to 9) that reads back as the float32 `v`: the
 * smallest `p` whose `v.toPrecision(p)` rounds to `v`. Scores need 7–9 digits and every hit's
 * score is written, so the digit counts are tried from 8 down (1–2 tries for most floats,
 * against 7–9 counting up): the p-digit rounding of `v` is also a (p+1)-digit number, so the
 * (p+1)-digit rounding is at least as close to `v`, and the values that read back as `v` lie
 * symmetrically around it, so once `p` digits read back every larger count does too, and the
 * first count that does not read back ends the search. The interval is not symmetric when `v`
 * is a power of two (the float spacing halves below it): those are scanned from 1.
 */
export function shortestFloatDigits(v: number): number {
  FLOAT_VIEW[0] = v;
  if ((FLOAT_BITS[0]! & 0x7fffff) === 0) {
    for (let p = 1; p <= 9; p++) {
      const c = Number(v.toPrecision(p));
      if (Math.fround(c) === v) return c;
    }
    return v;
  }
  let best = Number.NaN;
  for (let p = 8; p >= 1; p--) {
    const c = Number(v.toPrecision(p));
    if (Math.fround(c) !== v) break;
    best = c;
  }
  // 9 digits always read back as the float
  return Number.isNaN(best) ? Number(v.toPrecision(9)) : best;
}

/** Text of any number as Jackson writes it: integers plain, marked doubles/floats the Java way. */
export function javaNumberText(v: number | JsonDouble | JsonFloat): string {
  if (v instanceof JsonDouble) return javaDoubleToString(v.value);
  if (v instanceof JsonFloat) return javaFloatToString(v.value);
  if (!Number.isFinite(v)) return javaDoubleToString(v);
  return String(v);
}

/**
 * ES `Strings.format1Decimals(value, suffix)`: the Java text of `value` cut (not rounded) to one
 * fraction digit, dropped when it is `0` (`1.0` → `1`, `1.25` → `1.2`). Used by ByteSizeValue,
 * SizeValue and TimeValue `toString`.
 */
export function format1Decimals(value: number, suffix: string): string {
  const p = javaDoubleToString(value);
  const ix = p.indexOf('.') + 1;
  const ex = p.indexOf('E');
  const fraction = p.charAt(ix);
  if (fraction === '0') {
    return ex !== -1 ? p.substring(0, ix - 1) + p.substring(ex) + suffix : p.substring(0, ix - 1) + suffix;
  }
  return ex !== -1 ? p.substring(0, ix) + fraction + p.substring(ex) + suffix : p.substring(0, ix) + fraction + suffix;
}
