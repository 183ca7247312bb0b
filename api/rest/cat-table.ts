/**
 * The `_cat` renderer, as ES 5.6 `RestTable` + `AbstractCatAction`:
 * - text: each column padded to its widest cell (header too with `v`), cells separated by one
 *   space, the last column not padded unless right-aligned, one `\n` per row;
 * - `h`: comma list of column names, aliases or `*` wildcards (unknown names are skipped);
 *   without `h`, the columns whose `default` is not false; `ts=false` hides `epoch`/`timestamp`;
 * - `s`: sort keys (names or aliases) with optional `:asc` / `:desc`; unknown key →
 *   `unsupported_operation_exception` ``Unable to sort by unknown sort key `x` ``;
 * - `help`: `name | alias | description` lines, all padded;
 * - `bytes`, `size`, `time`: unit for ByteSizeValue, SizeValue and TimeValue cells;
 * - `format=json|yaml` (or an `Accept` header): an array of objects keyed by the displayed
 *   column name, every value a string (ES renders cells to text first), null kept.
 */
import type { RestRequest, RestResponse } from '../types.js';
import { EsError } from '../../lib/errors/errors.js';
import { ByteSizeValue, SizeValue } from '../../lib/units/byte-size-value.js';
import { TimeValue } from '../../lib/units/time-value.js';
import { JsonDouble, JsonFloat, javaDoubleToString, javaFloatToString } from '../../lib/units/java-number.js';
import { parseBooleanLenient } from '../../lib/units/booleans.js';
import { fromMediaTypeOrFormat, MEDIA_TYPE } from './content-type.js';
import { isSimpleMatchPattern, simpleMatch } from '../../lib/units/simple-match.js';
import { javaSplit } from './url-decode.js';

/** One column of a cat table (ES `Table` header cell and its attributes). */
export interface CatColumn {
  name: string;
  /** Short names accepted by `h` and `s` (ES `alias:` attribute). */
  aliases?: string[];
  /** Shown by `help` (`not available` when absent). */
  desc?: string;
  /** Listed without `h`; default true. */
  default?: boolean;
  /** `right` for numbers, as ES's `text-align:right`; header and cells of the column. */
  align?: 'left' | 'right';
  /** Flag name (e.g. `pri`): with `?pri` and this column in `h`, column `pri.<name>` follows it. */
  sibling?: string;
}

/** A cell value. Byte sizes, counts and durations follow the `bytes`, `size`, `time` parameters. */
export type CatValue = string | number | boolean | null | undefined | ByteSizeValue | SizeValue | TimeValue | JsonDouble | JsonFloat;

/** A table: columns and rows (cells in column order). */
export interface CatTable {
  columns: CatColumn[];
  rows: CatValue[][];
}

interface DisplayHeader {
  /** Index of the column in the table. */
  index: number;
  display: string;
}

function param(req: RestRequest, name: string): string | undefined {
  return req.param(name);
}

/** ES `RestTable.renderValue`. */
export function renderCatValue(req: RestRequest, value: CatValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof ByteSizeValue) {
    switch (param(req, 'bytes')) {
      case 'b':
        return String(value.bytes);
      case 'k':
      case 'kb':
        return String(value.getKb());
      case 'm':
      case 'mb':
        return String(value.getMb());
      case 'g':
      case 'gb':
        return String(value.getGb());
      case 't':
      case 'tb':
        return String(value.getTb());
      case 'p':
      case 'pb':
        return String(value.getPb());
      default:
        return value.toString();
    }
  }
  if (value instanceof SizeValue) {
    switch (param(req, 'size')) {
      case '':
        return String(value.singles);
      case 'k':
        return String(value.kilo());
      case 'm':
        return String(value.mega());
      case 'g':
        return String(value.giga());
      case 't':
        return String(value.tera());
      case 'p':
        return String(value.peta());
      default:
        return value.toString();
    }
  }
  if (value instanceof TimeValue) {
    const unit = param(req, 'time');
    switch (unit) {
      case 'nanos':
      case 'micros':
      case 'ms':
      case 's':
      case 'm':
      case 'h':
      case 'd':
        return String(value.to(unit));
      default:
        return value.toString();
    }
  }
  if (value instanceof JsonDouble) return javaDoubleToString(value.value);
  if (value instanceof JsonFloat) return javaFloatToString(value.value);
  return String(value);
}

