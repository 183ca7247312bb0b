/**
 * `html_strip` char filter, after Lucene's HTMLStripCharFilter: removes tags, comments,
 * processing instructions and the content of `<script>`/`<style>`; turns block-level tags and
 * `<br>` into a newline; decodes character references; keeps `escaped_tags` verbatim.
 * Offsets of the remaining text are corrected back to the markup.
 */
import { OffsetMapBuilder } from '../offset-map.js';
import type { CharFilterComponent, CharFiltered } from '../token-stream.js';
import { HTML_ENTITIES } from './html-entities.js';
import { own } from '../../dict.js';

const BLOCK_TAGS = new Set(
  ('address article aside blockquote br caption center dd details dir div dl dt fieldset figcaption figure footer form ' +
    'h1 h2 h3 h4 h5 h6 header hgroup hr li menu nav noframes noscript ol optgroup option p pre section summary table ' +
    'tbody td tfoot th thead tr ul').split(' '),
);

const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9:_-]*)(?:\s+(?:[^>"']|"[^"]*"|'[^']*')*)?\s*\/?>/;
const ENTITY = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,8}));?/;

/** Build an html_strip char filter; `escapedTags` are tag names left in place (case-insensitive). */
export function htmlStripCharFilter(name: string, escapedTags: readonly string[] = []): CharFilterComponent {
  const escaped = new Set(escapedTags.map((t) => t.toLowerCase()));
  return {
    name,
    apply(text: string): CharFiltered {
      if (!/[<&]/.test(text)) return { text, correct: null };
      const map = new OffsetMapBuilder();
      let out = '';
      let cumulative = 0;
      let i = 0;
      let plainStart = 0;
      // Replace input [start, end) by `rep` and record the correction Lucene would record.
      const replace = (start: number, end: number, rep: string): void => {
        out += text.slice(plainStart, start) + rep;
        const removed = end - start - rep.length;
        if (removed > 0) {
          cumulative += removed;
          map.add(out.length, cumulative);
        }
        i = end;
        plainStart = end;
      };
      while (i < text.length) {
        const c = text.charCodeAt(i);
        if (c === 0x3c /* < */) {
          const rest = text.slice(i, i + 4096);
          if (rest.startsWith('<!--')) {
            const end = text.indexOf('-->', i + 4);
            replace(i, end < 0 ? text.length : end + 3, '');
            continue;
          }
          if (rest.startsWith('<![CDATA[')) {
            const end = text.indexOf(']]>', i + 9);
            const stop = end < 0 ? text.length : end;
            // CDATA content is kept as text; only the markers go.
            replace(i, i + 9, '');
            out += text.slice(i, stop);
            i = stop;
            plainStart = stop;
            if (end >= 0) replace(end, end + 3, '');
            continue;
          }
          if (rest.startsWith('<!') || rest.startsWith('<?')) {
            const end = text.indexOf('>', i + 2);
            if (end >= 0) {
              replace(i, end + 1, '');
              continue;
            }
          }
          const m = TAG.exec(rest);
          if (m) {
            const tagName = m[2]!.toLowerCase();
            const end = i + m[0].length;
            if (escaped.has(tagName)) {
              i = end;
              continue;
            }
            if (!m[1] && (tagName === 'script' || tagName === 'style')) {
              const close = text.toLowerCase().indexOf(`</${tagName}`, end);
              const closeEnd = close < 0 ? text.length : text.indexOf('>', close) + 1 || text.length;
              replace(i, closeEnd, '');
              continue;
            }
            replace(i, end, BLOCK_TAGS.has(tagName) ? '\n' : '');
            continue;
          }
          i++;
          continue;
        }
        if (c === 0x26 /* & */) {
          const m = ENTITY.exec(text.slice(i, i + 16));
          if (m) {
            let decoded: string | undefined;
            if (m[1] !== undefined || m[2] !== undefined) {
              const cp = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2]!, 10);
              if (cp > 0 && cp <= 0x10ffff) decoded = String.fromCodePoint(cp);
            } else {
              decoded = own(HTML_ENTITIES, m[3]!);
            }
            if (decoded !== undefined) {
              replace(i, i + m[0].length, decoded);
              continue;
            }
          }
        }
        i++;
      }
      if (plainStart === 0) return { text, correct: null };
      out += text.slice(plainStart);
      return { text: out, correct: map.build() };
    },
  };
}
