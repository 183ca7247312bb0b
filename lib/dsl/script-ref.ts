/**
 * A script reference as ES 5.6 `Script.parse(parser, defaultLang)` reads it: a bare string
 * (inline, default language `painless`) or an object with exactly one of `inline` (alias
 * `source`, as 6.x clients send it; an object is kept as its JSON text), `file`,
 * `stored` (alias `id`), plus `lang`, `params`, `options`.
 */
import { EsError } from '../errors/errors.js';
import { javaToString } from '../errors/java-value.js';
import { isObject, textValue, tokenOf, type JsonObject } from './xcontent.js';
import { dict } from '../dict.js';

/** `ScriptType`. */
export type ScriptType = 'inline' | 'stored' | 'file';

/** A parsed script reference. */
export interface ScriptRef {
  type: ScriptType;
  /** Source code (inline) or the script id/name (stored/file). */
  idOrCode: string;
  /** Language; default `painless` (ES 5.x applies the default to every script type). */
  lang: string;
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
  let params: Record<string, unknown> = dict();
  let options: Record<string, string> | undefined;
  const setType = (t: ScriptType, code: string): void => {
    // (sic) ES 5.x builds this message with stray " + " fragments
    if (type !== undefined) throw iae('must only use one of [inline + , stored + , file] when specifying a script');
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
        throw new EsError('parsing_exception', 400, `[script] unknown field [${key}], parser not found`, {
          metadata: { line: 1, col: 1 },
          causedBy: iae(`[script] unknown field [${key}], parser not found`),
        });
    }
  }
  if (type === undefined || idOrCode === undefined) {
    throw iae('must specify either code for an [inline] script or an id for a [stored] script or [file] script');
  }
  const opts = options ?? {};
  const extra = Object.keys(opts).filter((k) => k !== 'content_type');
  if (extra.length > 0) {
    // Java's Map.toString: {k=v, k2=v2}
    throw iae(`illegal compiler options [{${Object.entries(opts).map(([k, o]) => `${k}=${javaToString(o)}`).join(', ')}}] specified`);
  }
  if (type !== 'inline' && Object.keys(opts).length > 0) {
    throw iae(`Compiler options [{${Object.entries(opts).map(([k, o]) => `${k}=${javaToString(o)}`).join(', ')}}] cannot be specified at runtime for [${type.toUpperCase()}] scripts.`);
  }
  // ES 5.x: the default language applies to every script type
  const resolvedLang = lang ?? defaultLang;
  return {
    type,
    idOrCode,
    lang: resolvedLang,
    params,
    ...(options !== undefined ? { options } : {}),
  };
}
