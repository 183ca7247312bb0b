/**
 * Elasticsearch version ids as stored in `index.version.created`: ES `Version` packs
 * major * 1000000 + minor * 10000 + revision * 100 + build, where build 99 is a release
 * (lower builds are alphas, betas and release candidates).
 */

/** `Version#toString` of an id, e.g. 5061699 → `5.6.16`, 5000001 → `5.0.0-alpha1`. */
export function versionString(id: number): string {
  const major = Math.floor(id / 1_000_000);
  const minor = Math.floor(id / 10_000) % 100;
  const revision = Math.floor(id / 100) % 100;
  const build = id % 100;
  const base = `${major}.${minor}.${revision}`;
  if (build === 99) return base;
  // ES 5.x: builds below 25 are alphas, below 50 betas, below 99 release candidates.
  if (build < 25) return `${base}-alpha${build}`;
  if (build < 50) return `${base}-beta${build - 25}`;
  return `${base}-rc${build - 50}`;
}
