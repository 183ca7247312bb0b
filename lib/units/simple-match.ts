/**
 * ES `Regex.simpleMatch`: `*` matches any run of characters, everything else is literal.
 * ES recurses once per `*` and candidate position, which is polynomial in the value with the
 * number of stars as exponent (`*a*a*a*a*b` against a long run of `a`); this is the greedy
 * two-pointer glob match instead: at most pattern length × value length steps.
 */
export function simpleMatch(pattern: string, str: string): boolean {
  let p = 0;
  let s = 0;
  let star = -1;
  let resume = 0;
  while (s < str.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = s;
    } else if (p < pattern.length && pattern[p] === str[s]) {
      p++;
      s++;
    } else if (star >= 0) {
      // let the last star swallow one more character and retry what follows it
      p = star + 1;
      s = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether `s` holds a `*` (ES `Regex.isSimpleMatchPattern`). */
export function isSimpleMatchPattern(s: string): boolean {
  return s.includes('*');
}
