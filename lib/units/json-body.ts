/**
 * Request-body JSON parsing with ES 5.6 (Jackson 2.8) behaviour: comments are allowed
 * (`JsonParser.Feature.ALLOW_COMMENTS`), content after the first complete value is ignored,
 * and malformed input fails with Jackson's exception type and message
 * (`json_parse_exception`: `Unexpected character ('}' (code 125)): expected a value\n at [Source: ...; line: 1, column: 10]`,
 * `json_e_o_f_exception` for truncated input). A bare Jackson exception is not an
 * ElasticsearchException, so ES 5.6 answers it with status 500 (handlers that wrap it, e.g. into
 * `mapper_parsing_exception`, get their own status).
 *
 * Valid input takes the fast path (`JSON.parse`); the hand-written parser below only runs when
 * that fails, to accept Jackson-only leniencies or to build the error.
 */
import { EsError } from '../errors/errors.js';
import { putOwn } from '../dict.js';
import { checkNestingDepth } from './json-nesting.js';

/** Parse a JSON request body as ES would. */
export function parseJsonBody(text: string): unknown {
  checkNestingDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    return new LenientJsonParser(text).parseRoot();
  }
}

/** Java's `Object#hashCode`-like hex tag so the Source description looks like Jackson's. */
function sourceDescription(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return `org.elasticsearch.common.bytes.BytesReference$MarkSupportingStreamInputWrapper@${(h >>> 0).toString(16)}`;
}

interface Context {
  kind: 'OBJECT' | 'ARRAY';
  line: number;
  column: number;
}

class LenientJsonParser {
  private pos = 0;
  private readonly stack: Context[] = [];
  constructor(private readonly text: string) {}

  parseRoot(): unknown {
    this.skipWs();
    if (this.pos >= this.text.length) {
      // Jackson returns no token at all for empty input; ES then fails reading the body.
      throw new EsError('parse_exception', 400, 'Failed to derive xcontent');
    }
    return this.parseValue();
  }

  private location(offset: number): string {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return `[Source: ${sourceDescription(this.text)}; line: ${line}, column: ${offset - lineStart + 1}]`;
  }

  private fail(message: string, offset: number): never {
    throw new EsError('json_parse_exception', 500, `${message}\n at ${this.location(offset)}`);
  }

  private failEof(message: string): never {
    throw new EsError('json_e_o_f_exception', 500, `Unexpected end-of-input${message}\n at ${this.location(this.text.length)}`);
  }

  private eofInContext(): never {
    const ctx = this.stack[this.stack.length - 1];
    if (!ctx) this.failEof(' within/between ROOT entries');
    const start = `[Source: ${sourceDescription(this.text)}; line: ${ctx.line}, column: ${ctx.column}]`;
    return this.failEof(`: expected close marker for ${ctx.kind} (start marker at ${start})`);
  }

  private unexpected(what: string): never {
    const ch = this.text.charAt(this.pos);
    const code = this.text.charCodeAt(this.pos);
    // Jackson reports the location after consuming the character.
    const shown = code < 32 ? `(CTRL-CHAR, code ${code})` : `'${ch}' (code ${code})`;
    return this.fail(`Unexpected character (${shown}): ${what}`, this.pos + 1);
  }

