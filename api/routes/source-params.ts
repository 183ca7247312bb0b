/**
 * The `_source`, `_source_include(s)`, `_source_exclude(s)` and `stored_fields` URL parameters.
 */
import type { RestRequest } from '../types.js';
import { illegalArgument } from '../../lib/errors/errors.js';

/** The `_source` spec from URL parameters, or undefined when none was given. */
export function sourceParam(req: RestRequest): unknown {
  const raw = req.param('_source');
  const inc = req.paramAsList('_source_include') ?? req.paramAsList('_source_includes');
  const exc = req.paramAsList('_source_exclude') ?? req.paramAsList('_source_excludes');
  if (inc || exc) return { includes: inc ?? [], excludes: exc ?? [] };
  if (raw === undefined) return undefined;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  if (raw === '' || raw === 'true') return true;
  return raw.split(',');
}

export function storedFieldsParam(req: RestRequest): string[] | undefined {
  if (req.param('fields') !== undefined) {
    throw illegalArgument('The parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or or [_source] to load the field from _source');
  }
  return req.paramAsList('stored_fields');
}
