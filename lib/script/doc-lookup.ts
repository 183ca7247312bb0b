/**
 * `doc['field']` for search scripts: per-field doc values of the current document, read straight
 * from a segment's columns (ES 5.6 `LeafDocLookup` + `ScriptDocValues`). One lookup per segment
 * and one accessor per field are reused for every document, so running a script over many
 * documents allocates nothing per document for numeric fields.
 */
import { JavaError } from './errors.js';
import { HostObject, NO_MEMBER } from './runtime/host-object.js';
import { boxDouble } from './runtime/values.js';
import { JodaDateTime } from './runtime/joda-date.js';

/** A segment's doc values columns (the shape of `SegmentReader#docValuesColumn`). */
export interface DocValuesColumns {
  docValuesColumn(field: string):
    | { kind: 'numeric'; start: Int32Array; values: Float64Array }
    | { kind: 'string'; terms: string[]; start: Int32Array; ords: Int32Array }
    | undefined;
  /** `_type` / `_id` of a document (segments have them; `_uid` is `type#id`). */
  docType?(doc: number): string;
  docId?(doc: number): string;
}

/** How a field's values read in scripts. */
export type FieldValueKind = 'long' | 'double' | 'date' | 'boolean' | 'string' | 'geo_point';

/** Field kinds by name, from the mappings; undefined = not mapped. */
export type FieldKindResolver = (field: string) => FieldValueKind | undefined;

const EMPTY_NUMS = new Float64Array(0);

/** `ScriptDocValues` of one field, positioned on the lookup's current document. */
export class FieldDocValues extends HostObject {
  readonly javaClass: string;
  private readonly numeric: { start: Int32Array; values: Float64Array } | undefined;
  private readonly strings: { terms: string[]; start: Int32Array; ords: Int32Array } | undefined;

  constructor(
    private readonly owner: DocLookup,
    readonly fieldName: string,
    readonly kind: FieldValueKind,
    private readonly columns: DocValuesColumns,
  ) {
    super();
    const col = columns.docValuesColumn(fieldName);
    this.numeric = col?.kind === 'numeric' ? col : undefined;
    this.strings = col?.kind === 'string' ? col : undefined;
    this.javaClass = {
      long: 'org.elasticsearch.index.fielddata.ScriptDocValues$Longs',
      double: 'org.elasticsearch.index.fielddata.ScriptDocValues$Doubles',
      date: 'org.elasticsearch.index.fielddata.ScriptDocValues$Longs',
      boolean: 'org.elasticsearch.index.fielddata.ScriptDocValues$Booleans',
      string: 'org.elasticsearch.index.fielddata.ScriptDocValues$Strings',
      geo_point: 'org.elasticsearch.index.fielddata.ScriptDocValues$GeoPoints',
    }[kind];
  }

  /** Number of values of the current document. */
  count(): number {
    if (this.meta() !== undefined) return 1;
    const d = this.owner.doc;
    const col = this.numeric ?? this.strings;
    if (!col) return 0;
    return (col.start[d + 1] as number) - (col.start[d] as number);
  }

  /** First numeric value of the current document as a plain number (0 when missing, as ES 5.6). */
  num(): number {
    const col = this.numeric;
    if (!col) return 0;
    const d = this.owner.doc;
    const s = col.start[d] as number;
    return s === (col.start[d + 1] as number) ? 0 : (col.values[s] as number);
  }

  /** Numeric values of the current document. */
  nums(): Float64Array {
    const col = this.numeric;
    if (!col) return EMPTY_NUMS;
    const d = this.owner.doc;
    return col.values.subarray(col.start[d] as number, col.start[d + 1] as number);
  }

  private wrap(v: number): unknown {
    if (this.kind === 'boolean') return v !== 0;
    if (this.kind === 'date') return new JodaDateTime(v);
    return this.kind === 'double' ? boxDouble(v) : v;
  }

