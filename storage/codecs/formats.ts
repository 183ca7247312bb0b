/**
 * The format id and version of every codec, written into shard metadata (`formats`) when a
 * shard is created and checked when it is opened, so one format can change without touching
 * the others and an old shard is never misread.
 */
import { DOC_IDS_FORMAT } from './doc-ids.js';
import { DOC_VALUES_FORMAT } from './doc-values.js';
import { LIVE_DOCS_FORMAT } from './live-docs.js';
import { NORMS_FORMAT } from './norms.js';
import { OP_LOG_FORMAT } from './op-log.js';
import { POSTINGS_FORMAT } from './postings.js';
import { POSTINGS_CHUNK_FORMAT } from './postings-chunk.js';
import { SEGMENT_INFO_FORMAT } from './segment-info.js';
import { STORED_DOC_FORMAT } from './stored-doc.js';
import { TERM_DICT_FORMAT } from './term-dict.js';
import { VERSION_ENTRY_FORMAT } from './version-entry.js';

/** Data kind → format written by this build. */
export const CURRENT_FORMATS: Record<string, { id: string; version: number }> = {
  postings: POSTINGS_FORMAT,
  postingsChunk: POSTINGS_CHUNK_FORMAT,
  terms: TERM_DICT_FORMAT,
  stored: STORED_DOC_FORMAT,
  docValues: DOC_VALUES_FORMAT,
  norms: NORMS_FORMAT,
  liveDocs: LIVE_DOCS_FORMAT,
  segmentInfo: SEGMENT_INFO_FORMAT,
  docIds: DOC_IDS_FORMAT,
  opLog: OP_LOG_FORMAT,
  version: VERSION_ENTRY_FORMAT,
};

/** Throws when a shard was written with formats this build cannot read. */
export function checkFormats(stored: Record<string, { id: string; version: number }>): void {
  for (const [kind, want] of Object.entries(CURRENT_FORMATS)) {
    const have = stored[kind];
    if (!have) throw new Error(`shard metadata lacks the format of [${kind}]`);
    if (have.id !== want.id || have.version > want.version) {
      throw new Error(`unsupported ${kind} format [${have.id} v${have.version}], this build reads [${want.id} v${want.version}]`);
    }
  }
}
