/**
 * Readings of the operating system for the nodes APIs (ES `OsProbe`, `ProcessProbe`, `FsProbe`).
 * Linux exposes them under `/proc`; elsewhere a reading ES would also lack is `-1`, as ES
 * reports a probe that is not available.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A `Key:   123 kB` line of a /proc status file, in bytes (or the plain count without unit). */
function procField(text: string | undefined, key: string): number | undefined {
  if (text === undefined) return undefined;
  const m = new RegExp(`^${key}:\\s+(\\d+)(\\s+kB)?`, 'm').exec(text);
  if (!m) return undefined;
  return Number(m[1]) * (m[2] ? 1024 : 1);
}

/** Open file descriptors of this process (entries of /proc/self/fd), or -1. */
export function openFileDescriptors(): number {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return -1;
  }
}

/** The soft `Max open files` limit of this process, or -1. */
export function maxFileDescriptors(): number {
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(readProc('/proc/self/limits') ?? '');
  if (!m) return -1;
  return m[1] === 'unlimited' ? -1 : Number(m[1]);
}

/** Threads of this process: V8's main thread, its helper threads and libuv's pool. */
export function threadCount(): number {
  return procField(readProc('/proc/self/status'), 'Threads') ?? -1;
}

/** Virtual memory size of this process in bytes, or -1. */
export function virtualMemoryBytes(): number {
  return procField(readProc('/proc/self/status'), 'VmSize') ?? -1;
}

/** Swap totals of the machine (0 when the machine has none or they cannot be read). */
export function swapBytes(): { total: number; free: number } {
  const text = readProc('/proc/meminfo');
  return { total: procField(text, 'SwapTotal') ?? 0, free: procField(text, 'SwapFree') ?? 0 };
}

/** Space of the file system holding `path` (ES `FsInfo.Path`); -1 figures when unknown. */
export async function fileSystemSpace(path: string): Promise<{ total: number; free: number; available: number }> {
  try {
    const s = await statfs(path);
    return { total: s.blocks * s.bsize, free: s.bfree * s.bsize, available: s.bavail * s.bsize };
  } catch {
    return { total: -1, free: -1, available: -1 };
  }
}

/** The mount point and type of the file system holding `path`, from /proc/self/mounts. */
export function mountOf(path: string): { mount: string; type: string } {
  let best = { mount: '/', type: 'unknown' };
  for (const line of (readProc('/proc/self/mounts') ?? '').split('\n')) {
    const [, mountPoint, type] = line.split(' ');
    if (mountPoint === undefined || type === undefined) continue;
    const prefix = mountPoint.endsWith('/') ? mountPoint : `${mountPoint}/`;
    if ((path === mountPoint || path.startsWith(prefix)) && mountPoint.length >= best.mount.length) best = { mount: mountPoint, type };
  }
  return best;
}