  /** `_uid` / `_type` / `_id` of the current document (ES 5.6 exposes them as string doc values). */
  private meta(): string | undefined {
    const d = this.owner.doc;
    const c = this.columns;
    switch (this.fieldName) {
      case '_type':
        return c.docType?.(d);
      case '_id':
        return c.docId?.(d);
      case '_uid':
        return c.docType && c.docId ? `${c.docType(d)}#${c.docId(d)}` : undefined;
    }
    return undefined;
  }

  /** `getValue()`: the first value (0 / false for a missing number, null for a missing string). */
  value(): unknown {
    const meta = this.meta();
    if (meta !== undefined) return meta;
    if (this.strings) {
      const d = this.owner.doc;
      const s = this.strings.start[d] as number;
      return s === (this.strings.start[d + 1] as number) ? null : this.strings.terms[this.strings.ords[s] as number];
    }
    if (this.kind === 'string') return null;
    if (this.kind === 'boolean' && this.count() === 0) return false;
    return this.wrap(this.num());
  }

  /** `getValues()`: every value of the current document, as a new list. */
  values(): unknown[] {
    const meta = this.meta();
    if (meta !== undefined) return [meta];
    if (this.strings) {
      const d = this.owner.doc;
      const out: unknown[] = [];
      for (let i = this.strings.start[d] as number; i < (this.strings.start[d + 1] as number); i++) out.push(this.strings.terms[this.strings.ords[i] as number]);
      return out;
    }
    return Array.from(this.nums(), (v) => this.wrap(v));
  }

  override field(name: string): unknown {
    switch (name) {
      case 'value':
        return this.value();
      case 'values':
        return this.values();
      case 'empty':
        return this.count() === 0;
      case 'length':
        return this.count();
      case 'date':
        if (this.kind === 'date') return this.value();
        return NO_MEMBER;
      case 'dates':
        if (this.kind === 'date') return this.values();
        return NO_MEMBER;
    }
    return NO_MEMBER;
  }

  override index(key: unknown): unknown {
    const vals = this.values();
    const i = typeof key === 'number' ? key : NaN;
    if (!(i >= 0 && i < vals.length)) throw new JavaError('index_out_of_bounds_exception', `Index: ${String(key)}, Size: ${vals.length}`);
    return vals[i];
  }

  override call(name: string, args: unknown[]): unknown {
    const n = args.length;
    if (n === 0) {
      switch (name) {
        case 'getValue':
          return this.value();
        case 'getValues':
          return this.values();
        case 'isEmpty':
          return this.count() === 0;
        case 'size':
        case 'getLength':
          return this.count();
        case 'getDate':
          if (this.kind === 'date') return this.value();
          break;
        case 'getDates':
          if (this.kind === 'date') return this.values();
          break;
      }
    }
    if (n === 1 && name === 'get') return this.index(args[0]);
    if (n === 1 && name === 'contains') return this.values().some((v) => v === args[0]);
    return NO_MEMBER;
  }
}

/** `doc`: the fields of the current document. */
export class DocLookup extends HostObject {
  readonly javaClass = 'org.elasticsearch.search.lookup.LeafDocLookup';
  /** Current document within the segment. */
  doc = 0;
  private readonly cache = new Map<string, FieldDocValues>();

  constructor(
    private readonly columns: DocValuesColumns,
    private readonly kinds: FieldKindResolver,
  ) {
    super();
  }

  /** The accessor of a field; ES's IAE when the field is not mapped. */
  get(field: string): FieldDocValues {
    let f = this.cache.get(field);
    if (!f) {
      const kind = field === '_uid' || field === '_type' || field === '_id' ? 'string' : this.kinds(field);
      if (kind === undefined) throw new JavaError('illegal_argument_exception', `No field found for [${field}] in mapping with types []`);
      f = new FieldDocValues(this, field, kind, this.columns);
      this.cache.set(field, f);
    }
    return f;
  }

  override index(key: unknown): unknown {
    return this.get(String(key));
  }

  override call(name: string, args: unknown[]): unknown {
    if (name === 'get' && args.length === 1) return this.get(String(args[0]));
    if (name === 'containsKey' && args.length === 1) return this.kinds(String(args[0])) !== undefined;
    return NO_MEMBER;
  }
}
