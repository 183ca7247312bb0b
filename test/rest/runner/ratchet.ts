/**
 * The conformance ratchet's files: `test/conformance/passing.txt` (one test id per line,
 * sorted; it only grows) and `test/conformance/excluded.tsv` (`<test id>\t<reason>`: tests of
 * the targeted folders we choose not to pass because that copy contradicts ES 5.6).
 * Lines starting with `#` and blank lines are ignored in both.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

function contentLines(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

/** Test ids listed in a passing list. */
export function readPassingList(file: string): string[] {
  return contentLines(file).map((l) => l.trim());
}

/** Excluded test ids with their reasons. */
export function readExcludedList(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of contentLines(file)) {
    const tab = line.indexOf('\t');
    if (tab < 0) out.set(line.trim(), '');
    else out.set(line.slice(0, tab).trim(), line.slice(tab + 1).trim());
  }
  return out;
}

/** Sorts ids by UTF-16 code units (stable across locales) and removes duplicates. */
export function sortIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Adds `newlyPassing` to the list in `file` (never removes anything) and returns the ids that
 * were not listed before.
 */
export function appendPassing(file: string, newlyPassing: Iterable<string>): string[] {
  const current = readPassingList(file);
  const known = new Set(current);
  const added = sortIds([...newlyPassing].filter((id) => !known.has(id)));
  if (added.length > 0) writeFileSync(file, `${sortIds([...current, ...added]).join('\n')}\n`);
  return added;
}
