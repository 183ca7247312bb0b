/**
 * The document a pipeline works on (ES 5.6 `IngestDocument`): one map holding the source and the
 * metadata fields (`_index`, `_type`, `_id`, `_routing`, `_parent`), plus the ingest metadata
 * (`_ingest.timestamp`). Dotted paths walk maps and list indices; `_source.` and `_ingest.`
 * prefixes pick the part; errors carry ES's messages. Maps are null-prototype objects and paths
 * see own keys only, so `__proto__.x` or `constructor` name document fields like any other.
 */
import { illegalArgument } from '../errors/errors.js';
import { deepDict, dict, dictOf, putOwn } from '../dict.js';

export const METADATA_FIELDS = ['_index', '_type', '_id', '_routing', '_parent', '_timestamp', '_ttl'] as const;

export type JsonMap = Record<string, unknown>;

/** The Java class name ES would print for a value. */
export function javaType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'java.lang.String';
  if (typeof v === 'boolean') return 'java.lang.Boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? (Math.abs(v) > 2147483647 ? 'java.lang.Long' : 'java.lang.Integer') : 'java.lang.Double';
  if (Array.isArray(v)) return 'java.util.ArrayList';
  return 'java.util.LinkedHashMap';
}

export function isMap(v: unknown): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}


export class IngestDocument {
  constructor(
    /** Source fields and metadata fields in one map, as ES keeps them. */
    readonly sourceAndMetadata: JsonMap,
    readonly ingestMetadata: JsonMap,
  ) {}

  static from(meta: Partial<Record<(typeof METADATA_FIELDS)[number], string>>, source: JsonMap, timestamp: string): IngestDocument {
    const all: JsonMap = deepDict(dictOf(source));
    for (const f of METADATA_FIELDS) if (meta[f] !== undefined) all[f] = meta[f];
    return new IngestDocument(all, dictOf({ timestamp }));
  }

  /** A deep copy (simulate's verbose mode snapshots after every processor). */
  clone(): IngestDocument {
    return new IngestDocument(deepDict(this.sourceAndMetadata), deepDict(this.ingestMetadata));
  }

  /** The source without metadata fields. */
  source(): JsonMap {
    const out: JsonMap = dict();
    for (const [k, v] of Object.entries(this.sourceAndMetadata)) if (!(METADATA_FIELDS as readonly string[]).includes(k)) out[k] = v;
    return out;
  }

  metadata(field: (typeof METADATA_FIELDS)[number]): string | undefined {
    const v = this.sourceAndMetadata[field];
    if (v === undefined || v === null) return undefined;
    // `extractMetadata` casts each to String: a map or list set by a processor fails the document.
    if (typeof v === 'object') throw illegalArgument(`field [${field}] of type [${javaType(v)}] cannot be cast to [java.lang.String]`);
    return String(v);
  }

  private root(path: string): { container: JsonMap; parts: string[] } {
    if (path === null || path === undefined || path.length === 0) throw illegalArgument('path cannot be null nor empty');
    if (path.startsWith('_ingest.')) return { container: this.ingestMetadata, parts: path.slice(8).split('.') };
    if (path.startsWith('_source.')) return { container: this.sourceAndMetadata, parts: path.slice(8).split('.') };
    return { container: this.sourceAndMetadata, parts: path.split('.') };
  }

  private step(context: unknown, key: string, path: string): { found: boolean; value?: unknown } {
    if (isMap(context)) return Object.hasOwn(context, key) ? { found: true, value: context[key] } : { found: false };
    if (Array.isArray(context)) {
      if (!/^-?\d+$/.test(key)) throw illegalArgument(`[${key}] is not an integer, cannot be used as an index as part of path [${path}]`);
      const i = Number(key);
      if (i < 0 || i >= context.length) throw illegalArgument(`[${i}] is out of bounds for array with length [${context.length}] as part of path [${path}]`);
      return { found: true, value: context[i] };
    }
    if (context === null || context === undefined) throw illegalArgument(`cannot resolve [${key}] from null as part of path [${path}]`);
    throw illegalArgument(`cannot resolve [${key}] from object of type [${javaType(context)}] as part of path [${path}]`);
  }

