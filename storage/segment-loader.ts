/**
 * Loads a sealed segment's in-memory core (info, term dictionaries, norms, doc values, doc ids,
 * stored chunk index) and its live docs from LevelDB when a shard is opened.
 */
import { decodeDocIds } from './codecs/doc-ids.js';
import { decodeDocValues, type DocValuesColumn } from './codecs/doc-values.js';
import { decodeLiveDocs, type LiveDocs } from './codecs/live-docs.js';
import { decodeNorms } from './codecs/norms.js';
import { decodeSegmentInfo } from './codecs/segment-info.js';
import { decodeTermDict } from './codecs/term-dict.js';
import { docIdsKey, docValuesKey, liveDocsKey, normsKey, segInfoKey, segTermsKey, storedIndexKey } from './keyspace.js';
import { decodeStoredIndex } from './codecs/stored-chunk.js';
import type { FieldCore, SegmentCore } from './segment-core.js';
import type { ShardStore } from './shard-store.js';

async function must(db: ShardStore, key: Buffer, what: string): Promise<Buffer> {
  const v = await db.get(key);
  if (v === undefined) throw new Error(`corrupt shard: missing ${what}`);
  return v;
}

export async function loadSegment(db: ShardStore, id: number): Promise<{ core: SegmentCore; liveDocs: LiveDocs | null }> {
  const info = decodeSegmentInfo(await must(db, segInfoKey(id), `segment info of [${id}]`));
  const fields = new Map<string, FieldCore>();
  const termKeys = info.fields.map((f) => segTermsKey(id, f.name));
  const termVals = termKeys.length ? await db.getMany(termKeys) : [];
  const normFields = info.fields.filter((f) => f.norms);
  const normVals = normFields.length ? await db.getMany(normFields.map((f) => normsKey(id, f.name))) : [];
  info.fields.forEach((f, i) => {
    const v = termVals[i];
    if (!v) throw new Error(`corrupt shard: missing terms of [${f.name}] in segment [${id}]`);
    fields.set(f.name, { info: f, dict: decodeTermDict(v) });
  });
  normFields.forEach((f, i) => {
    const v = normVals[i];
    if (!v) throw new Error(`corrupt shard: missing norms of [${f.name}] in segment [${id}]`);
    fields.get(f.name)!.norms = decodeNorms(v);
  });
  const docValues = new Map<string, DocValuesColumn>();
  const dvVals = info.docValues.length ? await db.getMany(info.docValues.map((d) => docValuesKey(id, d.name))) : [];
  info.docValues.forEach((d, i) => {
    const v = dvVals[i];
    if (!v) throw new Error(`corrupt shard: missing doc values of [${d.name}] in segment [${id}]`);
    docValues.set(d.name, decodeDocValues(v));
  });
  const [ids, live, stored] = await db.getMany([docIdsKey(id), liveDocsKey(id), storedIndexKey(id)]);
  if (!ids) throw new Error(`corrupt shard: missing doc ids of segment [${id}]`);
  const core: SegmentCore = { info, fields, docValues, docIds: decodeDocIds(ids) };
  // no chunk index: a segment of an older build, with one key per stored document
  if (stored) core.storedChunks = decodeStoredIndex(stored);
  return { core, liveDocs: live ? decodeLiveDocs(live) : null };
}
