/**
 * The ES 5.6 REST endpoints Strata does not serve yet, each on its own route so it is refused
 * by name instead of falling on a generic pattern: without these, `POST /i/t/_termvectors`
 * matched `POST /{index}/{type}/{id}` and indexed a document with id `_termvectors`, and
 * `GET /_tasks` read an index called `_tasks`.
 *
 * Each entry is one ES 5.6 REST handler (its methods and paths as its `registerHandler` calls
 * declare them); the answer is 400 `illegal_argument_exception`
 * `[<feature>] is not supported by Strata yet`, whatever the parameters or the body. Remove an
 * entry when the feature lands (its real routes then take the paths). Endpoints of other API
 * groups being built elsewhere (`_nodes`, `_cat`, cluster stats...) are deliberately absent.
 */
import type { HttpMethod, RouteDef } from '../types.js';
import { notBuiltYet } from '../../lib/errors/errors.js';

/** One endpoint family Strata lacks: the feature named in the refusal, and ES's routes for it. */
export interface NotBuiltEndpoint {
  feature: string;
  methods: HttpMethod[];
  paths: string[];
}

const GET_POST: HttpMethod[] = ['GET', 'POST'];
const PUT_POST: HttpMethod[] = ['PUT', 'POST'];

/** ES 5.6 endpoints without an implementation in Strata. */
export const NOT_BUILT: readonly NotBuiltEndpoint[] = [
  // snapshot and restore
  { feature: '_snapshot', methods: ['GET'], paths: ['/_snapshot', '/_snapshot/{repository}', '/_snapshot/{repository}/{snapshot}'] },
  { feature: '_snapshot', methods: PUT_POST, paths: ['/_snapshot/{repository}', '/_snapshot/{repository}/{snapshot}'] },
  { feature: '_snapshot', methods: ['DELETE'], paths: ['/_snapshot/{repository}', '/_snapshot/{repository}/{snapshot}'] },
  { feature: '_snapshot/_verify', methods: ['POST'], paths: ['/_snapshot/{repository}/_verify'] },
  { feature: '_snapshot/_restore', methods: ['POST'], paths: ['/_snapshot/{repository}/{snapshot}/_restore'] },
  {
    feature: '_snapshot/_status',
    methods: ['GET'],
    paths: ['/_snapshot/_status', '/_snapshot/{repository}/_status', '/_snapshot/{repository}/{snapshot}/_status'],
  },
  // index management
  { feature: '_shrink', methods: PUT_POST, paths: ['/{index}/_shrink/{target}'] },
  // cross-cluster search
  { feature: '_remote/info', methods: ['GET'], paths: ['/_remote/info'] },
  // ingest-common's grok pattern listing
  { feature: '_ingest/processor/grok', methods: ['GET'], paths: ['/_ingest/processor/grok'] },
];

/** A route per not-built endpoint, refusing it by name. */
export function notBuiltRoutes(): RouteDef[] {
  return NOT_BUILT.map((e) => ({
    methods: e.methods,
    paths: e.paths,
    params: [],
    // The refusal is the answer whatever the request holds: no parameter or body check first.
    anyParams: true,
    plainText: true,
    handler: () => {
      throw notBuiltYet(e.feature);
    },
  }));
}
