/**
 * Java regular expressions as ES settings and scripts carry them (`pattern`, `flags`), run by
 * RE2, a linear-time engine: no user pattern can backtrack catastrophically (issue 8). The Java
 * syntax is translated once at configuration time: POSIX classes, `\p{...}` properties,
 * `\Q...\E`, the `Pattern` flag names. Constructs that need backtracking (backreferences,
 * lookahead, lookbehind, `\G`) are refused with `illegal_argument_exception`.
 */
import RE2 from 're2';
import { illegalArgument } from '../errors/errors.js';
import { own } from '../dict.js';

/** Java POSIX and `java.lang.Character` classes as RE2 class bodies (usable inside `[...]`). */
const POSIX: Record<string, string> = {
  Lower: 'a-z', Upper: 'A-Z', ASCII: '\\x00-\\x7F', Alpha: 'a-zA-Z', Digit: '0-9', Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~', Graph: '!-~', Print: ' -~', Blank: ' \\t', Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F', Space: ' \\t\\n\\x0B\\f\\r', javaLowerCase: '\\p{Ll}', javaUpperCase: '\\p{Lu}',
  javaWhitespace: ' \\t\\n\\x0B\\f\\r\\x1C-\\x1F', IsAlphabetic: '\\p{L}\\p{Nl}', IsLetter: '\\p{L}', IsDigit: '\\p{Nd}',
  IsWhite_Space: '\\t-\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}',
  IsPunctuation: '\\p{P}', IsUppercase: '\\p{Lu}', IsLowercase: '\\p{Ll}',
};

/** Java's `\s` (ASCII whitespace incl. \x0B; RE2's `\s` lacks \x0B) and `\h` as class bodies. */
const JAVA_S = ' \\t\\n\\x0B\\f\\r';
const JAVA_H = ' \\t\\x{A0}\\x{1680}\\x{180E}\\x{2000}-\\x{200A}\\x{202F}\\x{205F}\\x{3000}';

/** Java `Pattern` flag names (ES `flags` setting, `|` separated) to RE2 flags ('' = none needed or none exists). */
const FLAGS: Record<string, string> = {
  CASE_INSENSITIVE: 'i', MULTILINE: 'm', DOTALL: 's', UNICODE_CASE: '', UNICODE_CHARACTER_CLASS: '',
  COMMENTS: '', CANON_EQ: '', LITERAL: '', UNIX_LINES: '',
};

/** Raised for Java syntax that a linear-time engine cannot run. */
function refuse(pattern: string, what: string): Error {
  return illegalArgument(`Invalid regex pattern [${pattern}]: ${what} is not supported (regular expressions run in linear time, without backtracking)`);
}

/** A `\p{Name}` / `\P{Name}` escape as RE2 syntax, inside a `[...]` class or standing alone. */
function property(name: string, negated: boolean, inClass: boolean): string {
  const body = own(POSIX, name) ?? own(POSIX, `Is${name}`) ?? `\\p{${name.replace(/^Is/, '')}}`;
  const single = /^\\p\{[^}]+\}$/.test(body);
  if (single) return negated ? body.replace('\\p', '\\P') : body;
  if (!negated) return inClass ? body : `[${body}]`;
  // RE2 cannot negate a range list inside a class; only a standalone negated class works
  if (inClass) throw illegalArgument(`Invalid regex pattern: \\P{${name}} inside a character class is not supported`);
  return `[^${body}]`;
}

/**
 * Java regex syntax to RE2 syntax. Possessive quantifiers and atomic groups become greedy
 * quantifiers and plain groups (the same matches in practice); backreferences, lookaround and
 * `\G` need backtracking and are refused. With COMMENTS, whitespace and `#` comments are dropped.
 */
function translate(pattern: string, comments: boolean): string {
  let out = '';
  let inClass = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    const next = pattern[i + 1];
    if (c === '\\') {
      if ((next === 'p' || next === 'P') && pattern[i + 2] === '{' && pattern.indexOf('}', i + 3) > 0) {
        const close = pattern.indexOf('}', i + 3);
        out += property(pattern.slice(i + 3, close), next === 'P', inClass > 0);
        i = close;
      } else if (next === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        out += quote(pattern.slice(i + 2, end < 0 ? pattern.length : end));
        i = end < 0 ? pattern.length : end + 1;
      } else {
        if (next !== undefined && inClass === 0 && /[1-9]/.test(next)) throw refuse(pattern, `the backreference \\${next}`);
        if (next === 'k') throw refuse(pattern, 'the named backreference \\k');
        if (next === 'G') throw refuse(pattern, '\\G');
        if (next === 'Z') out += '$';
        else if (next === 'h') out += inClass ? JAVA_H : `[${JAVA_H}]`;
        else if (next === 'e') out += '\\x1B';
        else if (next === 's') out += inClass ? JAVA_S : `[${JAVA_S}]`;
        else if (next === 'S' && inClass === 0) out += `[^${JAVA_S}]`;
        else out += c + (next ?? '');
        i++;
      }
      continue;
    }
    if (inClass > 0) {
      if (c === '[') inClass++;
      else if (c === ']') inClass--;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = 1;
      out += c;
      // a `]` right after the opening bracket (or `[^`) is a literal
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') out += '\\' + pattern[++i];
      continue;
    }
    if (c === '(' && next === '?') {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith('=') || rest.startsWith('!')) throw refuse(pattern, `the lookahead (?${rest[0]}`);
      if (rest.startsWith('<=') || rest.startsWith('<!')) throw refuse(pattern, `the lookbehind (?${rest.slice(0, 2)}`);
      if (rest.startsWith('>')) {
        out += '(?:';
        i += 2;
        continue;
      }
    }
    if ((c === '*' || c === '+' || c === '?' || c === '}') && next === '+') {
      out += c;
      i++;
      continue;
    }
    if (comments && /\s/.test(c)) continue;
    if (comments && c === '#') {
      while (i + 1 < pattern.length && pattern[i + 1] !== '\n') i++;
      continue;
    }
    out += c;
  }
  return out;
}