  private skipWs(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) {
        this.pos++;
      } else if (c === 47 /* / */) {
        const n = t.charCodeAt(this.pos + 1);
        if (n === 47) {
          const end = t.indexOf('\n', this.pos + 2);
          this.pos = end < 0 ? t.length : end + 1;
        } else if (n === 42) {
          const end = t.indexOf('*/', this.pos + 2);
          if (end < 0) this.failEof(' in a comment');
          this.pos = end + 2;
        } else {
          return;
        }
      } else {
        return;
      }
    }
  }

  private lineCol(offset: number): { line: number; column: number } {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (this.text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return { line, column: offset - lineStart + 1 };
  }

  private parseValue(): unknown {
    this.skipWs();
    if (this.pos >= this.text.length) this.eofInContext();
    const c = this.text.charAt(this.pos);
    switch (c) {
      case '{':
        return this.parseObject();
      case '[':
        return this.parseArray();
      case '"':
        return this.parseString();
      case 't':
      case 'f':
      case 'n':
        return this.parseLiteral();
      default:
        if (c === '-' || (c >= '0' && c <= '9')) return this.parseNumber();
        if (/[A-Za-z]/.test(c)) return this.parseLiteral();
        return this.unexpected('expected a value');
    }
  }

  private parseObject(): Record<string, unknown> {
    const start = this.lineCol(this.pos);
    this.stack.push({ kind: 'OBJECT', ...start });
    this.pos++;
    const out: Record<string, unknown> = {};
    this.skipWs();
    if (this.text.charAt(this.pos) === '}') {
      this.pos++;
      this.stack.pop();
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.pos >= this.text.length) this.eofInContext();
      if (this.text.charAt(this.pos) !== '"') {
        if (this.text.charAt(this.pos) === ']') this.fail(`Unexpected close marker ']': expected '}' (for OBJECT starting at [Source: ${sourceDescription(this.text)}; line: ${start.line}, column: ${start.column}])`, this.pos + 1);
        this.unexpected('was expecting double-quote to start field name');
      }
      const key = this.parseString();
      this.skipWs();
      if (this.pos >= this.text.length) this.eofInContext();
      if (this.text.charAt(this.pos) !== ':') this.unexpected('was expecting a colon to separate field name and value');
      this.pos++;
      putOwn(out, key, this.parseValue()); // as JSON.parse: `__proto__` is an own key
      if (this.closedAfterEntry('OBJECT', start)) return out;
    }
  }

  private parseArray(): unknown[] {
    const start = this.lineCol(this.pos);
    this.stack.push({ kind: 'ARRAY', ...start });
    this.pos++;
    const out: unknown[] = [];
    this.skipWs();
    if (this.text.charAt(this.pos) === ']') {
      this.pos++;
      this.stack.pop();
      return out;
    }
    for (;;) {
      out.push(this.parseValue());
      if (this.closedAfterEntry('ARRAY', start)) return out;
    }
  }

  /**
   * After an entry of an object or array: a comma (false: another entry follows) or the
   * container's close marker (true, the container is done); anything else fails with Jackson's
   * message, naming the wrong close marker when it is the other container's.
   */
  private closedAfterEntry(kind: 'OBJECT' | 'ARRAY', start: { line: number; column: number }): boolean {
    const [close, other] = kind === 'OBJECT' ? ['}', ']'] : [']', '}'];
    this.skipWs();
    if (this.pos >= this.text.length) this.eofInContext();
    const c = this.text.charAt(this.pos);
    if (c === ',') {
      this.pos++;
      return false;
    }
    if (c === close) {
      this.pos++;
      this.stack.pop();
      return true;
    }
    if (c === other) this.fail(`Unexpected close marker '${other}': expected '${close}' (for ${kind} starting at [Source: ${sourceDescription(this.text)}; line: ${start.line}, column: ${start.column}])`, this.pos + 1);
    return this.unexpected(`was expecting comma to separate ${kind} entries`);
  }

  private parseString(): string {
    const t = this.text;
    let i = this.pos + 1;
    let out = '';
    let chunk = i;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      if (c === 34) {
        out += t.substring(chunk, i);
        this.pos = i + 1;
        return out;
      }
      if (c === 92) {
        out += t.substring(chunk, i);
        const e = t.charAt(i + 1);
        const map: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e === 'u') {
          const hex = t.substr(i + 2, 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            this.pos = i + 2;
            this.fail(`Unexpected character ('${t.charAt(i + 2)}' (code ${t.charCodeAt(i + 2)})): expected a hex-digit for character escape sequence`, i + 3);
          }
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e in map) {
          out += map[e];
          i += 2;
        } else {
          if (i + 1 >= t.length) this.failEof(': was expecting closing quote for a string value');
          this.fail(`Unrecognized character escape '${e}' (code ${t.charCodeAt(i + 1)})`, i + 2);
        }
        chunk = i;
        continue;
      }
      if (c < 32) {
        this.fail(`Illegal unquoted character ((CTRL-CHAR, code ${c})): has to be escaped using backslash to be included in string value`, i + 1);
      }
      i++;
    }
    return this.failEof(': was expecting closing quote for a string value');
  }

  private parseLiteral(): unknown {
    const t = this.text;
    let end = this.pos;
    while (end < t.length && /[A-Za-z0-9_$]/.test(t.charAt(end))) end++;
    const word = t.substring(this.pos, end);
    if (word === 'true' || word === 'false' || word === 'null') {
      this.pos = end;
      return word === 'true' ? true : word === 'false' ? false : null;
    }
    return this.fail(`Unrecognized token '${word}': was expecting ('true', 'false' or 'null')`, end);
  }

  private parseNumber(): number {
    const t = this.text;
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(t.substring(this.pos));
    if (!m || m[0] === '-') {
      this.pos++;
      return this.unexpected('expected digit (0-9) to follow minus sign, for valid numeric value');
    }
    this.pos += m[0].length;
    return Number(m[0]);
  }
}
