/**
 * A script reference as ES 5.6 `Script.parse(parser, defaultLang)` reads it: a bare string
 * (inline, default language `painless`) or an object with exactly one of `inline` (alias
 * `source`, as 6.x clients send it; an object is kept as its JSON text), `file`,
 * `stored` (alias `id`), plus `lang`, `params`, `options`.
 */
import { EsError } from '../errors/errors.js';
import { isObject, textValue, tokenOf, type JsonObject } from './xcontent.js';

/** `ScriptType`. */
export type ScriptType = 'inline' | 'stored' | 'file';

/** A parsed script reference. */
export interface ScriptRef {
  type: ScriptType;
  /** Source code (inline) or the script id/name (stored/file). */
  idOrCode: string;
  /** Language; default `painless` for inline scripts, unset for stored/file. */
  lang?: string;
  params: Record<string, unknown>;
  /** Compiler options (inline only). */
  options?: Record<string, string>;
}

/** Default script language of ES 5.x. */
export const DEFAULT_SCRIPT_LANG = 'painless';

function iae(reason: string): EsError {
  return new EsError('illegal_argument_exception', 400, reason);
}

/** Parse a script value; errors are ES's (`parsing_exception` from the script ObjectParser, or IAE). */
export function parseScript(v: unknown, defaultLang = DEFAULT_SCRIPT_LANG): ScriptRef {
  if (typeof v === 'string') return { type: 'inline', idOrCode: v, lang: defaultLang, params: {} };
  if (!isObject(v)) {
    throw iae(`[script] script doesn't support values of type: ${tokenOf(v)}`);
  }
  let type: ScriptType | undefined;
  let idOrCode: string | undefined;
  let lang: string | undefined;
  let params: Record<string, unknown> = {};
  let options: Record<string, string> | undefined;
  const setType = (t: ScriptType, code: string): void => {
    if (type !== undefined) throw iae('must only use one of [inline, file, stored] when specifying a script');
    type = t;
    idOrCode = code;
  };
  for (const [key, val] of Object.entries(v as JsonObject)) {
    switch (key) {
      case 'inline':
      case 'source':
        setType('inline', isObject(val) ? JSON.stringify(val) : textValue(val));
        break;
      case 'file':
        setType('file', textValue(val));
        break;
      case 'stored':
      case 'id':
        setType('stored', textValue(val));
        break;
      case 'lang':
        lang = textValue(val);
        break;
      case 'params':
        if (!isObject(val)) throw iae(`[script] params doesn't support values of type: ${tokenOf(val)}`);
        params = val;
        break;
      case 'options':
        if (!isObject(val)) throw iae(`[script] options doesn't support values of type: ${tokenOf(val)}`);
        options = Object.fromEntries(Object.entries(val).map(([k, o]) => [k, textValue(o)]));
        break;
      default:
        throw new EsError('parsing_exception', 400, `[script] unknown field [${key}], parser not found`, { metadata: { line: 1, col: 1 } });
    }
  }
  if (type === undefined || idOrCode === undefined) {
    throw iae('must specify either code for an [inline] script or an id for a [stored] script');
  }
  if (type !== 'inline' && options !== undefined && Object.keys(options).length > 0) {
    throw iae(`illegal compiler options [${JSON.stringify(options)}] specified`);
  }
  const resolvedLang = type === 'inline' ? (lang ?? defaultLang) : lang;
  return {
    type,
    idOrCode,
    ...(resolvedLang !== undefined ? { lang: resolvedLang } : {}),
    params,
    ...(options !== undefined ? { options } : {}),
  };
}
