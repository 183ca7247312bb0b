/**
 * Parsing of `POST /_aliases` bodies into typed alias actions (ES 5.6
 * `IndicesAliasesRequest.AliasActions` parsers and `validate`), with ES's messages.
 */
import type { AliasMetadata } from '../../cluster/state.js';
import { EsError, illegalArgument, actionRequestValidation } from '../../errors/errors.js';
import { buildAliasMetadata } from './alias-definition.js';

export type AliasActionType = 'add' | 'remove' | 'remove_index';

/** One entry of `actions`: index expressions and alias names (none for `remove_index`). */
export interface AliasAction {
  type: AliasActionType;
  indices: string[];
  aliases: string[];
  /** Only for `add`. */
  meta?: AliasMetadata;
}

function parsingError(reason: string, causedBy?: EsError): EsError {
  return new EsError('parsing_exception', 400, reason, { metadata: { line: 1, col: 1 }, ...(causedBy ? { causedBy } : {}) });
}

function stringList(v: unknown, field: string, action: string): string[] {
  if (typeof v === 'string') return [v];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw parsingError(`[${action}] ${field} doesn't support values of type: ${Array.isArray(v) ? 'START_ARRAY' : typeof v === 'object' ? 'START_OBJECT' : 'VALUE'}`);
  }
  return v as string[];
}

function text(v: unknown, field: string, action: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw parsingError(`[${action}] ${field} doesn't support values of type: ${Array.isArray(v) ? 'START_ARRAY' : 'START_OBJECT'}`);
}

/** Parse one `{add|remove|remove_index: {...}}` element. */
export function parseAliasAction(entry: unknown): AliasAction {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw parsingError('[alias_action] expected an object');
  }
  const keys = Object.keys(entry);
  const known = keys.filter((k): k is AliasActionType => k === "add" || k === "remove" || k === "remove_index");
  for (const k of keys) if (!(known as string[]).includes(k)) throw parsingError(`[alias_action] unknown field [${k}], parser not found`);
  if (known.length > 1) {
    throw parsingError('[alias_action] failed to parse field [' + known[1] + ']', illegalArgument('Too many operations declared in on opeation entry'));
  }
  const type = known[0] as AliasActionType | undefined;
  if (!type) throw illegalArgument('Too many operations declared in on opeation entry');
  const body = (entry as Record<string, unknown>)[type];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw parsingError(`[${type}] expected an object`);
  let indices: string[] | undefined;
  let aliases: string[] = [];
  let filter: Record<string, unknown> | undefined;
  let routing: string | undefined;
  let indexRouting: string | undefined;
  let searchRouting: string | undefined;
  const wrap = (field: string, fn: () => void): void => {
    try {
      fn();
    } catch (e) {
      if (e instanceof EsError && e.type === 'illegal_argument_exception') {
        throw parsingError(`[${type}] failed to parse field [${field}]`, e);
      }
      throw e;
    }
  };
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    switch (k) {
      case 'index':
        wrap(k, () => {
          if (indices !== undefined) throw illegalArgument('Only one of [index] and [indices] is supported');
          const s = text(v, k, type);
          if (s.length === 0) throw illegalArgument('[index] can\'t be empty string');
          indices = [s];
        });
        break;
      case 'indices':
        wrap(k, () => {
          if (indices !== undefined) throw illegalArgument('Only one of [index] and [indices] is supported');
          const list = stringList(v, k, type);
          if (list.length === 0) throw illegalArgument('[indices] can\'t be empty');
          if (list.some((s) => s.length === 0)) throw illegalArgument('[indices] can\'t contain empty string');
          indices = list;
        });
        break;
      case 'alias':
        wrap(k, () => {
          if (aliases.length > 0) throw illegalArgument('Only one of [alias] and [aliases] is supported');
          if (type === 'remove_index') throw illegalArgument('[alias] is unsupported for [REMOVE_INDEX]');
          const s = text(v, k, type);
          if (s.length === 0) throw illegalArgument('[alias] can\'t be empty string');
          aliases = [s];
        });
        break;
      case 'aliases':
        wrap(k, () => {
          if (aliases.length > 0) throw illegalArgument('Only one of [alias] and [aliases] is supported');
          if (type === 'remove_index') throw illegalArgument('[aliases] is unsupported for [REMOVE_INDEX]');
          const list = stringList(v, k, type);
          if (list.length === 0) throw illegalArgument('[aliases] can\'t be empty');
          if (list.some((s) => s.length === 0)) throw illegalArgument('[aliases] can\'t contain empty string');
          aliases = list;
        });
        break;
      case 'filter':
        if (type !== 'add') throw parsingError(`[${type}] unknown field [${k}], parser not found`);
        if (v !== null && (typeof v !== 'object' || Array.isArray(v))) throw parsingError(`[${type}] filter doesn't support values of type: VALUE`);
        if (v && Object.keys(v as object).length > 0) filter = v as Record<string, unknown>;
        break;
      case 'routing':
      case 'index_routing':
      case 'search_routing':
        if (type !== 'add') throw parsingError(`[${type}] unknown field [${k}], parser not found`);
        if (k === 'routing') routing = text(v, k, type);
        else if (k === 'index_routing') indexRouting = text(v, k, type);
        else searchRouting = text(v, k, type);
        break;
      default:
        throw parsingError(`[${type}] unknown field [${k}], parser not found`);
    }
  }
  // AliasActions#validate, run when the action is added to the request.
  if (indices === undefined) throw illegalArgument('One of [index] or [indices] is required');
  if (type !== 'remove_index' && aliases.length === 0) throw illegalArgument('One of [alias] or [aliases] is required');
  const action: AliasAction = { type, indices, aliases };
  if (type === 'add') action.meta = buildAliasMetadata(filter, indexRouting ?? routing, searchRouting ?? routing);
  return action;
}

/** Parse a whole `POST /_aliases` body. */
export function parseAliasActions(body: Record<string, unknown>): AliasAction[] {
  const out: AliasAction[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (k !== 'actions') throw parsingError(`[aliases] unknown field [${k}], parser not found`);
    if (!Array.isArray(v)) throw parsingError(`[aliases] actions doesn't support values of type: ${typeof v === 'object' && v !== null ? 'START_OBJECT' : 'VALUE'}`);
    for (const entry of v) out.push(parseAliasAction(entry));
  }
  if (out.length === 0) throw actionRequestValidation(['Must specify at least one alias action']);
  return out;
}
