/**
 * Index and alias name rules of ES 5.6 `MetaDataCreateIndexService#validateIndexOrAliasName`.
 */
import { invalidIndexName } from '../errors/errors.js';

const INVALID_CHARS = [' ', '"', '*', '\\', '<', '|', ',', '>', '/', '?'];

/** Throw `invalid_index_name_exception` when `name` breaks ES's rules. */
export function validateIndexName(name: string): void {
  // ES 5.6 reads `name.charAt(0)` here and fails with a StringIndexOutOfBoundsException; later
  // versions give this answer, which is the one a client can act on.
  if (name === '') throw invalidIndexName(name, 'must not be empty');
  if (INVALID_CHARS.some((c) => name.includes(c))) {
    throw invalidIndexName(name, `must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]`);
  }
  if (name.includes('#')) throw invalidIndexName(name, `must not contain '#'`);
  if (name.startsWith('_') || name.startsWith('-') || name.startsWith('+')) {
    throw invalidIndexName(name, `must not start with '_', '-', or '+'`);
  }
  if (name !== name.toLowerCase()) throw invalidIndexName(name, 'must be lowercase');
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > 255) throw invalidIndexName(name, `index name is too long, (${bytes} > 255)`);
  if (name === '.' || name === '..') throw invalidIndexName(name, `must not be '.' or '..'`);
}