function quote(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&');
}

/**
 * Compile a Java regex with ES `flags` ("CASE_INSENSITIVE|COMMENTS") to a global RE2 regex: a
 * `RegExp`-compatible object whose matching time is linear in the input. Throws
 * `illegal_argument_exception` for invalid or refused patterns.
 */
export function compileJavaRegex(pattern: string, flags?: string): RegExp {
  let js = 'g';
  let comments = false;
  let literal = false;
  if (flags) {
    for (const f of flags.split('|')) {
      const name = f.trim();
      if (!name) continue;
      const mapped = own(FLAGS, name);
      if (mapped === undefined) throw illegalArgument(`Unknown regex flag [${name}]`);
      if (name === 'COMMENTS') comments = true;
      if (name === 'LITERAL') literal = true;
      if (mapped && !js.includes(mapped)) js += mapped;
    }
  }
  return linearRegex(literal ? quote(pattern) : translate(pattern, comments), js, pattern);
}

/**
 * An RE2 regex of RE2-syntax `source` with JavaScript-style `flags` (`u` is implied); errors
 * name `original`, as ES's `Invalid regex pattern [...]`.
 */
export function linearRegex(source: string, flags: string, original: string = source): RegExp {
  try {
    return new RE2(source, flags.includes('u') ? flags : flags + 'u');
  } catch (err) {
    throw illegalArgument(`Invalid regex pattern [${original}]: ${(err as Error).message}`);
  }
}

/**
 * A variant of a regex from `compileJavaRegex` with other flags, optionally anchored to the
 * whole input (Java `Matcher#matches`). Still RE2, so still linear.
 */
export function deriveRegex(re: RegExp, flags: string, anchored = false): RegExp {
  return linearRegex(anchored ? `^(?:${re.source})$` : re.source, flags);
}

/**
 * Java regex syntax checked and translated for RE2, for callers that assemble a larger pattern
 * (grok): throws like `compileJavaRegex` for refused constructs.
 */
export function javaToRe2Syntax(pattern: string): string {
  return translate(pattern, false);
}

/**
 * A Java `Matcher.appendReplacement` replacement: `$n` / `${name}` are groups, `\x` is a
 * literal x. Compiled once into a function of the match.
 */
export function javaReplacement(replacement: string): (m: RegExpExecArray) => string {
  if (!/[$\\]/.test(replacement)) return () => replacement;
  const parts: Array<string | number | { name: string }> = [];
  let lit = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!;
    if (c === '\\' && i + 1 < replacement.length) {
      lit += replacement[++i];
    } else if (c === '$' && i + 1 < replacement.length) {
      const rest = replacement.slice(i + 1);
      const named = /^\{(\w+)\}/.exec(rest);
      const num = /^\d/.exec(rest);
      if (named) {
        if (lit) parts.push(lit), (lit = '');
        parts.push({ name: named[1]! });
        i += named[0].length;
      } else if (num) {
        if (lit) parts.push(lit), (lit = '');
        parts.push(Number(num[0]));
        i += 1;
      } else lit += c;
    } else lit += c;
  }
  if (lit) parts.push(lit);
  return (m) => {
    let s = '';
    for (const p of parts) {
      if (typeof p === 'string') s += p;
      else if (typeof p === 'number') s += m[p] ?? '';
      else s += m.groups?.[p.name] ?? '';
    }
    return s;
  };
}

/**
 * Java `Pattern#split(input, limit)`: unlike JavaScript's `split`, captured groups are not
 * spliced into the result, a zero-width match at the start yields no leading empty string,
 * and with `limit` 0 trailing empty strings are dropped. `re` must be global.
 */
export function javaSplit(re: RegExp, input: string, limit = 0): string[] {
  const out: string[] = [];
  let index = 0;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(input)) !== null) {
    const end = m.index + m[0].length;
    if (m[0].length === 0) re.lastIndex++;
    if (limit > 0 && out.length >= limit - 1) break;
    if (index === 0 && m.index === 0 && end === 0) continue;
    out.push(input.slice(index, m.index));
    index = end;
  }
  if (index === 0 && out.length === 0) return [input];
  out.push(input.slice(index));
  if (limit === 0) while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}
