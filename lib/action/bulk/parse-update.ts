/**
 * The body of `_update` (and of a bulk `update` item) as ES 5.6 `UpdateRequest#fromXContent`.
 */
import type { UpdateSpec } from './types.js';
import { actionRequestValidation } from '../../errors/errors.js';
import { booleanValue } from '../../dsl/xcontent.js';
import { DEFAULT_SCRIPT_LANG, parseScript } from '../../dsl/script-ref.js';

export function parseUpdateBody(
  body: Record<string, unknown>,
  defaults: { retryOnConflict?: number; fields?: string[]; sourceFilter?: unknown; lang?: string },
): UpdateSpec {
  const spec: UpdateSpec = {
    // 5.x XContentParser#booleanValue is lenient: `doc_as_upsert: 1` is true (numbers unless 0).
    docAsUpsert: body.doc_as_upsert === undefined ? false : booleanValue(body.doc_as_upsert),
    detectNoop: body.detect_noop === undefined ? true : booleanValue(body.detect_noop),
    scriptedUpsert: body.scripted_upsert === undefined ? false : booleanValue(body.scripted_upsert),
    retryOnConflict: defaults.retryOnConflict ?? 0,
  };
  if (body.doc !== undefined) spec.doc = body.doc as Record<string, unknown>;
  if (body.upsert !== undefined) spec.upsert = body.upsert as Record<string, unknown>;
  if (body.script !== undefined) {
    // 5.x still reads the legacy top-level `lang` and `params` beside a string `script`
    const lang = typeof body.lang === 'string' ? body.lang : defaults.lang ?? DEFAULT_SCRIPT_LANG;
    const ref = parseScript(body.script, lang);
    if (typeof body.script === 'string' && body.params && typeof body.params === 'object') ref.params = body.params as Record<string, unknown>;
    spec.script = ref;
  }
  const fields = body.fields ?? defaults.fields;
  if (fields !== undefined) spec.fields = Array.isArray(fields) ? fields.map(String) : String(fields).split(',');
  const src = body._source ?? defaults.sourceFilter;
  if (src !== undefined) spec.sourceFilter = src;
  if (spec.doc === undefined && spec.script === undefined) {
    throw actionRequestValidation(['script or doc is missing']);
  }
  if (spec.doc !== undefined && spec.script !== undefined) {
    throw actionRequestValidation(["can't provide both script and doc"]);
  }
  return spec;
}
