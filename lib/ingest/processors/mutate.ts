/**
 * The field-mutating processors of ES 5.6 `ingest-common`: set, remove, rename, append, convert,
 * lowercase, uppercase, trim, split, join, gsub, sort, dot_expander, fail, json, kv.
 * Each factory reads its config and returns the processor's `execute`.
 */
import { EsError, illegalArgument, toEsError } from '../../errors/errors.js';
import { compileJavaRegex, javaSplit as splitByPattern } from '../../analysis/java-regex.js';
import type { ConfigReader } from '../config.js';
import { isMap, javaType, type IngestDocument } from '../ingest-document.js';
import { renderTemplate, valueSource } from '../value-template.js';
import { parseJsonBody } from '../../units/json-body.js';
import { javaToString } from '../../errors/java-value.js';

export type Execute = (doc: IngestDocument) => void;
export type ProcessorFactory = (c: ConfigReader) => Execute;

function stringField(doc: IngestDocument, field: string): string {
  const v = doc.getFieldValue(field);
  if (typeof v !== 'string') {
    if (v === null || v === undefined) throw illegalArgument(`field [${field}] is null, cannot process it.`);
    throw illegalArgument(`field [${field}] of type [${javaType(v)}] cannot be cast to [java.lang.String]`);
  }
  return v;
}

/** `AbstractStringProcessor`: field, ignore_missing, a string → string function. */
function stringProcessor(fn: (s: string) => unknown): ProcessorFactory {
  return (c) => {
    const field = c.string('field');
    const ignoreMissing = c.bool('ignore_missing', false);
    const target = c.string('target_field', field)!;
    return (doc) => {
      if (ignoreMissing && !doc.hasField(field)) return;
      doc.setFieldValue(target, fn(stringField(doc, field)));
    };
  };
}

/** Java `Pattern.compile`, failing as a config error. */
function regex(c: ConfigReader, name: string): RegExp {
  const src = c.string(name);
  try {
    return compileJavaRegex(src);
  } catch (e) {
    throw c.error(name, `Invalid regex pattern. ${(e as Error).message}`);
  }
}

/** Java `String#split(regex, limit)`. */
function javaSplit(s: string, re: RegExp, limit = 0): string[] {
  return splitByPattern(re, s, limit);
}

function convertValue(v: unknown, type: string): unknown {
  if (v === null || v === undefined) throw illegalArgument(`Field [null] is null, cannot be converted to type [${type}]`);
  const s = javaToString(v); // `value.toString()`: a map is `{a=1}`
  switch (type) {
    case 'integer': {
      if (!/^[+-]?\d+$/.test(s.trim()) || Math.abs(Number(s)) > 2147483647) throw illegalArgument(`unable to convert [${s}] to integer`);
      return Number(s);
    }
    case 'float': {
      const n = Number(s);
      if (s.trim() === '' || Number.isNaN(n)) throw illegalArgument(`unable to convert [${s}] to float`);
      return n;
    }
    case 'boolean':
      if (s.toLowerCase() === 'true') return true;
      if (s.toLowerCase() === 'false') return false;
      throw illegalArgument(`[${s}] is not a boolean value, cannot convert to boolean`);
    case 'string':
      return s;
    default: {
      // auto: integer, then float, then boolean, else the string.
      if (typeof v !== 'string') return v;
      if (/^[+-]?\d+$/.test(s) && Math.abs(Number(s)) <= 2147483647) return Number(s);
      if (s.trim() !== '' && !Number.isNaN(Number(s))) return Number(s);
      if (s.toLowerCase() === 'true' || s.toLowerCase() === 'false') return s.toLowerCase() === 'true';
      return s;
    }
  }
}

