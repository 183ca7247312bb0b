/**
 * `GET|POST /_field_stats`, `/{index}/_field_stats` (ES 5.6, deprecated there in favour of
 * `_field_caps` and min/max aggregations but still served): per field, counts and min/max over
 * every shard's segments, merged per index (`level=indices`) or over all (`level=cluster`, key
 * `_all`), optionally keeping only the indices that satisfy `index_constraints`.
 */
import type { NodeContext } from '../context.js';
import { shardAvailable } from '../shard-availability.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import { actionRequestValidation, illegalArgument } from '../../errors/errors.js';
import { simpleMatch } from '../../units/simple-match.js';
import { isAggregatable, matchingFields } from './field-caps.js';
import { accumulate, matches, renderFieldStats, typedStats, type FieldStatsValue, type IndexConstraint } from './field-stats-values.js';

export interface FieldStatsRequest {
  fields: string[];
  level: string;
  constraints: IndexConstraint[];
}

const PROPERTIES = new Set(['min_value', 'max_value']);
const COMPARISONS = new Set(['gte', 'gt', 'lte', 'lt']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parse a `_field_stats` body (`fields`, `index_constraints`), as ES 5.6 `FieldStatsRequest#source`. */
export function parseFieldStatsBody(body: Record<string, unknown>): { fields: string[]; constraints: IndexConstraint[] } {
  const fields: string[] = [];
  const constraints: IndexConstraint[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'fields') {
      if (!Array.isArray(value)) throw illegalArgument('[fields] must be an array of field names');
      for (const f of value) fields.push(String(f));
    } else if (key === 'index_constraints') {
      if (!isObject(value)) throw illegalArgument('[index_constraints] must be an object');
      for (const [field, props] of Object.entries(value)) {
        if (!isObject(props)) throw illegalArgument(`[index_constraints] of field [${field}] must be an object`);
        for (const [property, cmp] of Object.entries(props)) {
          if (!PROPERTIES.has(property)) throw illegalArgument(`No property for [${property}]`);
          if (!isObject(cmp)) throw illegalArgument(`[${property}] of field [${field}] must be an object`);
          const format = typeof cmp['format'] === 'string' ? cmp['format'] : undefined;
          for (const [comparison, v] of Object.entries(cmp)) {
            if (comparison === 'format') continue;
            if (!COMPARISONS.has(comparison)) throw illegalArgument(`No comparison for [${comparison}]`);
            constraints.push({
              field,
              property: property as IndexConstraint['property'],
              comparison: comparison as IndexConstraint['comparison'],
              value: v,
              ...(format !== undefined ? { format } : {}),
            });
          }
        }
      }
    } else {
      throw illegalArgument(`unknown field [${key}]`);
    }
  }
  return { fields, constraints };
}

/** The `_field_stats` body for open, resolved `indices`. */
export async function fieldStats(ctx: NodeContext, indices: readonly string[], req: FieldStatsRequest): Promise<Record<string, unknown>> {
  const errors: string[] = [];
  if (req.fields.length === 0) errors.push('no fields specified');
  if (req.level !== 'cluster' && req.level !== 'indices') errors.push(`invalid level option [${req.level}]`);
  if (errors.length > 0) throw actionRequestValidation(errors);

  const state = ctx.cluster.state();
  const header = { total: 0, successful: 0, failed: 0 };
  // merge key (`_all` or the index) → field → stats
  const merged = new Map<string, Map<string, FieldStatsValue>>();
  const conflicts = new Map<string, string>();
  const constraintFields = req.constraints.map((c) => c.field);
  for (const index of indices) {
    const meta = state.indices[index];
    const svc = ctx.indices.get(index);
    if (!meta || !svc) continue;
    header.total += numberOfShards(meta) * (1 + numberOfReplicas(meta));
    const mappings = svc.mapper().mappings;
    const names = matchingFields(ctx, index, [...req.fields, ...constraintFields]);
    const key = req.level === 'cluster' ? '_all' : index;
    let target = merged.get(key);
    if (!target) merged.set(key, (target = new Map()));
    for (let shard = 0; shard < numberOfShards(meta); shard++) {
      if (!shardAvailable(ctx, index, shard)) continue;
      header.successful++;
      for (const raw of (await ctx.indices.client.fieldStats({ index, shard, fields: names })).fields) {
        const ft = mappings.fieldType(raw.field);
        if (!ft) continue;
        const v = typedStats(ft, raw, isAggregatable(ft));
        const existing = target.get(raw.field);
        if (!existing) target.set(raw.field, v);
        else if (existing.kind !== v.kind) {
          if (!conflicts.has(raw.field)) {
            conflicts.set(raw.field, `Field [${raw.field}] of type [${v.kind}] conflicts with existing field of type [${existing.kind}] in other index.`);
          }
        } else accumulate(existing, v);
      }
    }
  }
  const isRequested = (field: string): boolean => req.fields.some((p) => simpleMatch(p, field));
  for (const c of req.constraints) {
    for (const [key, fields] of [...merged]) {
      const v = fields.get(c.field);
      if (!v || !matches(v, c)) merged.delete(key);
    }
  }
  // A field named only by a constraint was fetched to check it, not to be answered.
  for (const fields of merged.values()) for (const f of constraintFields) if (!isRequested(f)) fields.delete(f);
  const out = Object.create(null) as Record<string, { fields: Record<string, unknown> }>;
  for (const [key, fields] of merged) {
    const rendered = Object.create(null) as Record<string, unknown>;
    for (const name of [...fields.keys()].sort()) {
      if (conflicts.has(name)) continue;
      rendered[name] = renderFieldStats(fields.get(name)!);
    }
    out[key] = { fields: rendered };
  }
  const body: Record<string, unknown> = { _shards: header, indices: out };
  if (conflicts.size > 0) body.conflicts = Object.fromEntries(conflicts);
  return body;
}
