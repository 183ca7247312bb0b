/**
 * A JSON reader for document sources that keeps what `JSON.parse` throws away and ES's streaming
 * parser (Jackson) sees: whether a number was written as an integer or a float (dynamic mapping
 * maps `1` to `long` but `1.0` to `float`), the exact number text (longs beyond 2^53, `_source`
 * re-serialisation), and repeated keys in their order (ES indexes every occurrence).
 * Syntax errors carry Jackson-like messages with line and column, rendered by ES as
 * `json_parse_exception`.
 */
import { EsError } from '../errors/errors.js';
import { putOwn } from '../dict.js';
import { checkNestingDepth } from '../units/json-nesting.js';

/** A JSON number with its source text. */
export class JsonNumber {
  constructor(
    /** The number exactly as written, e.g. `1`, `-2.50`, `1e3`. */
    readonly text: string,
    /** True when written with a fraction or exponent (Jackson's FLOAT/DOUBLE number types). */
    readonly isFloat: boolean,
  ) {}

  /** The value as a JS number (may round beyond 2^53). */
  get value(): number {
    return Number(this.text);
  }
}

/** A JSON object as its ordered entries (keys may repeat). */
export class JsonObject {
  constructor(readonly entries: Array<[string, JsonValue]>) {}

  /** The last value given for `key`, as a map lookup would see it. */
  get(key: string): JsonValue | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i] as [string, JsonValue];
      if (e[0] === key) return e[1];
    }
    return undefined;
  }
}

/** Any parsed JSON value. */
export type JsonValue = null | boolean | string | JsonNumber | JsonObject | JsonValue[];

const SOURCE = 'org.elasticsearch.common.bytes.BytesReference$MarkSupportingStreamInputWrapper@0';

/** Parse JSON text. Throws `json_parse_exception` EsErrors with Jackson's wording. */
export function parseJsonTree(text: string): JsonValue {
  checkNestingDepth(text);
  return new Reader(text).parseDocument();
}

/** Convert a tree to plain JS values (numbers as JS numbers, last duplicate key wins). */
export function toPlain(v: JsonValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof JsonNumber) return v.value;
  if (Array.isArray(v)) return v.map(toPlain);
  const out: Record<string, unknown> = {};
  // As JSON.parse: a `__proto__` key is an own property, never a prototype write.
  for (const [k, val] of v.entries) {
    if (k === '__proto__') putOwn(out, k, toPlain(val));
    else out[k] = toPlain(val);
  }
  return out;
}

/** Serialize a tree back to compact JSON, numbers exactly as written. */
export function stringifyTree(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof JsonNumber) return v.text;
  if (Array.isArray(v)) return '[' + v.map(stringifyTree).join(',') + ']';
  return '{' + v.entries.map(([k, val]) => JSON.stringify(k) + ':' + stringifyTree(val)).join(',') + '}';
}

class Reader {
  private pos = 0;
  constructor(private readonly s: string) {}

  parseDocument(): JsonValue {
    this.ws();
    if (this.pos >= this.s.length) throw this.error('No content to map due to end-of-input');
    const v = this.value();
    this.ws();
    if (this.pos < this.s.length) {
      // ES validates the end itself: one more token after the root is "extra data"
      throw new TrailingDataError(this.tokenNameAt());
    }
    return v;
  }

  private tokenNameAt(): string {
    const c = this.s[this.pos];
    if (c === '{') return 'START_OBJECT';
    if (c === '[') return 'START_ARRAY';
    if (c === '"') return 'VALUE_STRING';
    if (c === 't' || c === 'f') return 'VALUE_BOOLEAN';
    if (c === 'n') return 'VALUE_NULL';
    return 'VALUE_NUMBER';
  }

  private lineCol(at: number): { line: number; col: number } {
    let line = 1;
    let col = 1;
    for (let i = 0; i < at && i < this.s.length; i++) {
      if (this.s[i] === '\n') {
        line++;
        col = 1;
      } else col++;
    }
    return { line, col };
  }

  private error(msg: string, at = this.pos): EsError {
    const { line, col } = this.lineCol(at);
    return new EsError('json_parse_exception', 400, `${msg}\n at [Source: ${SOURCE}; line: ${line}, column: ${col}]`);
  }

  private unexpected(expecting: string): EsError {
    if (this.pos >= this.s.length) return this.error(`Unexpected end-of-input: ${expecting}`);
    const c = this.s[this.pos] as string;
    return this.error(`Unexpected character ('${c}' (code ${c.charCodeAt(0)})): ${expecting}`, this.pos + 1);
  }

