/**
 * Geo and span queries as ES 5.6's builders print them (`doXContent`): geo_distance
 * (GeoDistanceQueryBuilder), geo_bounding_box (GeoBoundingBoxQueryBuilder), geo_polygon
 * (GeoPolygonQueryBuilder), and the span family (SpanFirst/Near/Or/Not/Containing/Within/
 * MultiTerm QueryBuilders, FieldMaskingSpanQueryBuilder). Points print as `[lon, lat]` doubles;
 * validation_method and the bounding box type print as the Java enum names.
 */
import type { GeoBoundingBoxQuery, GeoDistanceQuery, GeoPolygonQuery, SpanQuery } from '../query-types.js';
import type { GeoPoint } from '../geo-point.js';
import { body, named } from './common.js';
import { renderQuery } from './query.js';
import { jdouble, obj, type XNode, type XObject } from './xcontent.js';

const lonLat = (p: GeoPoint): XNode[] => [jdouble(p.lon), jdouble(p.lat)];

/** GeoDistanceQueryBuilder: `field: [lon, lat]`, distance in meters, distance_type, optimize_bbox, validation_method, ignore_unmapped. */
export function renderGeoDistance(q: GeoDistanceQuery): XObject {
  return named(
    'geo_distance',
    body(
      q,
      [q.field, lonLat(q.point)],
      ['distance', jdouble(q.distanceMeters)],
      ['distance_type', q.distanceType],
      ['optimize_bbox', q.optimizeBbox ?? 'memory'],
      ['validation_method', q.validationMethod.toUpperCase()],
      ['ignore_unmapped', q.ignoreUnmapped],
    ),
  );
}

/** GeoBoundingBoxQueryBuilder: `field: {top_left, bottom_right}`, validation_method, type, ignore_unmapped. */
export function renderGeoBoundingBox(q: GeoBoundingBoxQuery): XObject {
  const box = obj(['top_left', [jdouble(q.left), jdouble(q.top)]], ['bottom_right', [jdouble(q.right), jdouble(q.bottom)]]);
  return named(
    'geo_bounding_box',
    body(q, [q.field, box], ['validation_method', q.validationMethod.toUpperCase()], ['type', q.type.toUpperCase()], ['ignore_unmapped', q.ignoreUnmapped]),
  );
}

/** GeoPolygonQueryBuilder: `field: {points: [[lon, lat]…]}` with the ring closed (as its constructor does). */
export function renderGeoPolygon(q: GeoPolygonQuery): XObject {
  const pts = q.points;
  const first = pts[0];
  const last = pts[pts.length - 1];
  const closed = first && last && (first.lat !== last.lat || first.lon !== last.lon) ? [...pts, first] : pts;
  return named(
    'geo_polygon',
    body(q, [q.field, obj(['points', closed.map(lonLat)])], ['validation_method', q.validationMethod.toUpperCase()], ['ignore_unmapped', q.ignoreUnmapped]),
  );
}

/** The span queries other than span_term (rendered with term). */
export function renderSpan(q: Exclude<SpanQuery, { kind: 'span_term' }>): XObject {
  switch (q.kind) {
    case 'span_first':
      return named('span_first', body(q, ['match', renderQuery(q.match)], ['end', q.end]));
    case 'span_near':
      return named('span_near', body(q, ['clauses', q.clauses.map(renderQuery)], ['slop', q.slop], ['in_order', q.inOrder]));
    case 'span_or':
      return named('span_or', body(q, ['clauses', q.clauses.map(renderQuery)]));
    case 'span_not':
      return named('span_not', body(q, ['include', renderQuery(q.include)], ['exclude', renderQuery(q.exclude)], ['pre', q.pre], ['post', q.post]));
    case 'span_containing':
    case 'span_within':
      return named(q.kind, body(q, ['big', renderQuery(q.big)], ['little', renderQuery(q.little)]));
    case 'span_multi':
      return named('span_multi', body(q, ['match', renderQuery(q.match)]));
    case 'field_masking_span':
      return named('field_masking_span', body(q, ['query', renderQuery(q.query)], ['field', q.field]));
  }
}
