/**
 * The layout of a fixtures folder, read into an ordered list of requests (no HTTP here; see
 * fixture-loader.ts). Each request remembers the file and line it came from, so a refusal names
 * them. Layout (every part optional; files of a folder are taken in name order):
 *
 *   templates/<name>.json        body of `PUT /_template/<name>`
 *   pipelines/<id>.json          body of `PUT /_ingest/pipeline/<id>`
 *   scripts/<id>.json            body of `PUT /_scripts/<id>` (`{"script": {"lang", "source"}}`)
 *   indices/<index>.json         body of `PUT /<index>` (`settings`, `mappings`, `aliases`)
 *   indices/<any>.mapping.json   elasticdump `--type=mapping` output: `{"<index>": {"mappings"}}`
 *   data/<any>.ndjson | .json    a `_bulk` body (as exported from ES 5), or elasticdump
 *                                `--type=data` output (one `{_index,_type,_id,_source}` a line)
 *
 * Templates, pipelines and scripts come first because index creation and indexing use them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A fixture the node cannot take: names the file (and line, when one line is at fault). */
export class FixtureError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    problem: string,
  ) {
    super(`fixture ${file}${line !== undefined ? `:${line}` : ''}: ${problem}`);
    this.name = 'FixtureError';
  }
}

/** One request of a fixture load. */
export interface FixtureRequest {
  method: 'PUT' | 'POST';
  path: string;
  /** JSON text, or NDJSON for a bulk. */
  body: string;
  file: string;
  /** For a bulk: the file line of each action, by item position. Else the line of the body. */
  lines: number[];
  /** Bulk items (action + optional source) in this request; 0 for other requests. */
  items: number;
}

/** Bulk bodies are cut into requests of about this size (far below `http.max_content_length`). */
const BULK_CHUNK_BYTES = 4 * 1024 * 1024;

/** All requests of the fixtures folder `dir`, in load order. */
export async function readFixtures(dir: string): Promise<FixtureRequest[]> {
  const out: FixtureRequest[] = [];
  for (const f of await jsonFiles(dir, 'templates')) out.push(await jsonRequest(dir, f, 'PUT', `/_template/${enc(stem(f))}`));
  for (const f of await jsonFiles(dir, 'pipelines')) out.push(await jsonRequest(dir, f, 'PUT', `/_ingest/pipeline/${enc(stem(f))}`));
  for (const f of await jsonFiles(dir, 'scripts')) out.push(await jsonRequest(dir, f, 'PUT', `/_scripts/${enc(stem(f))}`));
  for (const f of await jsonFiles(dir, 'indices')) {
    if (f.endsWith('.mapping.json')) out.push(...(await elasticdumpMapping(dir, f)));
    else out.push(await jsonRequest(dir, f, 'PUT', `/${enc(stem(f))}`));
  }
  for (const f of await listFiles(dir, 'data', ['.ndjson', '.json'])) out.push(...(await bulkRequests(dir, f)));
  return out;
}

async function listFiles(dir: string, sub: string, exts: string[]): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(dir, sub));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const n of names.sort()) {
    if (exts.some((e) => n.endsWith(e))) out.push(join(sub, n));
    // A file that fits no rule would otherwise be skipped without a word.
    else throw new FixtureError(join(dir, sub, n), undefined, `not a fixture file (expected ${exts.join(' or ')} in ${sub}/)`);
  }
  return out;
}

const jsonFiles = (dir: string, sub: string): Promise<string[]> => listFiles(dir, sub, ['.json']);

function stem(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base.slice(0, base.length - '.json'.length);
}

const enc = encodeURIComponent;

/** Parse JSON text, or throw a FixtureError at the line of the syntax error. */
export function parseJsonAt(text: string, file: string, firstLine = 1): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const m = /\(line (\d+) column \d+\)/.exec(msg) ?? null;
    const pos = /at position (\d+)/.exec(msg);
    const line = m ? firstLine + Number(m[1]) - 1 : pos ? firstLine + countNewlines(text, Number(pos[1])) : firstLine;
    throw new FixtureError(file, line, `invalid JSON: ${msg}`);
  }
}