function columnAliases(col: CatColumn): string[] {
  return col.aliases ?? [];
}

/** ES `RestTable.buildDisplayHeaders`. */
function buildDisplayHeaders(table: CatTable, req: RestRequest): DisplayHeader[] {
  const display: DisplayHeader[] = [];
  const showTs = (name: string): boolean => (name === 'epoch' || name === 'timestamp' ? parseBooleanLenient(param(req, 'ts'), true) : true);
  const h = param(req, 'h');
  if (h !== undefined) {
    const byName = new Map(table.columns.map((c, i) => [c.name, i] as const));
    for (const possibility of expandHeaders(table, h)) {
      let header: DisplayHeader | undefined;
      const direct = byName.get(possibility);
      if (direct !== undefined) {
        header = { index: direct, display: possibility };
      } else {
        // ES keeps the last column declaring the alias.
        table.columns.forEach((c, i) => {
          if (columnAliases(c).includes(possibility)) header = { index: i, display: possibility };
        });
      }
      if (header === undefined) continue;
      const col = table.columns[header.index] as CatColumn;
      if (!showTs(col.name)) continue;
      display.push(header);
      if (col.sibling !== undefined) {
        const siblingIndex = byName.get(`${col.sibling}.${col.name}`);
        if (siblingIndex !== undefined && parseBooleanLenient(param(req, col.sibling), false)) {
          display.push({ index: siblingIndex, display: `${col.sibling}.${header.display}` });
        }
      }
    }
  } else {
    table.columns.forEach((c, i) => {
      if (c.default !== false && showTs(c.name)) display.push({ index: i, display: c.name });
    });
  }
  return display;
}

/** ES `expandHeadersFromRequest`: names as given, wildcards expanded against names and aliases. */
function expandHeaders(table: CatTable, h: string): string[] {
  const headers = new Set<string>();
  for (const header of h.length === 0 ? [] : javaSplit(h, ',')) {
    if (isSimpleMatchPattern(header)) {
      for (const col of table.columns) {
        if (simpleMatch(header, col.name) || columnAliases(col).some((a) => simpleMatch(header, a))) headers.add(col.name);
      }
    } else {
      headers.add(header);
    }
  }
  return [...headers];
}

