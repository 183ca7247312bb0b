/**
 * ES `Regex.simpleMatch`: `*` matches any run of characters (several `*` allowed); everything
 * else is literal. Used by filter_path segments and cat `h` column wildcards.
 */
export function simpleMatch(pattern: string, str: string): boolean {
  const firstIndex = pattern.indexOf('*');
  if (firstIndex === -1) return pattern === str;
  if (firstIndex === 0) {
    if (pattern.length === 1) return true;
    const nextIndex = pattern.indexOf('*', 1);
    if (nextIndex === -1) return str.endsWith(pattern.substring(1));
    if (nextIndex === 1) return simpleMatch(pattern.substring(1), str);
    const part = pattern.substring(1, nextIndex);
    let partIndex = str.indexOf(part);
    while (partIndex !== -1) {
      if (simpleMatch(pattern.substring(nextIndex), str.substring(partIndex + part.length))) return true;
      partIndex = str.indexOf(part, partIndex + 1);
    }
    return false;
  }
  return (
    str.length >= firstIndex &&
    pattern.substring(0, firstIndex) === str.substring(0, firstIndex) &&
    simpleMatch(pattern.substring(firstIndex), str.substring(firstIndex))
  );
}

/** Whether `s` holds a `*` (ES `Regex.isSimpleMatchPattern`). */
export function isSimpleMatchPattern(s: string): boolean {
  return s.includes('*');
}
