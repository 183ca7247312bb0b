/**
 * `grok` (ES 5.6 ingest-common): named patterns `%{NAME:field:type}` expanded from a pattern
 * bank (the common core of ES's standard `grok-patterns` set, plus `pattern_definitions`), tried
 * in order; the first match sets its named captures. `trace_match` adds `_ingest._grok_match_index`.
 * Expressions run on RE2 (linear time): lookaround and backreferences are refused, see
 * docs/analysis.md.
 */
import { javaToRe2Syntax, linearRegex } from '../../analysis/java-regex.js';
import { illegalArgument } from '../../errors/errors.js';
import { javaToString } from '../../errors/java-value.js';
import { javaType } from '../ingest-document.js';
import type { ProcessorFactory } from './mutate.js';
import { GROK_PATTERNS } from './grok-patterns.js';
import { own } from '../../dict.js';

interface Compiled {
  re: RegExp;
  /** Capture group name → [field, type]. */
  fields: Map<string, [string, string | undefined]>;
}

/** Java's `ClassCastException` text when a pattern (or definition) of the config is no string. */
function notAString(v: unknown): Error {
  return new Error(`${javaType(v)} cannot be cast to java.lang.String`);
}

function expand(pattern: string, bank: Record<string, string>, fields: Map<string, [string, string | undefined]>, depth = 0): string {
  if (depth > 50) throw illegalArgument('circular reference in grok patterns');
  return pattern.replace(/%\{(\w+)(?::([\w.@\[\]-]+))?(?::(\w+))?\}/g, (_m, name: string, field?: string, type?: string) => {
    const def: unknown = own(bank, name); // `%{constructor}` is an unknown pattern, not Object's member
    if (def === undefined) throw illegalArgument(`Unable to find pattern [${name}] in Grok's pattern dictionary`);
    if (typeof def !== 'string') throw notAString(def);
    const inner = expand(def, bank, fields, depth + 1);
    if (!field) return `(?:${inner})`;
    const group = `g${fields.size}`;
    fields.set(group, [field, type]);
    return `(?<${group}>${inner})`;
  });
}

function compile(pattern: string, bank: Record<string, string>): Compiled {
  const fields = new Map<string, [string, string | undefined]>();
  // Oniguruma named groups `(?<name>...)` in definitions are kept as fields too.
  const src = expand(pattern, bank, fields).replace(/\(\?<([a-zA-Z][\w.]*)>/g, (m, name: string) => {
    if (/^g\d+$/.test(name)) return m;
    const group = `g${fields.size}`;
    fields.set(group, [name, undefined]);
    return `(?<${group}>`;
  });
  return { re: linearRegex(javaToRe2Syntax(src), '', pattern), fields };
}

function typed(v: string, type: string | undefined): unknown {
  if (type === 'int' || type === 'long') return Number.parseInt(v, 10);
  if (type === 'float' || type === 'double') return Number.parseFloat(v);
  if (type === 'boolean') return v.toLowerCase() === 'true';
  return v;
}

export const GROK_PROCESSORS: Record<string, ProcessorFactory> = {
  grok: (c) => {
    const field = c.string('field');
    const patterns = c.list('patterns', true) as string[];
    const definitions = (c.map('pattern_definitions', false) ?? {}) as Record<string, string>;
    const traceMatch = c.bool('trace_match', false);
    const ignoreMissing = c.bool('ignore_missing', false);
    if (patterns.length === 0) throw c.error('patterns', 'List of patterns must not be empty');
    const bank = { ...GROK_PATTERNS, ...definitions };
    let compiled: Compiled[];
    try {
      // ES casts each pattern to String inside this try: a map or number fails here, named.
      compiled = patterns.map((p: unknown) => {
        if (typeof p !== 'string') throw notAString(p);
        return compile(p, bank);
      });
    } catch (e) {
      throw c.error('patterns', `Invalid regex pattern found in: ${javaToString(patterns)}. ${(e as Error).message}`);
    }
    return (doc) => {
      if (ignoreMissing && !doc.hasField(field)) return;
      const v = doc.getFieldValue(field);
      if (typeof v !== 'string') throw illegalArgument(`field [${field}] of type [${javaType(v)}] cannot be cast to [java.lang.String]`);
      for (let i = 0; i < compiled.length; i++) {
        const m = compiled[i]!.re.exec(v);
        if (!m) continue;
        for (const [group, [name, type]] of compiled[i]!.fields) {
          const captured = m.groups?.[group];
          if (captured !== undefined) doc.setFieldValue(name, typed(captured, type));
        }
        if (traceMatch) doc.ingestMetadata._grok_match_index = String(i);
        return;
      }
      throw illegalArgument('Provided Grok expressions do not match field value: [' + v + ']');
    };
  },
};
