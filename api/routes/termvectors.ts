/**
 * `GET|POST /{index}/{type}/{id}/_termvectors`, `/{index}/{type}/_termvectors` (artificial `doc`
 * in the body) and `_mtermvectors` (ES 5.6 `RestTermVectorsAction`, `RestMultiTermVectorsAction`).
 * The `_termvector` spelling is served with ES's deprecation warning.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { applyTermVectorsBody, multiTermVectors, newTermVectorsSpec, termVectors, type TermVectorsSpec } from '../../lib/action/document/termvectors.js';
import { EsError } from '../../lib/errors/es-error.js';
import { objectBody, deprecationHeaders } from './common.js';
import { buildErrorBody } from '../rest/error-body.js';

const PARAMS = ['routing', 'parent', 'preference', 'realtime', 'version', 'version_type', 'fields', 'term_statistics', 'termStatistics', 'field_statistics', 'fieldStatistics', 'offsets', 'positions', 'payloads'];

/** `RestTermVectorsAction.readURIParameters`. */
function fromUri(req: RestRequest, s: TermVectorsSpec): void {
  const routing = req.param('routing');
  if (routing !== undefined) s.routing = routing;
  const parent = req.param('parent');
  if (parent !== undefined) s.parent = parent;
  req.param('preference');
  s.realtime = req.paramAsBool('realtime', s.realtime);
  const version = req.param('version');
  if (version !== undefined) s.version = req.paramAsInt('version', 0);
  const vt = req.param('version_type');
  if (vt !== undefined) s.versionType = vt;
  const fields = req.paramAsList('fields');
  if (fields) s.fields = fields;
  s.termStatistics = req.paramAsBool('term_statistics', req.paramAsBool('termStatistics', s.termStatistics));
  s.fieldStatistics = req.paramAsBool('field_statistics', req.paramAsBool('fieldStatistics', s.fieldStatistics));
  s.offsets = req.paramAsBool('offsets', s.offsets);
  s.positions = req.paramAsBool('positions', s.positions);
  s.payloads = req.paramAsBool('payloads', s.payloads);
}

export function termVectorsRoutes(ctx: NodeContext): RouteDef[] {
  const single = (deprecated: boolean): RouteDef => ({
    methods: ['GET', 'POST'],
    paths: deprecated ? ['/{index}/{type}/_termvector', '/{index}/{type}/{id}/_termvector'] : ['/{index}/{type}/_termvectors', '/{index}/{type}/{id}/_termvectors'],
    params: PARAMS,
    handler: async (req) => {
      const s = newTermVectorsSpec();
      s.index = req.pathParams.index as string;
      s.type = req.pathParams.type as string;
      if (req.pathParams.id !== undefined) s.id = req.pathParams.id;
      fromUri(req, s);
      const body = objectBody(req);
      if (body) applyTermVectorsBody(s, body);
      const out = await termVectors(ctx, s);
      const warnings = deprecated ? [`[${req.method} ${req.pathParams.id !== undefined ? '/{index}/{type}/{id}/_termvector' : '/{index}/{type}/_termvector'}] is deprecated! Use [${req.method} ${req.pathParams.id !== undefined ? '/{index}/{type}/{id}/_termvectors' : '/{index}/{type}/_termvectors'}] instead.`] : [];
      return { status: 200, body: out, headers: deprecationHeaders(warnings) };
    },
  });
  return [
    single(false),
    single(true),
    {
      methods: ['GET', 'POST'],
      paths: ['/_mtermvectors', '/{index}/_mtermvectors', '/{index}/{type}/_mtermvectors'],
      params: [...PARAMS, 'ids'],
      handler: async (req) => {
        const template = newTermVectorsSpec();
        if (req.pathParams.index !== undefined) template.index = req.pathParams.index;
        if (req.pathParams.type !== undefined) template.type = req.pathParams.type;
        fromUri(req, template);
        const ids = req.paramAsList('ids');
        const body = objectBody(req) ?? {};
        const items: TermVectorsSpec[] = [];
        const copy = (): TermVectorsSpec => ({ ...template, ...(template.fields ? { fields: [...template.fields] } : {}) });
        // MultiTermVectorsRequest.add: `docs` items, or `ids` with shared `parameters`
        for (const [k, v] of Object.entries(body)) {
          if (k === 'docs' && Array.isArray(v)) {
            for (const d of v) {
              if (d === null || typeof d !== 'object' || Array.isArray(d)) throw new EsError('illegal_argument_exception', 400, 'docs array element should include an object');
              const s = copy();
              applyTermVectorsBody(s, d as Record<string, unknown>);
              items.push(s);
            }
          } else if (k === 'ids' && Array.isArray(v)) {
            for (const id of v) items.push({ ...copy(), id: String(id) });
          } else if (k === 'parameters' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
            applyTermVectorsBody(template, v as Record<string, unknown>);
            for (const it of items) if (it.doc === undefined) applyTermVectorsBody(it, v as Record<string, unknown>);
          } else {
            throw new EsError('parse_exception', 400, `unknown field [${k}]`);
          }
        }
        for (const id of ids ?? []) items.push({ ...copy(), id });
        if (items.length === 0) throw new EsError('action_request_validation_exception', 400, 'Validation Failed: 1: multi term vectors: no documents requested;');
        const results = await multiTermVectors(ctx, items);
        return {
          status: 200,
          body: {
            docs: results.map((it) =>
              'ok' in it ? it.ok : { _index: it.index, _type: it.type, _id: it.id, error: buildErrorBody(it.error, false).body.error },
            ),
          },
        };
      },
    },
  ];
}
