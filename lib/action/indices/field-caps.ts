/**
 * `GET|POST /_field_caps`, `/{index}/_field_caps`: for each field matching `fields` (wildcards
 * allowed), its type per index and whether it is searchable and aggregatable, merged per type
 * as ES 5.6 `FieldCapabilitiesResponse`: `indices` lists the indices of a type only when the
 * field has several types; `non_searchable_indices` / `non_aggregatable_indices` only when the
 * indices of one type disagree. Read from each index's mappings.
 *
 * Metadata fields (`_uid`, `_type`, ...) are not listed: ES 5.6 lists them for `*` with per-type
 * capabilities Strata does not reproduce.
 */
import type { NodeContext } from '../context.js';
import type { FieldTypeInfo } from '../../mapping/field-info.js';
import { actionRequestValidation } from '../../errors/errors.js';

interface IndexCaps {
  index: string;
  searchable: boolean;
  aggregatable: boolean;
}

/** Whether ES 5.6 can aggregate on a field of this type (doc values, or fielddata on text). */
export function isAggregatable(ft: FieldTypeInfo): boolean {
  return ft.hasDocValues || (ft.family === 'text' && ft.fielddata);
}

/** Mapped leaf fields of `index` matching any of `patterns`, sorted. */
export function matchingFields(ctx: NodeContext, index: string, patterns: readonly string[]): string[] {
  const mappings = ctx.indices.get(index)?.mapper().mappings;
  if (!mappings) return [];
  const out = new Set<string>();
  for (const p of patterns) for (const f of mappings.expandFieldPattern(p)) out.add(f);
  return [...out].sort();
}

/** The `_field_caps` body for open, resolved `indices`. */
export function fieldCaps(ctx: NodeContext, indices: readonly string[], fields: readonly string[]): Record<string, unknown> {
  if (fields.length === 0) throw actionRequestValidation(["specified fields can't be null or empty"]);
  // field → type → per-index capabilities
  const byField = new Map<string, Map<string, IndexCaps[]>>();
  for (const index of [...indices].sort()) {
    const mappings = ctx.indices.get(index)?.mapper().mappings;
    if (!mappings) continue;
    for (const field of matchingFields(ctx, index, fields)) {
      const ft = mappings.fieldType(field);
      if (!ft) continue;
      let types = byField.get(field);
      if (!types) byField.set(field, (types = new Map()));
      let list = types.get(ft.type);
      if (!list) types.set(ft.type, (list = []));
      list.push({ index, searchable: ft.indexed, aggregatable: isAggregatable(ft) });
    }
  }
  const out = Object.create(null) as Record<string, Record<string, unknown>>;
  for (const field of [...byField.keys()].sort()) {
    const types = byField.get(field)!;
    const rendered = Object.create(null) as Record<string, unknown>;
    for (const type of [...types.keys()].sort()) {
      const list = types.get(type)!;
      const searchable = list.every((c) => c.searchable);
      const aggregatable = list.every((c) => c.aggregatable);
      const caps: Record<string, unknown> = { type, searchable, aggregatable };
      if (types.size > 1) caps.indices = list.map((c) => c.index);
      if (!searchable && list.some((c) => c.searchable)) caps.non_searchable_indices = list.filter((c) => !c.searchable).map((c) => c.index);
      if (!aggregatable && list.some((c) => c.aggregatable)) caps.non_aggregatable_indices = list.filter((c) => !c.aggregatable).map((c) => c.index);
      rendered[type] = caps;
    }
    out[field] = rendered;
  }
  return { fields: out };
}
