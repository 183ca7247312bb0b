/**
 * Translates the Java regular expressions used in the REST YAML tests into JavaScript ones.
 *
 * ES's runner compiles `match` regexes with `Pattern.COMMENTS` (whitespace and `#...` comments
 * ignored, also inside character classes, as Java's `Pattern.peekPastWhitespace` does) and
 * tests them with `Matcher.find()` (unanchored), see `MatchAssertion` and `RegexMatcher` in
 * ES 5.6's test framework. A few Java-only constructs are mapped to their JS equivalents:
 * `\A`, `\Z`, `\z`, `\Q...\E`, `\h`, possessive quantifiers, atomic groups, leading inline
 * flags, and `$` (which in Java also matches before a final line terminator).
 */

/** Options for {@link compileJavaRegex}. */
export interface JavaRegexOptions {
  /** Java's `Pattern.COMMENTS` (the `x` flag). */
  readonly comments?: boolean;
}

const JAVA_END = '(?=(?:\\r\\n|[\\n\\r\\u0085\\u2028\\u2029])?$)';
const HORIZONTAL_SPACE = '[ \\t\\xA0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000]';

function isJavaWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';
}

function escapeLiteral(ch: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * Compiles a Java regex source into an equivalent JS `RegExp` (no `g` flag; use `.test()`
 * for Java's `find()` semantics).
 * @throws SyntaxError when the translated pattern is not a valid JS regex.
 */
export function compileJavaRegex(source: string, options: JavaRegexOptions = {}): RegExp {
  let comments = options.comments ?? false;
  let flags = '';
  let src = source;
  // Leading inline flags such as (?x) or (?is): JS has no inline flags.
  const inline = /^\(\?([imsx]+)\)/.exec(src);
  if (inline?.[1] !== undefined) {
    for (const f of inline[1]) {
      if (f === 'x') comments = true;
      else if (!flags.includes(f)) flags += f;
    }
    src = src.slice(inline[0].length);
  }
  let out = '';
  let classDepth = 0;
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    if (ch === '\\') {
      const next = src[i + 1];
      if (next === undefined) {
        out += '\\\\';
        i += 1;
        continue;
      }
      if (next === 'Q') {
        const end = src.indexOf('\\E', i + 2);
        const literal = end < 0 ? src.slice(i + 2) : src.slice(i + 2, end);
        out += [...literal].map(escapeLiteral).join('');
        i = end < 0 ? src.length : end + 2;
        continue;
      }
      if (classDepth === 0 && next === 'A') out += '^';
      else if (classDepth === 0 && next === 'Z') out += JAVA_END;
      else if (classDepth === 0 && next === 'z') out += '$';
      else if (classDepth === 0 && next === 'h') out += HORIZONTAL_SPACE;
      // An escaped whitespace character is a literal even in COMMENTS mode.
      else if (isJavaWhitespace(next)) out += next;
      else out += `\\${next}`;
      i += 2;
      continue;
    }
    if (comments && isJavaWhitespace(ch)) {
      i += 1;
      continue;
    }
    if (comments && ch === '#') {
      while (i < src.length && src[i] !== '\n') i += 1;
      continue;
    }
    if (classDepth > 0) {
      if (ch === '[') classDepth += 1;
      else if (ch === ']') classDepth -= 1;
      // Nested Java classes ([a[b]]) are unions; JS has none, so flatten them.
      if ((ch === '[' && classDepth > 1) || (ch === ']' && classDepth > 0)) {
        i += 1;
        continue;
      }
      out += ch;
      i += 1;
      continue;
    }
    if (ch === '[') {
      classDepth = 1;
      out += ch;
      i += 1;
      // A leading ']' (after an optional '^') is a literal in Java too.
      if (src[i] === '^') {
        out += '^';
        i += 1;
      }
      if (src[i] === ']') {
        out += '\\]';
        i += 1;
      }
      continue;
    }
    if (ch === '$') {
      out += JAVA_END;
      i += 1;
      continue;
    }
    if (ch === '(' && src.startsWith('(?>', i)) {
      out += '(?:';
      i += 3;
      continue;
    }
    if (ch === '+' && /[*+?}]$/.test(out) && !out.endsWith('\\+') && !out.endsWith('\\*') && !out.endsWith('\\?') && !out.endsWith('\\}')) {
      // Possessive quantifier (a*+): JS has none; greedy is the closest.
      i += 1;
      continue;
    }
    out += ch;
    i += 1;
  }
  return new RegExp(out, flags);
}

/**
 * When `value` is written as a regex (`/.../` after trimming, longer than 2 characters, as
 * ES's `MatchAssertion` checks), returns the source between the slashes; otherwise undefined.
 */
export function regexSource(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed.length > 2 && trimmed.startsWith('/') && trimmed.endsWith('/')) return trimmed.slice(1, -1);
  return undefined;
}
