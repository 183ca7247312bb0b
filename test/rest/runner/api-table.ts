/**
 * The Elasticsearch 5.6 REST API table: API name → HTTP method, URL paths, query parameters, body.
 *
 * The table is split by API family (api-table-*.ts). Data taken from the ES 5.6 `rest-api-spec/api/*.json` (as generated into the 5.6 API
 * definitions of the legacy `elasticsearch` JS client, npm `elasticsearch@15`, file
 * `src/lib/apis/5_6.js`; the suite itself ships no specs, see its README). Kept as plain data:
 * the runner picks a path and method from it the way ES's Java YAML runner does
 * (`ClientYamlSuiteRestApi`), see api-request.ts.
 *
 * - `method`: the method the runner uses (the spec lists several; ES's runner picks one at
 *   random, we pick the client's fixed choice; `index`/`create` are special-cased by id).
 * - `paths`: URL templates with `{part}` placeholders, most specific first.
 * - `params`: accepted query parameters (besides the global ones in {@link GLOBAL_PARAMS}).
 * - `body`: whether a body is required; `ndjson`: the body is newline-delimited JSON.
 */

import { ADMIN_APIS } from './api-table-admin.js';
import { DOCUMENT_AND_SEARCH_APIS } from './api-table-documents.js';
import { INDICES_APIS } from './api-table-indices.js';

/** One API of the REST spec. */
export interface ApiSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  readonly paths: readonly string[];
  readonly params: readonly string[];
  readonly body: 'required' | 'optional';
  readonly ndjson?: boolean;
}

/** Query parameters every API accepts (`_common.json` of the 5.6 spec). */
export const GLOBAL_PARAMS: readonly string[] = ['pretty', 'human', 'error_trace', 'source', 'filter_path'];

/** The 5.6 REST APIs by name (`indices.create`, `cat.health`, ...). */
export const API_TABLE: Readonly<Record<string, ApiSpec>> = { ...DOCUMENT_AND_SEARCH_APIS, ...INDICES_APIS, ...ADMIN_APIS };
