/**
 * Finds and loads test files under the suite root (`/work/shared/es-rest-tests`): a selector
 * is a folder (all `.yaml` files below it, recursively) or a file, relative to the suite root
 * or absolute.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { SuiteFile } from './suite-model.js';
import { parseSuiteFile } from './yaml-suite.js';

function toRel(root: string, abs: string): string {
  return relative(root, abs).split(sep).join('/');
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) walk(abs, out);
    else if (entry.name.endsWith('.yaml') || entry.name.endsWith('.yml')) out.push(abs);
  }
}

/**
 * Lists the test files that `selectors` name (all files when empty), as sorted paths relative
 * to `root` with `/` separators.
 * @throws Error when a selector names nothing.
 */
export function listSuiteFiles(root: string, selectors: readonly string[] = []): string[] {
  const found = new Set<string>();
  const targets = selectors.length > 0 ? selectors : ['.'];
  for (const selector of targets) {
    const abs = isAbsolute(selector) ? selector : join(root, selector);
    let stat;
    try {
      stat = statSync(abs);
    } catch {
      throw new Error(`no test folder or file [${selector}] under ${root}`);
    }
    const files: string[] = [];
    if (stat.isDirectory()) walk(abs, files);
    else files.push(abs);
    for (const f of files) found.add(toRel(root, f));
  }
  return [...found].sort();
}

/** Reads and parses one test file. */
export function loadSuiteFile(root: string, relPath: string): SuiteFile {
  return parseSuiteFile(relPath, readFileSync(join(root, relPath), 'utf8'));
}
