/**
 * Where things are: the project root (found by walking up from the compiled file to the
 * nearest `package.json`, so it works from `dist/`), the REST suite (`../shared/es-rest-tests`
 * relative to the root, overridable with `ES_REST_TESTS`), and the ratchet files.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this module holding a `package.json`. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('project root (package.json) not found');
    dir = parent;
  }
}

/** The ES REST YAML suite folder. */
export function suiteRoot(): string {
  return process.env['ES_REST_TESTS'] ? resolve(process.env['ES_REST_TESTS']) : resolve(projectRoot(), '..', 'shared', 'es-rest-tests');
}

/** `test/conformance/passing.txt`. */
export function passingListPath(): string {
  return join(projectRoot(), 'test', 'conformance', 'passing.txt');
}

/** `test/conformance/excluded.tsv`. */
export function excludedListPath(): string {
  return join(projectRoot(), 'test', 'conformance', 'excluded.tsv');
}
