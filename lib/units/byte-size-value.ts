/**
 * ES 5.6 `ByteSizeValue` (binary units: 1kb = 1024b) and `SizeValue` (decimal multipliers for
 * counts: 1k = 1000). Parsing as `ByteSizeValue.parseBytesSizeValue`, text as their `toString`
 * (`1.2kb`, `10mb`, `512b`; `1.5k`, `12`). See org.elasticsearch.common.unit.
 */
import { getHeapStatistics } from 'node:v8';
import { EsError } from '../errors/errors.js';
import { format1Decimals } from './java-number.js';
import { javaParseDouble, javaParseLong, NumberFormatError } from './java-parse.js';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;
const PB = TB * 1024;

/** A number of bytes. */
export class ByteSizeValue {
  constructor(readonly bytes: number) {}

  getKb(): number {
    return Math.trunc(this.bytes / KB);
  }
  getMb(): number {
    return Math.trunc(this.bytes / MB);
  }
  getGb(): number {
    return Math.trunc(this.bytes / GB);
  }
  getTb(): number {
    return Math.trunc(this.bytes / TB);
  }
  getPb(): number {
    return Math.trunc(this.bytes / PB);
  }

  /** ES `ByteSizeValue#toString`: the largest unit reached, one decimal cut (`1.2kb`, `10mb`, `0b`). */
  toString(): string {
    const b = this.bytes;
    if (b >= PB) return format1Decimals(b / PB, 'pb');
    if (b >= TB) return format1Decimals(b / TB, 'tb');
    if (b >= GB) return format1Decimals(b / GB, 'gb');
    if (b >= MB) return format1Decimals(b / MB, 'mb');
    if (b >= KB) return format1Decimals(b / KB, 'kb');
    return format1Decimals(b, 'b');
  }
}

const BYTE_SUFFIXES: Array<[string, number]> = [
  ['k', KB],
  ['kb', KB],
  ['m', MB],
  ['mb', MB],
  ['g', GB],
  ['gb', GB],
  ['t', TB],
  ['tb', TB],
  ['p', PB],
  ['pb', PB],
];

/**
 * ES `ByteSizeValue.parseBytesSizeValue(sValue, settingName)`: `k`/`kb`... `p`/`pb` (fractions
 * allowed, truncated), `b` (whole bytes), or unit-less `-1` / `0`. Anything else fails with
 * `failed to parse setting [x] with value [y] as a size in bytes: unit is missing or unrecognized`.
 */
export function parseBytesSizeValue(sValue: string, settingName: string): ByteSizeValue {
  const lower = sValue.toLowerCase().trim();
  try {
    for (const [suffix, scale] of BYTE_SUFFIXES) {
      if (lower.endsWith(suffix)) {
        return new ByteSizeValue(Math.trunc(javaParseDouble(lower.substring(0, lower.length - suffix.length)) * scale));
      }
    }
    if (lower.endsWith('b')) return new ByteSizeValue(javaParseLong(lower.substring(0, lower.length - 1).trim()));
  } catch (e) {
    if (e instanceof NumberFormatError) {
      throw new EsError('parse_exception', 400, `failed to parse [${sValue}]`, { causedBy: e.toEsError() });
    }
    throw e;
  }
  if (lower === '-1') return new ByteSizeValue(-1);
  if (lower === '0') return new ByteSizeValue(0);
  throw new EsError(
    'parse_exception',
    400,
    `failed to parse setting [${settingName}] with value [${sValue}] as a size in bytes: unit is missing or unrecognized`,
  );
}

/**
 * ES `MemorySizeValue.parseBytesSizeValueOrHeapRatio`: `10%` of the heap limit (V8's
 * `heap_size_limit`, what `_nodes/stats` reports as `heap_max`) or a byte size (`512mb`).
 */
export function heapRatioOrBytes(value: string, setting: string): number {
  const t = value.trim();
  if (!t.endsWith('%')) return parseBytesSizeValue(t, setting).bytes;
  const text = t.slice(0, -1);
  const pct = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(pct)) throw new EsError('parse_exception', 400, `failed to parse [${text}] as a double`);
  if (pct < 0 || pct > 100) throw new EsError('parse_exception', 400, `percentage should be in [0-100], got [${text}]`);
  return Math.floor((pct / 100) * getHeapStatistics().heap_size_limit);
}

/** A count rendered with decimal multipliers (cat `size` columns, docs counts with `size=k`). */
export class SizeValue {
  constructor(readonly singles: number) {}

  kilo(): number {
    return Math.trunc(this.singles / 1e3);
  }
  mega(): number {
    return Math.trunc(this.singles / 1e6);
  }
  giga(): number {
    return Math.trunc(this.singles / 1e9);
  }
  tera(): number {
    return Math.trunc(this.singles / 1e12);
  }
  peta(): number {
    return Math.trunc(this.singles / 1e15);
  }

  /** ES `SizeValue#toString`: `12`, `1.5k`, `2m`, `1g`... */
  toString(): string {
    const s = this.singles;
    if (s >= 1e15) return format1Decimals(s / 1e15, 'p');
    if (s >= 1e12) return format1Decimals(s / 1e12, 't');
    if (s >= 1e9) return format1Decimals(s / 1e9, 'g');
    if (s >= 1e6) return format1Decimals(s / 1e6, 'm');
    if (s >= 1e3) return format1Decimals(s / 1e3, 'k');
    return format1Decimals(s, '');
  }
}
