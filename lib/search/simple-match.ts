/** ES `Regex.simpleMatch`: `*` wildcards only. */
export function simpleMatch(pattern: string, str: string): boolean {
  const first = pattern.indexOf('*');
  if (first === -1) return pattern === str;
  if (first === 0) {
    if (pattern.length === 1) return true;
    const next = pattern.indexOf('*', 1);
    if (next === -1) return str.endsWith(pattern.slice(1));
    if (next === 1) return simpleMatch(pattern.slice(1), str);
    const part = pattern.slice(1, next);
    let idx = str.indexOf(part);
    while (idx !== -1) {
      if (simpleMatch(pattern.slice(next), str.slice(idx + part.length))) return true;
      idx = str.indexOf(part, idx + 1);
    }
    return false;
  }
  return str.length >= first && pattern.slice(0, first) === str.slice(0, first) && simpleMatch(pattern.slice(first), str.slice(first));
}
