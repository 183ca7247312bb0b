/**
 * Doc values column codec (format `strata-docvalues` v1): one value per (segment, field), a
 * column over all the segment's doc numbers, like Lucene's SORTED_NUMERIC / SORTED_SET.
 * Per document the values are sorted ascending (strings also deduplicated, as SORTED_SET does).
 *
 * Layout: kind byte (1 numeric, 2 string), varint maxDoc, varint count per doc, then
 * - numeric: encoding byte (1 = zig-zag varints, all values are safe integers; 2 = float64 LE)
 *   and the values;
 * - string: varint dictionary size, the sorted unique strings, and one varint ordinal per value.
 */
import { ByteReader, ByteWriter } from './bytes.js';
import { sortTerms } from '../sort-terms.js';

export const DOC_VALUES_FORMAT = { id: 'strata-docvalues', version: 1 } as const;

/** Numeric column: values of doc `d` are `values.subarray(start[d], start[d + 1])`. */
export interface NumericColumn {
  kind: 'numeric';
  start: Int32Array;
  values: Float64Array;
}

/** String column: ordinals of doc `d` are `ords.subarray(start[d], start[d + 1])` into `terms`. */
export interface StringColumn {
  kind: 'string';
  terms: string[];
  start: Int32Array;
  ords: Int32Array;
}

export type DocValuesColumn = NumericColumn | StringColumn;

export function encodeDocValues(c: DocValuesColumn): Buffer {
  const maxDoc = c.start.length - 1;
  const w = new ByteWriter(64 + maxDoc * 2 + (c.kind === 'numeric' ? c.values.length * 3 : c.ords.length * 2));
  w.byte(c.kind === 'numeric' ? 1 : 2);
  w.varint(maxDoc);
  for (let d = 0; d < maxDoc; d++) w.varint((c.start[d + 1] as number) - (c.start[d] as number));
  if (c.kind === 'numeric') {
    let ints = true;
    for (let i = 0; i < c.values.length; i++) {
      if (!Number.isSafeInteger(c.values[i] as number) || Object.is(c.values[i], -0)) {
        ints = false;
        break;
      }
    }
    w.byte(ints ? 1 : 2);
    for (let i = 0; i < c.values.length; i++) {
      if (ints) w.svarint(c.values[i] as number);
      else w.f64(c.values[i] as number);
    }
  } else {
    w.varint(c.terms.length);
    for (const t of c.terms) w.str(t);
    for (let i = 0; i < c.ords.length; i++) w.varint(c.ords[i] as number);
  }
  return w.finish();
}

export function decodeDocValues(buf: Buffer): DocValuesColumn {
  const r = new ByteReader(buf);
  const kind = r.byte();
  const maxDoc = r.varint();
  const start = new Int32Array(maxDoc + 1);
  let total = 0;
  for (let d = 0; d < maxDoc; d++) {
    start[d] = total;
    total += r.varint();
  }
  start[maxDoc] = total;
  if (kind === 1) {
    const enc = r.byte();
    const values = new Float64Array(total);
    for (let i = 0; i < total; i++) values[i] = enc === 1 ? r.svarint() : r.f64();
    return { kind: 'numeric', start, values };
  }
  const n = r.varint();
  const terms = new Array<string>(n);
  for (let i = 0; i < n; i++) terms[i] = r.str();
  const ords = new Int32Array(total);
  for (let i = 0; i < total; i++) ords[i] = r.varint();
  return { kind: 'string', terms, start, ords };
}

/**
 * Build a column from values listed in doc order: `values[i]` belongs to document `docs[i]`
 * (non-decreasing; a document with several values appears once per value, none when it has
 * none). Sorts each document's values; strings are deduplicated and mapped to sorted
 * ordinals. Flat lists, not an array per document: the indexing buffer keeps them until a
 * refresh, and per-document arrays were a large part of what survived young-generation GCs.
 */
export function buildColumn(kind: 'numeric' | 'string', maxDoc: number, docs: ArrayLike<number>, values: ArrayLike<number | string>): DocValuesColumn {
  const start = new Int32Array(maxDoc + 1);
  const n = docs.length;
  if (kind === 'numeric') {
    const out = new Float64Array(n);
    let d = 0;
    for (let i = 0; i < n; ) {
      const doc = docs[i] as number;
      while (d <= doc) start[d++] = i;
      let j = i;
      while (j < n && docs[j] === doc) {
        out[j] = Number(values[j]);
        j++;
      }
      if (j - i > 1) out.subarray(i, j).sort();
      i = j;
    }
    while (d <= maxDoc) start[d++] = n;
    return { kind, start, values: out };
  }
  const uniq = new Set<string>();
  for (let i = 0; i < n; i++) uniq.add(String(values[i]));
  const terms = sortTerms([...uniq]);
  const ordOf = new Map<string, number>();
  for (let i = 0; i < terms.length; i++) ordOf.set(terms[i] as string, i);
  const ords: number[] = [];
  let d = 0;
  for (let i = 0; i < n; ) {
    const doc = docs[i] as number;
    while (d <= doc) start[d++] = ords.length;
    let j = i + 1;
    while (j < n && docs[j] === doc) j++;
    if (j - i === 1) ords.push(ordOf.get(String(values[i])) as number);
    else {
      const docOrds = new Set<number>();
      for (let k = i; k < j; k++) docOrds.add(ordOf.get(String(values[k])) as number);
      for (const o of [...docOrds].sort((x, y) => x - y)) ords.push(o);
    }
    i = j;
  }
  while (d <= maxDoc) start[d++] = ords.length;
  return { kind, terms, start, ords: Int32Array.from(ords) };
}