  private ws(): void {
    const s = this.s;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.pos++;
      else break;
    }
  }

  private value(): JsonValue {
    const c = this.s[this.pos];
    switch (c) {
      case '{':
        return this.object();
      case '[':
        return this.array();
      case '"':
        return this.string();
      case 't':
      case 'f':
      case 'n':
        return this.literal();
      default:
        if (c !== undefined && (c === '-' || (c >= '0' && c <= '9'))) return this.number();
        if (c === undefined) throw this.error('Unexpected end-of-input: expected a value');
        return this.unrecognized();
    }
  }

  private unrecognized(): never {
    const start = this.pos;
    let end = start;
    while (end < this.s.length && /[A-Za-z0-9_$]/.test(this.s[end] as string)) end++;
    if (end === start) {
      const c = this.s[start] as string;
      throw this.error(`Unexpected character ('${c}' (code ${c.charCodeAt(0)})): expected a valid value (number, String, array, object, 'true', 'false' or 'null')`, start + 1);
    }
    throw this.error(`Unrecognized token '${this.s.slice(start, end)}': was expecting ('true', 'false' or 'null')`, end);
  }

  private literal(): JsonValue {
    for (const [word, val] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.s.startsWith(word, this.pos) && !/[A-Za-z0-9_]/.test(this.s[this.pos + word.length] ?? ' ')) {
        this.pos += word.length;
        return val;
      }
    }
    return this.unrecognized();
  }

  private number(): JsonNumber {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.s.slice(this.pos, this.pos + 400));
    if (!m || m[0] === '-') throw this.error("Unexpected character: expected digit", this.pos + 1);
    this.pos += m[0].length;
    return new JsonNumber(m[0], m[2] !== undefined || m[3] !== undefined);
  }

  private string(): string {
    const s = this.s;
    const start = ++this.pos;
    let out = '';
    let chunk = start;
    while (true) {
      if (this.pos >= s.length) throw this.error('Unexpected end-of-input: was expecting closing quote for a string value');
      const c = s.charCodeAt(this.pos);
      if (c === 34) {
        out += s.slice(chunk, this.pos);
        this.pos++;
        return out;
      }
      if (c === 92) {
        out += s.slice(chunk, this.pos);
        const e = s[this.pos + 1];
        const map: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e === 'u') {
          const hex = s.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.error('Unexpected character: expected a hex-digit for character escape sequence', this.pos + 3);
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 6;
        } else if (e !== undefined && map[e] !== undefined) {
          out += map[e];
          this.pos += 2;
        } else {
          throw this.error(`Unrecognized character escape '${e}' (code ${e?.charCodeAt(0)})`, this.pos + 2);
        }
        chunk = this.pos;
        continue;
      }
      if (c < 32) {
        throw this.error(`Illegal unquoted character ((CTRL-CHAR, code ${c})): has to be escaped using backslash to be included in string value`, this.pos + 1);
      }
      this.pos++;
    }
  }

  private object(): JsonObject {
    const open = this.pos;
    this.pos++;
    const entries: Array<[string, JsonValue]> = [];
    this.ws();
    if (this.s[this.pos] === '}') {
      this.pos++;
      return new JsonObject(entries);
    }
    while (true) {
      this.ws();
      if (this.pos >= this.s.length) throw this.eoi('OBJECT', open);
      if (this.s[this.pos] !== '"') throw this.unexpected('was expecting double-quote to start field name');
      const key = this.string();
      this.ws();
      if (this.s[this.pos] !== ':') {
        if (this.pos >= this.s.length) throw this.eoi('OBJECT', open);
        throw this.unexpected("was expecting a colon to separate field name and value");
      }
      this.pos++;
      this.ws();
      if (this.pos >= this.s.length) throw this.eoi('OBJECT', open);
      entries.push([key, this.value()]);
      this.ws();
      const c = this.s[this.pos];
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === '}') {
        this.pos++;
        return new JsonObject(entries);
      }
      if (c === undefined) throw this.eoi('OBJECT', open);
      throw this.unexpected(`was expecting comma to separate Object entries`);
    }
  }

  private eoi(kind: string, open: number): EsError {
    const { line, col } = this.lineCol(open);
    return this.error(`Unexpected end-of-input: expected close marker for ${kind} (start marker at [Source: ${SOURCE}; line: ${line}, column: ${col}])`);
  }

  private array(): JsonValue[] {
    const open = this.pos;
    this.pos++;
    const out: JsonValue[] = [];
    this.ws();
    if (this.s[this.pos] === ']') {
      this.pos++;
      return out;
    }
    while (true) {
      this.ws();
      if (this.pos >= this.s.length) throw this.eoi('ARRAY', open);
      out.push(this.value());
      this.ws();
      const c = this.s[this.pos];
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === ']') {
        this.pos++;
        return out;
      }
      if (c === undefined) throw this.eoi('ARRAY', open);
      throw this.unexpected('was expecting comma to separate Array entries');
    }
  }
}

/** Raised when valid JSON is followed by more tokens; ES reports it as "extra data". */
export class TrailingDataError extends Error {
  constructor(readonly token: string) {
    super(`Malformed content, found extra data after parsing: ${token}`);
  }
}