function countNewlines(text: string, upTo: number): number {
  let n = 0;
  for (let i = 0; i < upTo && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

async function jsonRequest(dir: string, file: string, method: 'PUT', path: string): Promise<FixtureRequest> {
  const text = await readFile(join(dir, file), 'utf8');
  const shown = join(dir, file);
  parseJsonAt(text, shown);
  return { method, path, body: text, file: shown, lines: [1], items: 0 };
}

/** elasticdump `--type=mapping`: `{"<index>": {"mappings": {...}}, ...}`, one `PUT /<index>` each. */
async function elasticdumpMapping(dir: string, file: string): Promise<FixtureRequest[]> {
  const shown = join(dir, file);
  const doc = parseJsonAt(await readFile(join(dir, file), 'utf8'), shown);
  if (!isObject(doc)) throw new FixtureError(shown, 1, 'an elasticdump mapping file must hold an object of indices');
  return Object.entries(doc).map(([index, body]) => {
    if (!isObject(body) || !isObject(body.mappings)) throw new FixtureError(shown, undefined, `index [${index}] has no [mappings] object`);
    return { method: 'PUT', path: `/${enc(index)}`, body: JSON.stringify({ mappings: body.mappings }), file: shown, lines: [1], items: 0 };
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const BULK_ACTIONS = new Set(['index', 'create', 'update', 'delete']);

/**
 * A data file as `_bulk` requests. Each action line is checked to know whether a source line
 * follows (all but `delete`), so the body can be cut between items and every item keeps its
 * line number; an elasticdump line becomes an `index` action plus its `_source`.
 */
async function bulkRequests(dir: string, file: string): Promise<FixtureRequest[]> {
  const shown = join(dir, file);
  const text = await readFile(join(dir, file), 'utf8');
  const rows = text.split('\n');
  const out: FixtureRequest[] = [];
  let body: string[] = [];
  let lines: number[] = [];
  let bytes = 0;
  const cut = (): void => {
    if (lines.length === 0) return;
    out.push({ method: 'POST', path: '/_bulk', body: body.join('\n') + '\n', file: shown, lines, items: lines.length });
    body = [];
    lines = [];
    bytes = 0;
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!.trim();
    if (row === '') continue;
    const lineNo = i + 1;
    const parsed = parseJsonAt(row, shown, lineNo);
    if (!isObject(parsed)) throw new FixtureError(shown, lineNo, 'expected a JSON object');
    const keys = Object.keys(parsed);
    let item: string[];
    if (keys.length === 1 && BULK_ACTIONS.has(keys[0]!)) {
      item = [row];
      if (keys[0] !== 'delete') {
        // the source line: the next non-empty line
        let j = i + 1;
        while (j < rows.length && rows[j]!.trim() === '') j++;
        if (j >= rows.length) throw new FixtureError(shown, lineNo, `[${keys[0]}] action without a source line`);
        const src = rows[j]!.trim();
        parseJsonAt(src, shown, j + 1);
        item.push(src);
        i = j;
      }
    } else if ('_source' in parsed) {
      item = elasticdumpItem(parsed, shown, lineNo);
    } else {
      throw new FixtureError(shown, lineNo, `expected a bulk action (${[...BULK_ACTIONS].join(', ')}) or an elasticdump line with [_source]`);
    }
    const size = item.reduce((n, s) => n + s.length + 1, 0);
    if (bytes + size > BULK_CHUNK_BYTES) cut();
    body.push(...item);
    lines.push(lineNo);
    bytes += size;
  }
  cut();
  return out;
}

/** elasticdump `--type=data` line: a search hit (`_index`, `_type`, `_id`, `_source`, routing in `fields` or at the top). */
function elasticdumpItem(hit: Record<string, unknown>, file: string, line: number): string[] {
  const meta: Record<string, unknown> = {};
  for (const k of ['_index', '_type', '_id'] as const) {
    if (typeof hit[k] !== 'string') throw new FixtureError(file, line, `elasticdump line without a string [${k}]`);
    meta[k] = hit[k];
  }
  const fields = isObject(hit.fields) ? hit.fields : {};
  for (const k of ['_routing', '_parent'] as const) {
    const v = hit[k] ?? fields[k];
    if (v !== undefined) meta[k] = v;
  }
  return [JSON.stringify({ index: meta }), JSON.stringify(hit._source)];
}