  getFieldValue(path: string): unknown {
    const { container, parts } = this.root(path);
    let cur: unknown = container;
    for (const p of parts) {
      const r = this.step(cur, p, path);
      if (!r.found) throw illegalArgument(`field [${p}] not present as part of path [${path}]`);
      cur = r.value;
    }
    return cur;
  }

  hasField(path: string): boolean {
    try {
      this.getFieldValue(path);
      return true;
    } catch {
      return false;
    }
  }

  /** Set (or, with `append`, add to a list) the value at `path`, creating maps on the way. */
  setFieldValue(path: string, value: unknown, append = false): void {
    const { container, parts } = this.root(path);
    let cur: unknown = container;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      if (isMap(cur)) {
        if (!Object.hasOwn(cur, p)) putOwn(cur, p, dict());
        cur = cur[p];
      } else if (Array.isArray(cur)) {
        cur = this.step(cur, p, path).value;
      } else if (cur === null || cur === undefined) {
        throw illegalArgument(`cannot set [${p}] with null parent as part of path [${path}]`);
      } else {
        throw illegalArgument(`cannot set [${p}] with parent object of type [${javaType(cur)}] as part of path [${path}]`);
      }
    }
    const last = parts[parts.length - 1]!;
    if (last === '_ingest' && parts.length === 1 && container === this.sourceAndMetadata) {
      throw illegalArgument('cannot set [_ingest] as it is reserved');
    }
    if (isMap(cur)) {
      if (append && Object.hasOwn(cur, last)) {
        const prev = cur[last];
        const list = Array.isArray(prev) ? prev : [prev];
        if (Array.isArray(value)) list.push(...value);
        else list.push(value);
        putOwn(cur, last, list);
      } else putOwn(cur, last, value);
    } else if (Array.isArray(cur)) {
      if (!/^-?\d+$/.test(last)) throw illegalArgument(`[${last}] is not an integer, cannot be used as an index as part of path [${path}]`);
      const i = Number(last);
      if (i < 0 || i >= cur.length) throw illegalArgument(`[${i}] is out of bounds for array with length [${cur.length}] as part of path [${path}]`);
      if (append) {
        const prev = cur[i];
        const list = Array.isArray(prev) ? prev : [prev];
        if (Array.isArray(value)) list.push(...value);
        else list.push(value);
        cur[i] = list;
      } else cur[i] = value;
    } else if (cur === null || cur === undefined) {
      throw illegalArgument(`cannot set [${last}] with null parent as part of path [${path}]`);
    } else {
      throw illegalArgument(`cannot set [${last}] with parent object of type [${javaType(cur)}] as part of path [${path}]`);
    }
  }

  removeField(path: string): void {
    const { container, parts } = this.root(path);
    let cur: unknown = container;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      const r = this.step(cur, p, path);
      if (!r.found) throw illegalArgument(`field [${p}] not present as part of path [${path}]`);
      cur = r.value;
    }
    const last = parts[parts.length - 1]!;
    if (isMap(cur)) {
      if (!Object.hasOwn(cur, last)) throw illegalArgument(`field [${last}] not present as part of path [${path}]`);
      delete cur[last];
    } else if (Array.isArray(cur)) {
      const r = this.step(cur, last, path);
      void r;
      cur.splice(Number(last), 1);
    } else {
      throw illegalArgument(`cannot remove [${last}] from object of type [${javaType(cur)}] as part of path [${path}]`);
    }
  }

  /** The doc as `_simulate` renders it (`WriteableIngestDocument`). */
  toJSON(): JsonMap {
    const out: JsonMap = {};
    for (const f of METADATA_FIELDS) {
      const v = this.sourceAndMetadata[f];
      if (v !== undefined && v !== null) out[f] = v;
    }
    out._source = this.source();
    out._ingest = { ...this.ingestMetadata };
    return out;
  }
}