function compareNatural(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const MUTATE_PROCESSORS: Record<string, ProcessorFactory> = {
  set: (c) => {
    const field = c.string('field');
    const value = valueSource(c.object('value', true));
    const override = c.bool('override', true);
    return (doc) => {
      const name = renderTemplate(field, doc);
      if (override || !doc.hasField(name) || doc.getFieldValue(name) === null) doc.setFieldValue(name, value(doc));
    };
  },
  remove: (c) => {
    const field = c.string('field');
    const ignoreMissing = c.bool('ignore_missing', false);
    return (doc) => {
      const name = renderTemplate(field, doc);
      if (ignoreMissing && !doc.hasField(name)) return;
      doc.removeField(name);
    };
  },
  rename: (c) => {
    const field = c.string('field');
    const target = c.string('target_field');
    const ignoreMissing = c.bool('ignore_missing', false);
    return (doc) => {
      if (!doc.hasField(field)) {
        if (ignoreMissing) return;
        throw illegalArgument(`field [${field}] doesn't exist`);
      }
      if (doc.hasField(target)) throw illegalArgument(`field [${target}] already exists`);
      const v = doc.getFieldValue(field);
      doc.setFieldValue(target, v);
      try {
        doc.removeField(field);
      } catch (e) {
        doc.removeField(target);
        throw e;
      }
    };
  },
  append: (c) => {
    const field = c.string('field');
    const value = valueSource(c.object('value', true));
    return (doc) => doc.setFieldValue(renderTemplate(field, doc), value(doc), true);
  },
  convert: (c) => {
    const field = c.string('field');
    const type = c.string('type').toLowerCase();
    if (!['integer', 'float', 'string', 'boolean', 'auto'].includes(type)) {
      throw c.error('type', `type [${type}] not supported, cannot convert field.`);
    }
    const target = c.string('target_field', field)!;
    const ignoreMissing = c.bool('ignore_missing', false);
    return (doc) => {
      if (ignoreMissing && !doc.hasField(field)) return;
      const v = doc.getFieldValue(field);
      if (v === null || v === undefined) throw illegalArgument(`Field [${field}] is null, cannot be converted to type [${type}]`);
      doc.setFieldValue(target, Array.isArray(v) ? v.map((x) => convertValue(x, type)) : convertValue(v, type));
    };
  },
  lowercase: stringProcessor((s) => s.toLowerCase()),
  uppercase: stringProcessor((s) => s.toUpperCase()),
  trim: stringProcessor((s) => s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')),
  split: (c) => {
    const field = c.string('field');
    const sep = regex(c, 'separator');
    const target = c.string('target_field', field)!;
    const ignoreMissing = c.bool('ignore_missing', false);
    return (doc) => {
      if (ignoreMissing && !doc.hasField(field)) return;
      doc.setFieldValue(target, javaSplit(stringField(doc, field), sep));
    };
  },
  join: (c) => {
    const field = c.string('field');
    const sep = c.string('separator');
    const target = c.string('target_field', field)!;
    return (doc) => {
      const v = doc.getFieldValue(field);
      if (!Array.isArray(v)) throw illegalArgument(`field [${field}] of type [${javaType(v)}] cannot be cast to [java.util.List]`);
      doc.setFieldValue(target, v.map(javaToString).join(sep));
    };
  },
  gsub: (c) => {
    const field = c.string('field');
    const pattern = regex(c, 'pattern');
    const replacement = c.string('replacement');
    const target = c.string('target_field', field)!;
    const ignoreMissing = c.bool('ignore_missing', false);
    return (doc) => {
      if (ignoreMissing && !doc.hasField(field)) return;
      doc.setFieldValue(target, stringField(doc, field).replace(pattern, replacement));
    };
  },
  sort: (c) => {
    const field = c.string('field');
    const order = c.string('order', 'asc')!;
    if (order !== 'asc' && order !== 'desc') throw c.error('order', `Sort direction [${order}] not recognized. Valid values are: [asc, desc]`);
    const target = c.string('target_field', field)!;
    return (doc) => {
      const v = doc.getFieldValue(field);
      if (v === null || v === undefined) throw illegalArgument(`field [${field}] is null, cannot sort.`);
      if (!Array.isArray(v)) throw illegalArgument(`field [${field}] of type [${javaType(v)}] cannot be cast to [java.util.List]`);
      const sorted = [...v].sort(compareNatural);
      if (order === 'desc') sorted.reverse();
      doc.setFieldValue(target, sorted);
    };
  },
  dot_expander: (c) => {
    const field = c.string('field');
    const path = c.string('path', undefined);
    if (!field.includes('.')) throw c.error('field', 'field does not contain a dot');
    if (field.startsWith('.') || field.endsWith('.') || field.includes('..')) {
      throw c.error('field', 'Field can\'t start or end with a dot and can\'t contain two consecutive dots');
    }
    return (doc) => {
      const holderPath = path ?? '';
      const holder = path === undefined ? doc.sourceAndMetadata : doc.getFieldValue(holderPath);
      if (!isMap(holder) || !Object.hasOwn(holder, field)) return;
      const value = holder[field];
      delete holder[field];
      const full = path === undefined ? field : `${path}.${field}`;
      doc.setFieldValue(full, value, doc.hasField(full));
    };
  },
  fail: (c) => {
    const message = c.string('message');
    return (doc) => {
      throw new EsError('fail_processor_exception', 500, renderTemplate(message, doc));
    };
  },
  json: (c) => {
    const field = c.string('field');
    const target = c.string('target_field', field)!;
    const addToRoot = c.bool('add_to_root', false);
    if (addToRoot && target !== field) throw c.error('target_field', 'Cannot set a target field while also setting `add_to_root` to true');
    return (doc) => {
      const text = stringField(doc, field);
      let parsed: unknown;
      try {
        parsed = parseJsonBody(text);
      } catch (e) {
        throw illegalArgument(toEsError(e).reason);
      }
      if (addToRoot) {
        if (!isMap(parsed)) throw illegalArgument('cannot add non-map fields to root of document');
        Object.assign(doc.sourceAndMetadata, parsed);
      } else doc.setFieldValue(target, parsed);
    };
  },
  kv: (c) => {
    const field = c.string('field');
    const fieldSplit = regex(c, 'field_split');
    const valueSplit = regex(c, 'value_split');
    const target = c.string('target_field', undefined);
    const include = c.list('include_keys', false) as string[] | undefined;
    const ignoreMissing = c.bool('ignore_missing', false);
    return (doc) => {
      if (ignoreMissing && !doc.hasField(field)) return;
      for (const pair of javaSplit(stringField(doc, field), fieldSplit)) {
        const kv = javaSplit(pair, valueSplit, 2);
        if (kv.length !== 2) throw illegalArgument(`field [${field}] does not contain value_split [${valueSplit.source}]`);
        const [k, v] = kv as [string, string];
        if (include && !include.includes(k)) continue;
        doc.setFieldValue(target === undefined ? k : `${target}.${k}`, v, true);
      }
    };
  },
};
