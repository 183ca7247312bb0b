/**
 * The `highlight` element of a search body (ES 5.6 `HighlightBuilder.fromXContent`, an
 * ObjectParser named `highlight`, with one `highlight_field` parser per field) parsed into plain
 * JSON-able data that crosses the shard boundary like `query` does. Options left unset stay
 * unset here; {@link resolveFieldOptions} applies ES's precedence (field, then top level, then
 * ES's defaults) the way `HighlightBuilder.build` does.
 */
import { EsError } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import type { Query } from './query-types.js';
import { booleanValue, intValue, isObject, isValue, textValue, tokenOf, type JsonObject } from './xcontent.js';

/** The options a field or the whole request may set (unset: inherited / ES default). */
export interface HighlightOptions {
  preTags?: string[];
  postTags?: string[];
  fragmentSize?: number;
  numberOfFragments?: number;
  fragmentOffset?: number;
  encoder?: string;
  requireFieldMatch?: boolean;
  boundaryMaxScan?: number;
  boundaryChars?: string;
  boundaryScanner?: string;
  boundaryScannerLocale?: string;
  type?: string;
  fragmenter?: string;
  noMatchSize?: number;
  forceSource?: boolean;
  phraseLimit?: number;
  /** `score` or `none`. */
  order?: string;
  highlightFilter?: boolean;
  highlightQuery?: Query;
  /** fvh only. */
  matchedFields?: string[];
  /** `options` as given (for custom highlighters; no built-in one reads them). */
  options?: JsonObject;
}

/** One entry of `fields` (the name may be a wildcard pattern). */
export interface HighlightField extends HighlightOptions {
  name: string;
}

/** A parsed `highlight` element. */
export interface HighlightSpec {
  global: HighlightOptions;
  fields: HighlightField[];
  /** `fields` was given as an array (ES `useExplicitFieldOrder`: printed back as an array). */
  explicitOrder?: boolean;
}

/** The options of one field with every default applied. */
export interface ResolvedHighlightOptions {
  preTags: string[];
  postTags: string[];
  fragmentSize: number;
  numberOfFragments: number;
  fragmentOffset: number;
  encoder: string;
  requireFieldMatch: boolean;
  boundaryMaxScan: number;
  boundaryChars: string;
  /** As asked; unset, each highlighter has its own default (fvh `chars`, unified `sentence`). */
  boundaryScanner?: string;
  type?: string;
  fragmenter?: string;
  noMatchSize: number;
  forceSource: boolean;
  phraseLimit: number;
  scoreOrdered: boolean;
  highlightQuery?: Query;
  matchedFields?: string[];
}

/** ES 5.6 `HighlightBuilder.DEFAULT_STYLED_PRE_TAG`. */
export const STYLED_PRE_TAGS = Array.from({ length: 10 }, (_, i) => `<em class="hlt${i + 1}">`);

const iae = (r: string): EsError => new EsError('illegal_argument_exception', 400, r);

function stringArray(ctx: ParseContext, obj: JsonObject, key: string, parser: string): string[] {
  const v = obj[key];
  const items = Array.isArray(v) ? v : [v];
  return items.map((x) => {
    if (!isValue(x)) throw ctx.error(`[${parser}] ${key} doesn't support values of type: ${tokenOf(x)}`, ctx.atValue(obj, key));
    return textValue(x);
  });
}

/** Parse one option key into `o`; false when the key is not an option. */
function parseOption(ctx: ParseContext, obj: JsonObject, key: string, o: HighlightOptions, parser: string): boolean {
  const v = obj[key];
  switch (key) {
    case 'pre_tags':
      o.preTags = stringArray(ctx, obj, key, parser);
      return true;
    case 'post_tags':
      o.postTags = stringArray(ctx, obj, key, parser);
      return true;
    case 'fragment_size':
      o.fragmentSize = intValue(v);
      return true;
    case 'number_of_fragments':
      o.numberOfFragments = intValue(v);
      return true;
    case 'fragment_offset':
      if (parser === 'highlight') return false;
      o.fragmentOffset = intValue(v);
      return true;
    case 'encoder':
      o.encoder = textValue(v);
      return true;
    case 'require_field_match':
      o.requireFieldMatch = booleanValue(v);
      return true;
    case 'boundary_max_scan':
      o.boundaryMaxScan = intValue(v);
      return true;
    case 'boundary_chars':
      o.boundaryChars = textValue(v);
      return true;
    case 'boundary_scanner': {
      const s = textValue(v).toLowerCase();
      if (s !== 'chars' && s !== 'word' && s !== 'sentence') throw iae(`Invalid boundary_scanner type [${textValue(v)}]`);
      o.boundaryScanner = s;
      return true;
    }
    case 'boundary_scanner_locale':
      o.boundaryScannerLocale = textValue(v);
      return true;
    case 'type':
      o.type = textValue(v);
      return true;
    case 'fragmenter':
      o.fragmenter = textValue(v);
      return true;
    case 'no_match_size':
      o.noMatchSize = intValue(v);
      return true;
    case 'force_source':
      o.forceSource = booleanValue(v);
      return true;
    case 'phrase_limit':
      o.phraseLimit = intValue(v);
      return true;
    case 'order':
      // ES `Order.fromString`: anything but "score" means none
      o.order = textValue(v).toLowerCase() === 'score' ? 'score' : 'none';
      return true;
    case 'highlight_filter':
      o.highlightFilter = booleanValue(v);
      return true;
    case 'highlight_query':
      if (!isObject(v)) throw ctx.error(`[${parser}] highlight_query doesn't support values of type: ${tokenOf(v)}`, ctx.atValue(obj, key));
      {
        const q = ctx.parseInnerQuery(v, ctx.atValue(obj, key));
        if (q) o.highlightQuery = q;
      }
      return true;
    case 'options':
      // a map of options for custom highlighters: ES's built-in ones read none of them, but the
      // rendered source prints them back
      if (!isObject(v)) throw ctx.error(`[${parser}] options doesn't support values of type: ${tokenOf(v)}`, ctx.atValue(obj, key));
      o.options = v;
      return true;
    case 'matched_fields':
      if (parser === 'highlight') return false;
      o.matchedFields = stringArray(ctx, obj, key, parser);
      return true;
    default:
      return false;
  }
}