function compareCell(a: CatValue, b: CatValue): number {
  const an = a === null || a === undefined;
  const bn = b === null || b === undefined;
  if (an && bn) return 0;
  if (an) return -1;
  if (bn) return 1;
  const key = (v: CatValue): [string, number | string | boolean] => {
    if (v instanceof ByteSizeValue) return ['bytes', v.bytes];
    if (v instanceof SizeValue) return ['size', v.singles];
    if (v instanceof TimeValue) return ['time', v.nanos()];
    if (v instanceof JsonDouble || v instanceof JsonFloat) return ['number', v.value];
    return [typeof v, v as number | string | boolean];
  };
  const [ka, va] = key(a);
  const [kb, vb] = key(b);
  if (ka === kb) return va < vb ? -1 : va > vb ? 1 : 0;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** ES `RestTable.getRowOrder`: the `s` parameter as a stable multi-key sort. */
function rowOrder(table: CatTable, req: RestRequest): number[] {
  const order = table.rows.map((_, i) => i);
  const s = param(req, 's');
  if (s === undefined || s.length === 0) return order;
  const aliasMap = new Map<string, number>();
  table.columns.forEach((c, i) => {
    aliasMap.set(c.name, i);
    for (const a of columnAliases(c)) aliasMap.set(a, i);
  });
  const keys = javaSplit(s, ',').map((raw) => {
    let name = raw;
    let reverse = false;
    if (name.endsWith(':desc')) {
      name = name.substring(0, name.length - 5);
      reverse = true;
    } else if (name.endsWith(':asc')) {
      name = name.substring(0, name.length - 4);
    }
    const index = aliasMap.get(name);
    if (index === undefined) throw new EsError('unsupported_operation_exception', 500, `Unable to sort by unknown sort key \`${name}\``);
    return { index, reverse };
  });
  return order.sort((x, y) => {
    for (const k of keys) {
      const c = compareCell(table.rows[x]?.[k.index], table.rows[y]?.[k.index]);
      if (c !== 0) return k.reverse ? -c : c;
    }
    return 0;
  });
}

function pad(value: string | null, width: number, align: 'left' | 'right', isLast: boolean): string {
  const s = value ?? '';
  const leftOver = width - s.length;
  if (leftOver > 0 && align === 'right') return ' '.repeat(leftOver) + s;
  return isLast || leftOver <= 0 ? s : s + ' '.repeat(leftOver);
}

/** The plain-text table. */
export function renderCatText(req: RestRequest, table: CatTable): string {
  const verbose = parseBooleanLenient(param(req, 'v'), false);
  const headers = buildDisplayHeaders(table, req);
  const order = rowOrder(table, req);
  const rendered = table.rows.map((row) => headers.map((h) => renderCatValue(req, row[h.index])));
  const widths = headers.map((h, col) => {
    let w = verbose ? h.display.length : 0;
    for (const row of rendered) w = Math.max(w, row[col]?.length ?? 0);
    return w;
  });
  const lastHeader = headers.length - 1;
  let out = '';
  if (verbose) {
    headers.forEach((h, col) => {
      const align = table.columns[h.index]?.align ?? 'left';
      out += pad(h.display, widths[col] ?? 0, align, col === lastHeader);
      if (col !== lastHeader) out += ' ';
    });
    out += '\n';
  }
  for (const r of order) {
    const row = rendered[r] ?? [];
    headers.forEach((h, col) => {
      const align = table.columns[h.index]?.align ?? 'left';
      out += pad(row[col] ?? null, widths[col] ?? 0, align, col === lastHeader);
      if (col !== lastHeader) out += ' ';
    });
    out += '\n';
  }
  return out;
}

/** The `help` text: `name | aliases | description` per column. */
export function renderCatHelp(table: CatTable): string {
  const cells = table.columns.map((c) => [c.name, columnAliases(c).join(','), c.desc ?? 'not available'] as const);
  const widths = [0, 1, 2].map((i) => Math.max(0, ...cells.map((c) => c[i]?.length ?? 0)));
  return cells
    .map((c) => `${pad(c[0], widths[0] ?? 0, 'left', false)} | ${pad(c[1], widths[1] ?? 0, 'left', false)} | ${pad(c[2], widths[2] ?? 0, 'left', false)}\n`)
    .join('');
}

/** The rows as objects for `format=json|yaml`: display name → rendered text. */
export function catRowsAsObjects(req: RestRequest, table: CatTable): Array<Record<string, string | null>> {
  const headers = buildDisplayHeaders(table, req);
  return rowOrder(table, req).map((r) => {
    const row = table.rows[r] ?? [];
    const obj: Record<string, string | null> = {};
    for (const h of headers) obj[h.display] = renderCatValue(req, row[h.index]);
    return obj;
  });
}

/** The complete `_cat` response for a table, honouring `help`, `format`/`Accept`, `v`, `h`, `s`. */
export function catResponse(req: RestRequest, table: CatTable): RestResponse {
  if (parseBooleanLenient(param(req, 'help'), false)) {
    return { status: 200, body: renderCatHelp(table), contentType: MEDIA_TYPE.text };
  }
  const accept = req.headers['accept'];
  const format = fromMediaTypeOrFormat(param(req, 'format') ?? (Array.isArray(accept) ? accept[0] : accept));
  if (format !== undefined) return { status: 200, body: catRowsAsObjects(req, table) };
  return { status: 200, body: renderCatText(req, table), contentType: MEDIA_TYPE.text };
}

/** The `epoch` and `timestamp` cells of ES's cat tables: seconds since 1970 and `HH:mm:ss` (UTC). */
export function epochCells(millis: number): [number, string] {
  const d = new Date(millis);
  const two = (n: number): string => String(n).padStart(2, '0');
  return [Math.floor(millis / 1000), `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`];
}

/** ES's `epoch` and `timestamp` columns, shared by the cat tables that start with them. */
export const EPOCH_COLUMNS: CatColumn[] = [
  { name: 'epoch', aliases: ['t', 'time'], desc: 'seconds since 1970-01-01 00:00:00' },
  { name: 'timestamp', aliases: ['ts', 'hms', 'hhmmss'], desc: 'time in HH:MM:SS' },
];
