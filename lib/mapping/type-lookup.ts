/**
 * Path indexes over one type's mapper tree (computed once per immutable TypeMapping): every
 * object mapper and every leaf field (multi-fields included) by full path.
 */
import { type FieldMapping, type ObjectMapping, type TypeMapping, walkMappers } from './mapper-types.js';

export interface TypeIndex {
  readonly objects: ReadonlyMap<string, ObjectMapping>;
  readonly fields: ReadonlyMap<string, FieldMapping>;
}

const cache = new WeakMap<TypeMapping, TypeIndex>();

/** The path indexes of a type (cached). */
export function typeIndex(tm: TypeMapping): TypeIndex {
  let idx = cache.get(tm);
  if (!idx) {
    const objects = new Map<string, ObjectMapping>([['', tm.root]]);
    const fields = new Map<string, FieldMapping>();
    for (const m of walkMappers(tm.root)) {
      if (m.kind === 'object') objects.set(m.path, m);
      else fields.set(m.path, m);
    }
    idx = { objects, fields };
    cache.set(tm, idx);
  }
  return idx;
}
