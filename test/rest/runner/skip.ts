/**
 * `skip` sections: version ranges (`" - 5.0.99"`, `"5.0.0 - 5.2.99"`, `"all"`) and feature
 * lists, decided as ES 5.6's `SkipSection` does: a test is skipped when the server version is
 * inside the range (bounds inclusive, empty bound = open) or when it needs a feature this
 * runner does not implement.
 */
import type { SkipStep } from './suite-model.js';

/**
 * Runner features this runner implements (names from ES's `Features` class). `yaml` means
 * responses in YAML are parsed; `headers` means `do.headers`; `warnings` means `do.warnings`
 * with ES 5.6's strict check; the stash ones are the key/path/embedded substitutions.
 */
export const SUPPORTED_FEATURES: ReadonlySet<string> = new Set([
  'headers',
  'warnings',
  'yaml',
  'stash_in_path',
  'stash_in_key',
  'embedded_stash_key',
]);

/** A version as `[major, minor, revision]`. */
export type Version = readonly [number, number, number];

/** Parses `5.6.16`, `5.0.0-alpha1` or `1.0.0.Beta1` by its leading numbers (missing = 0). */
export function parseVersion(text: string): Version {
  const m = /^\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  if (!m) throw new Error(`cannot parse version [${text}]`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** An inclusive version range; `undefined` bounds are open. */
export interface VersionRange {
  readonly lower?: Version;
  readonly upper?: Version;
}

/** Parses `"lower - upper"` (either side may be empty) or `"all"`. */
export function parseVersionRange(text: string): VersionRange {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'all') return {};
  const dash = trimmed.indexOf(' - ') >= 0 ? trimmed.indexOf(' - ') : trimmed.indexOf('-');
  if (dash < 0) throw new Error(`version range [${text}] must be "lower - upper"`);
  const lower = trimmed.slice(0, dash).trim();
  const upper = trimmed.slice(dash + (trimmed.startsWith(' - ', dash) ? 3 : 1)).trim();
  return {
    ...(lower ? { lower: parseVersion(lower) } : {}),
    ...(upper ? { upper: parseVersion(upper) } : {}),
  };
}

/** True when `version` lies inside `range`, bounds included. */
export function versionInRange(version: Version, range: VersionRange): boolean {
  if (range.lower && compareVersions(version, range.lower) < 0) return false;
  if (range.upper && compareVersions(version, range.upper) > 0) return false;
  return true;
}

/**
 * Why `skip` skips against a server of `version`, or undefined when the test runs.
 * Unsupported features are reported before the version check, as in ES.
 */
export function skipReason(skip: SkipStep, version: Version): string | undefined {
  const missing = skip.features.filter((f) => !SUPPORTED_FEATURES.has(f));
  if (missing.length > 0) return `runner lacks feature(s) [${missing.join(', ')}]`;
  if (skip.version !== undefined && versionInRange(version, parseVersionRange(skip.version))) {
    return `version [${skip.version}]: ${skip.reason ?? 'no reason given'}`;
  }
  return undefined;
}
