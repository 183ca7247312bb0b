/**
 * The node's indexing buffer budget, ES 5.6's `IndexingMemoryController`: every shard's
 * indexing buffer (the segment being built before the next refresh) counts against ONE node-wide
 * budget, `indices.memory.index_buffer_size` (a share of the heap, `10%` by default, or a byte
 * size; bounded by `indices.memory.min_index_buffer_size`, 48mb, and
 * `indices.memory.max_index_buffer_size`, unbounded). When the buffers together pass it, the
 * largest ones are written out as segments (a refresh, as ES's `writeIndexingBuffer`) until the
 * rest fits. Checked after every write (ES checks every 5 s and after 1/30 of the budget was
 * written; summing the buffers is cheap here, and a bulk arrives in one piece).
 */
import { EsError } from '../errors/errors.js';
import { heapRatioOrBytes, parseBytesSizeValue } from '../units/byte-size-value.js';
import { TimeValue, parseTimeValueOr } from '../units/time-value.js';

import type { BufferedShard, IndexingMemory } from '../shard/types.js';

export type { BufferedShard } from '../shard/types.js';

/** The budget in bytes from the three node settings (values as given in the node's settings). */
export function indexBufferBudget(settings: Readonly<Record<string, string | undefined>>): number {
  const size = heapRatioOrBytes(settings['indices.memory.index_buffer_size'] ?? '10%', 'indices.memory.index_buffer_size');
  const min = parseBytesSizeValue(settings['indices.memory.min_index_buffer_size'] ?? '48mb', 'indices.memory.min_index_buffer_size').bytes;
  const max = parseBytesSizeValue(settings['indices.memory.max_index_buffer_size'] ?? '-1', 'indices.memory.max_index_buffer_size').bytes;
  // ES: a percentage is clamped by min and max; an absolute size is taken as it is.
  if (!(settings['indices.memory.index_buffer_size'] ?? '10%').trim().endsWith('%')) return size;
  let budget = Math.max(size, min);
  if (max >= 0 && budget > max) budget = max;
  return budget;
}

/** ES 5.6's default `indices.memory.shard_inactive_time`. */
const SHARD_INACTIVE_TIME = new TimeValue(5, 'm');

/**
 * `indices.memory.shard_inactive_time` in milliseconds (ES 5.6 `IndexingMemoryController`, a
 * positive time setting, default 5m): a shard with no write for this long is inactive — flushed,
 * and its primary runs a synced flush. A bad or negative value stops the node, as ES.
 */
export function shardInactiveTimeMs(settings: Readonly<Record<string, string | undefined>>): number {
  const key = 'indices.memory.shard_inactive_time';
  const raw = settings[key];
  const t = parseTimeValueOr(raw, SHARD_INACTIVE_TIME, key);
  if (t.millis() < 0) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${raw}] for setting [${key}] must be >= 0s`);
  return t.millis();
}

/** What a node does with its shards' inactivity: after how long, and whom it tells (lib/node.ts: the synced flush). */
export interface ShardInactivityOptions {
  /** `indices.memory.shard_inactive_time` in milliseconds. */
  timeMs: number;
  /** A shard copy of this node turned inactive (ES `IndexEventListener#onShardInactive`). */
  onInactive(index: string, shard: number): void;
}

export class IndexingMemoryController implements IndexingMemory {
  private readonly shards = new Set<BufferedShard>();
  /** Shards whose buffer is being written: not asked again, not counted (their buffer was swapped). */
  private readonly writing = new Set<BufferedShard>();
  /** Buffers written because the budget was passed (for tests and the log). */
  writes = 0;

  constructor(
    /** `indices.memory.index_buffer_size` resolved to bytes. */
    readonly budgetBytes: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Count a shard's buffer; returns the function that stops counting it (on close). */
  track(shard: BufferedShard): () => void {
    this.shards.add(shard);
    return () => {
      this.shards.delete(shard);
      this.writing.delete(shard);
    };
  }

  /** Bytes all tracked buffers hold now (`index_writer_memory_in_bytes` summed over the node). */
  usedBytes(): number {
    let total = 0;
    for (const s of this.shards) total += s.indexBufferBytes();
    return total;
  }

  /** After a write: when the buffers pass the budget, write out the largest until the rest fits. */
  afterWrite(): void {
    let total = 0;
    const candidates: Array<[BufferedShard, number]> = [];
    for (const s of this.shards) {
      // As ES, bytes already being written out do not count (the refresh may not have
      // swapped the buffer yet).
      if (this.writing.has(s)) continue;
      const bytes = s.indexBufferBytes();
      total += bytes;
      if (bytes > 0) candidates.push([s, bytes]);
    }
    if (total <= this.budgetBytes) return;
    candidates.sort((a, b) => b[1] - a[1]);
    for (const [shard, bytes] of candidates) {
      if (total <= this.budgetBytes) break;
      total -= bytes;
      this.writes++;
      this.writing.add(shard);
      shard
        .writeIndexingBuffer()
        .catch(this.onError)
        .finally(() => this.writing.delete(shard));
    }
  }
}