function parseField(ctx: ParseContext, name: string, def: unknown, holder: JsonObject, at: string): HighlightField {
  if (!isObject(def)) throw ctx.error(`[highlight_field] field doesn't support values of type: ${tokenOf(def)}`, ctx.atValue(holder, at));
  const f: HighlightField = { name };
  for (const key of Object.keys(def)) {
    if (!parseOption(ctx, def, key, f, 'highlight_field')) {
      throw ctx.error(`[highlight_field] unknown field [${key}], parser not found`, ctx.atName(def, key));
    }
  }
  return f;
}

/**
 * Parse a `highlight` object.
 * @throws parsing_exception for unknown keys and values of the wrong kind, as ES's ObjectParser
 */
export function parseHighlight(ctx: ParseContext, obj: JsonObject): HighlightSpec {
  const spec: HighlightSpec = { global: {}, fields: [] };
  let tagsSchema: string | undefined;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (key === 'fields') {
      if (isObject(v)) {
        for (const name of Object.keys(v)) spec.fields.push(parseField(ctx, name, v[name], v, name));
      } else if (Array.isArray(v)) {
        // the array form keeps the field order explicit: one single-key object per field
        spec.explicitOrder = true;
        v.forEach((item, i) => {
          if (!isObject(item) || Object.keys(item).length !== 1) {
            throw ctx.error('[highlight] failed to parse field [fields]', ctx.atItem(v, i), iae('If highlighter fields is an array it must contain objects containing a single field'));
          }
          const name = Object.keys(item)[0] as string;
          spec.fields.push(parseField(ctx, name, item[name], item, name));
        });
      } else {
        throw ctx.error(`[highlight] fields doesn't support values of type: ${tokenOf(v)}`, ctx.atValue(obj, key));
      }
    } else if (key === 'tags_schema') {
      tagsSchema = textValue(v);
    } else if (!parseOption(ctx, obj, key, spec.global, 'highlight')) {
      throw ctx.error(`[highlight] unknown field [${key}], parser not found`, ctx.atName(obj, key));
    }
  }
  if (tagsSchema !== undefined) {
    // HighlightBuilder.tagsSchema: sets both tag lists
    if (tagsSchema === 'styled') spec.global.preTags = STYLED_PRE_TAGS;
    else if (tagsSchema === 'default') spec.global.preTags = ['<em>'];
    else throw iae(`Unknown tag schema [${tagsSchema}]`);
    spec.global.postTags = ['</em>'];
  }
  const check = (o: HighlightOptions): void => {
    if (o.preTags !== undefined && o.postTags === undefined) throw iae('pre_tags are set but post_tags are not set');
  };
  check(spec.global);
  for (const f of spec.fields) {
    if (f.preTags !== undefined && f.postTags === undefined && spec.global.postTags === undefined) throw iae('pre_tags are set but post_tags are not set');
  }
  return spec;
}

/** The options of `field` after ES's precedence: the field's own, then the top level's, then defaults. */
export function resolveFieldOptions(spec: HighlightSpec, field: HighlightField): ResolvedHighlightOptions {
  const g = spec.global;
  const pick = <K extends keyof HighlightOptions>(k: K): HighlightOptions[K] => (field[k] !== undefined ? field[k] : g[k]);
  const type = pick('type');
  const fragmenter = pick('fragmenter');
  const highlightQuery = pick('highlightQuery');
  const matchedFields = field.matchedFields;
  const order = pick('order');
  return {
    preTags: pick('preTags') ?? ['<em>'],
    postTags: pick('postTags') ?? ['</em>'],
    fragmentSize: pick('fragmentSize') ?? 100,
    numberOfFragments: pick('numberOfFragments') ?? 5,
    fragmentOffset: field.fragmentOffset ?? -1,
    encoder: pick('encoder') ?? 'default',
    requireFieldMatch: pick('requireFieldMatch') ?? false,
    boundaryMaxScan: pick('boundaryMaxScan') ?? 20,
    boundaryChars: pick('boundaryChars') ?? '.,!? \t\n',
    noMatchSize: pick('noMatchSize') ?? 0,
    forceSource: pick('forceSource') ?? false,
    phraseLimit: pick('phraseLimit') ?? 256,
    scoreOrdered: order === 'score',
    ...(type !== undefined ? { type } : {}),
    ...(fragmenter !== undefined ? { fragmenter } : {}),
    ...(pick('boundaryScanner') !== undefined ? { boundaryScanner: pick('boundaryScanner') } : {}),
    ...(highlightQuery !== undefined ? { highlightQuery } : {}),
    ...(matchedFields !== undefined ? { matchedFields } : {}),
  };
}
