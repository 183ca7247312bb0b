/**
 * Java regular expressions as ES settings carry them (`pattern`, `flags`), translated to
 * JavaScript once at configuration time. Covers what analysis settings use in practice:
 * Java's POSIX classes, `\p{...}` properties, and the `Pattern` flag names.
 */
import { illegalArgument } from '../errors/errors.js';
import { own } from '../dict.js';

const POSIX: Record<string, string> = {
  Lower: 'a-z', Upper: 'A-Z', ASCII: '\\x00-\\x7F', Alpha: 'a-zA-Z', Digit: '0-9', Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~', Graph: '!-~', Print: ' -~', Blank: ' \\t', Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F', Space: ' \\t\\n\\x0B\\f\\r', javaLowerCase: '\\p{Ll}', javaUpperCase: '\\p{Lu}',
  javaWhitespace: '\\s', IsAlphabetic: '\\p{Alphabetic}', IsLetter: '\\p{L}', IsDigit: '\\p{Nd}',
  IsWhite_Space: '\\p{White_Space}', IsPunctuation: '\\p{P}', IsUppercase: '\\p{Lu}', IsLowercase: '\\p{Ll}',
};

/** Map of Java `Pattern` flag names (ES `flags` setting, `|` separated) to JS flags. */
const FLAGS: Record<string, string> = {
  CASE_INSENSITIVE: 'i', MULTILINE: 'm', DOTALL: 's', UNICODE_CASE: '', UNICODE_CHARACTER_CLASS: '',
  COMMENTS: '', CANON_EQ: '', LITERAL: '', UNIX_LINES: '',
};

function translate(pattern: string): { source: string; unicode: boolean } {
  let unicode = false;
  let source = pattern.replace(/\\([pP])\{(?:Is)?(\w+)\}/g, (whole, p: string, name: string) => {
    const posix = own(POSIX, name) ?? own(POSIX, `Is${name}`);
    unicode = true;
    if (posix === undefined) return whole;
    // Property escapes translate to property escapes; POSIX ranges to a (negated) class.
    if (posix.startsWith('\\p') || posix === '\\s') return p === 'P' ? posix.replace('\\p', '\\P').replace('\\s', '\\S') : posix;
    return p === 'P' ? `[^${posix}]` : `[${posix}]`;
  });
  // Java allows possessive quantifiers and atomic groups; approximate them as greedy / plain groups.
  source = source.replace(/([*+?}])\+/g, '$1').replace(/\(\?>/g, '(?:');
  return { source, unicode };
}

/** Compile a Java regex with ES `flags` ("CASE_INSENSITIVE|COMMENTS"); always global. */
export function compileJavaRegex(pattern: string, flags?: string): RegExp {
  let js = 'g';
  if (flags) {
    for (const f of flags.split('|')) {
      const name = f.trim();
      if (!name) continue;
      const mapped = own(FLAGS, name);
      if (mapped === undefined) throw illegalArgument(`Unknown regex flag [${name}]`);
      if (mapped && !js.includes(mapped)) js += mapped;
    }
  }
  const { source, unicode } = translate(pattern);
  try {
    return new RegExp(source, unicode ? js + 'u' : js);
  } catch {
    try {
      return new RegExp(source, js);
    } catch (err) {
      throw illegalArgument(`Invalid regex pattern [${pattern}]: ${(err as Error).message}`);
    }
  }
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
