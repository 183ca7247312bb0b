/**
 * The scan phase on one shard: the read side of a by-scroll run with no sort (reindex,
 * update-by-query, delete-by-query read in `_doc` order, as ES 5.6 sorts them). Instead of
 * keeping every match's sort key and fetching pages of hits by doc number, the shard walks its
 * point-in-time view front to back: the weight the query phase compiled (query, type, alias and
 * slice filters) yields the next matching docs of a segment, and their stored documents are read
 * as one ordered range of the keyspace (`documentsInRange`). The position lives with the
 * coordinator, so a retried message reads the same documents again.
 */
import { EsError } from '../../errors/errors.js';
import type { ScanDoc, ScanPhaseRequest, ScanPhaseResult } from '../../messages/shard-search.js';
import { filterSourceObject } from '../../mapping/source-filter.js';
import type { StrataSegmentReader } from '../../shard/segment-reader.js';
import type { StoredDocument } from '../../shard/types.js';
import { NO_MORE_DOCS, type Scorer } from '../scorer.js';
import type { ReaderContext } from './reader-context.js';

/**
 * A range read pays for the non-matching documents between matches: beyond this many slots
 * per match (a sparse query), the matches are read by key instead.
 */
const MAX_SLOTS_PER_MATCH = 4;

/** The scorer a scan left off with, reused when the next message continues where it stopped. */
export interface ScanCursor {
  seg: number;
  /** The first doc the scorer has not yet handed out. */
  doc: number;
  scorer: Scorer | null;
}

/** Answer `req` on the scan context `rc` (opened with `source.scan`, after its query phase). */
export async function scanShard(rc: ReaderContext, req: ScanPhaseRequest): Promise<ScanPhaseResult> {
  const weight = rc.weight;
  if (!rc.source.scan || !weight) throw new EsError('illegal_state_exception', 500, `search context [${rc.id}] is not a scan context after its query phase`);
  const docs: ScanDoc[] = [];
  let si = req.seg;
  let from = req.doc;
  while (si < rc.segments.length && docs.length < req.max) {
    const seg = rc.segments[si] as StrataSegmentReader;
    const cur = rc.scanCursor;
    const scorer = cur && cur.seg === si && cur.doc === from ? cur.scorer : await weight.scorer(seg);
    const matches = scorer ? nextMatches(seg, scorer, from, req.max - docs.length) : [];
    const last = matches[matches.length - 1];
    const end = last === undefined ? NO_MORE_DOCS : nextStart(scorer as Scorer, last);
    rc.scanCursor = { seg: si, doc: end, scorer };
    if (matches.length > 0) {
      for (const d of await readStored(seg, matches)) docs.push(scanDoc(rc, d));
    }
    if (end === NO_MORE_DOCS) {
      si++;
      from = 0;
    } else from = end;
  }
  return si < rc.segments.length ? { docs, next: { seg: si, doc: from } } : { docs };
}

/** Up to `max` live root docs the scorer matches from `from` on, ascending. */
function nextMatches(seg: StrataSegmentReader, scorer: Scorer, from: number, max: number): number[] {
  const out: number[] = [];
  const allLive = seg.numDocs === seg.maxDoc;
  let d = scorer.docID();
  if (d < from) d = scorer.advance(from);
  for (; d !== NO_MORE_DOCS && out.length < max; d = scorer.nextDoc()) {
    if (!allLive && !seg.isLive(d)) continue;
    // nested docs are parts of their root's stored document, never hits of their own
    if (seg.nestedPath(d) !== undefined) continue;
    out.push(d);
  }
  return out;
}

/** The doc after `last`: where the scorer (left on the doc past `last`, or `last` itself) resumes. */
function nextStart(scorer: Scorer, last: number): number {
  const d = scorer.docID();
  if (d === NO_MORE_DOCS) return NO_MORE_DOCS;
  return d > last ? d : last + 1;
}

function readStored(seg: StrataSegmentReader, docs: number[]): Promise<StoredDocument[]> {
  const span = (docs[docs.length - 1] as number) - (docs[0] as number) + 1;
  return span <= docs.length * MAX_SLOTS_PER_MATCH ? seg.documentsInRange(docs) : seg.documents(docs);
}

/** A stored document as the scan answers it: `_source` filtered (or left out) as the request asked. */
function scanDoc(rc: ReaderContext, d: StoredDocument): ScanDoc {
  const s = rc.source;
  const out: ScanDoc = { type: d.type, id: d.id };
  if (s.version) out.version = d.version;
  if (d.routing !== undefined) out.routing = d.routing;
  if (d.parent !== undefined) out.parent = d.parent;
  if (d.source && s.source !== false) {
    out.source = s.source === undefined || s.source === true ? d.source : Buffer.from(JSON.stringify(filterSourceObject(JSON.parse(d.source.toString('utf8')) as Record<string, unknown>, s.source)));
  }
  return out;
}
