/**
 * Test helpers: build ParsedDocuments the way the mapping layer would (whitespace "analysis"
 * for text fields, one token per keyword value) and temporary shard directories.
 *
 * The engine's op log records the source a document was parsed from and replay re-parses it
 * (`ShardEngineOptions.reparse`). These helpers play the mapping layer for engine tests: the
 * parsed source of `doc(...)` is `{"title": ..., "extra": [fields]}` and {@link reparseTestDoc}
 * parses that back into the same ParsedDocument (so build test documents whole with `doc`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Token } from '../../lib/analysis/types.js';
import type { IndexableField, ParsedDocument } from '../../lib/mapping/parsed-document.js';
import { openShardEngine, type ShardEngineOptions, type StrataShardEngine } from '../../lib/shard/engine.js';
import type { LoggedSource } from '../../storage/codecs/op-log.js';

export function tmpShardPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'strata-shard-')), '0');
}

/** Lowercased whitespace tokens with positions and offsets (values separated by a gap of 100). */
export function textTokens(values: string[]): Token[] {
  const out: Token[] = [];
  let posBase = 0;
  let offBase = 0;
  for (const v of values) {
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    let pos = -1;
    while ((m = re.exec(v))) {
      pos++;
      out.push({ term: m[0].toLowerCase(), position: posBase + pos, startOffset: offBase + m.index, endOffset: offBase + m.index + m[0].length, type: 'word' });
    }
    posBase += pos + 1 + 100;
    offBase += v.length + 1;
  }
  return out;
}

export function textField(name: string, ...values: string[]): IndexableField {
  return { name, tokens: textTokens(values), positions: true, offsets: true, norms: true };
}

export function keywordField(name: string, ...values: string[]): IndexableField {
  return {
    name,
    tokens: values.map((v, i) => ({ term: v, position: i, startOffset: 0, endOffset: v.length, type: 'word' })),
    norms: false,
    docValues: values,
    docValuesType: 'string',
  };
}

export function numberField(name: string, ...values: number[]): IndexableField {
  return { name, docValues: values, docValuesType: 'numeric' };
}

/** A document with a `title` text field, optional extra fields, and its JSON source. */
export function doc(id: string, title: string, extra: IndexableField[] = [], type = 'doc'): ParsedDocument {
  return {
    type,
    id,
    source: Buffer.from(JSON.stringify({ title })),
    parsedSource: Buffer.from(JSON.stringify({ title, extra })),
    fields: [textField('title', title), ...extra],
  };
}

/** The test "mapper": rebuild the document `doc(...)` made from its logged source. */
export function reparseTestDoc(e: LoggedSource): ParsedDocument {
  const { title, extra } = JSON.parse(e.source.toString('utf8')) as { title: string; extra: IndexableField[] };
  const d = doc(e.id, title, extra, e.type);
  if (e.routing !== undefined) d.routing = e.routing;
  if (e.parent !== undefined) d.parent = e.parent;
  return d;
}

/** Open a test shard at `path` with the test mapper (`over` replaces any option). */
export function openTestEngine(path: string, refreshIntervalMs = -1, over: Partial<ShardEngineOptions> = {}): Promise<StrataShardEngine> {
  return openShardEngine({ path, index: 'test', indexUuid: 'uuid-1', shardId: 0, refreshIntervalMs, reparse: reparseTestDoc, ...over });
}

export async function openTmp(refreshIntervalMs = -1, path = tmpShardPath()): Promise<StrataShardEngine> {
  return openTestEngine(path, refreshIntervalMs);
}
