/**
 * The `script` processor (ES 5.6 `ingest-common` `ScriptProcessor`): runs a script with `ctx` as
 * the document — its source fields and metadata fields (`_index`, `_type`, `_id`, `_routing`,
 * `_parent`) in one map, which the script changes in place — and `params`. Config: `lang`
 * (default painless), exactly one of `inline`, `id` (a stored script) or `file`, and `params`.
 * The script is compiled when the pipeline is built, so a script that does not compile fails the
 * put (or simulate) with the compile error, carrying the processor headers and the property
 * used. It runs on the event loop under the script watchdog (docs/scripting.md).
 */
import type { ScriptRef } from '../../dsl/script-ref.js';
import { DEFAULT_SCRIPT_LANG } from '../../dsl/script-ref.js';
import { EsError, toEsError } from '../../errors/errors.js';
import type { ScriptService } from '../../script/script-service.js';
import { toHost, toScript } from '../../script/runtime/values.js';
import type { ConfigReader } from '../config.js';
import type { IngestDocument } from '../ingest-document.js';
import type { Execute } from './mutate.js';

/** `ConfigurationUtils.newConfigurationException(type, tag, property, cause)`: the cause itself, with the processor headers. */
function withHeaders(c: ConfigReader, property: string, cause: unknown): EsError {
  const e = toEsError(cause);
  const header: Record<string, string> = { processor_type: c.type };
  if (c.tag !== undefined) header.processor_tag = c.tag;
  header.property_name = property;
  return new EsError(e.type, e.status, e.reason, { metadata: { ...e.metadata, header }, ...(e.causedBy ? { causedBy: e.causedBy } : {}) });
}

/** Put the script's `ctx` back into the document: the map is the document, as in ES. */
function replaceContents(doc: IngestDocument, next: Record<string, unknown>): void {
  const target = doc.sourceAndMetadata;
  for (const k of Object.keys(target)) if (!(k in next)) delete target[k];
  for (const [k, v] of Object.entries(next)) target[k] = v;
}

/** The factory of the `script` processor for a node's script service. */
export function scriptProcessor(scripts: ScriptService): (c: ConfigReader) => Execute {
  return (c) => {
    const lang = c.string('lang', DEFAULT_SCRIPT_LANG)!;
    const inline = c.string('inline', undefined);
    const file = c.string('file', undefined);
    const id = c.string('id', undefined);
    const params = c.map('params', false) ?? {};
    const given = [file, id, inline].filter((s) => s !== undefined && s.length > 0).length;
    if (given === 0) throw c.error(undefined, 'Need [file], [id], or [inline] parameter to refer to scripts');
    if (given > 1) throw c.error(undefined, 'Only one of [file], [id], or [inline] may be configured');
    const [property, ref]: [string, ScriptRef] = file
      ? ['file', { type: 'file', idOrCode: file, lang, params }]
      : id
        ? ['id', { type: 'stored', idOrCode: id, lang, params }]
        : ['inline', { type: 'inline', idOrCode: inline!, lang, params }];
    try {
      scripts.compile(ref, 'ingest');
    } catch (e) {
      // ES wraps only a ScriptException (a compile error); a missing stored script or a disabled
      // language propagates as it is
      if (toEsError(e).type === 'script_exception') throw withHeaders(c, property, e);
      throw e;
    }
    return (doc) => {
      const { script } = scripts.compile(ref, 'ingest');
      const ctx = toScript(doc.sourceAndMetadata) as Map<unknown, unknown>;
      script.execute({ params: toScript(params), ctx });
      const next = toHost(ctx);
      if (next === null || typeof next !== 'object' || Array.isArray(next)) throw new EsError('class_cast_exception', 500, 'java.lang.Object cannot be cast to java.util.Map');
      replaceContents(doc, next as Record<string, unknown>);
    };
  };
}
