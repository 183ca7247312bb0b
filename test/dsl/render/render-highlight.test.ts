/**
 * ES 5.6 `HighlightBuilder.toXContent` of a parsed `highlight`: AbstractHighlighterBuilder's
 * commonOptionsToXContent (only the options set, in its order), `encoder`, then `fields` — an
 * object, or an array when the request gave one (useExplicitFieldOrder); each field's
 * Field.innerXContent adds fragment_offset (when not -1) and matched_fields.
 */
import test from 'ava';
import { parseSearchSource } from '../../../lib/dsl/search-source.js';
import { renderSearchSource } from '../../../lib/dsl/render/search-source.js';

const r = (body: unknown): string => renderSearchSource(parseSearchSource(body));

test('top-level and field options in commonOptionsToXContent order; enums as ES names them', (t) => {
  t.is(
    r({
      highlight: {
        encoder: 'html',
        boundary_scanner: 'word',
        order: 'score',
        post_tags: ['</b>'],
        pre_tags: ['<b>'],
        fields: { a: {}, b: { fragment_offset: 2, matched_fields: ['b', 'b.x'], highlight_query: { match_all: {} }, number_of_fragments: 0, no_match_size: 20, phrase_limit: 9 } },
      },
    }),
    '{"highlight":{"pre_tags":["<b>"],"post_tags":["</b>"],"order":"score","boundary_scanner":"WORD","encoder":"html","fields":{"a":{},' +
      '"b":{"number_of_fragments":0,"highlight_query":{"match_all":{"boost":1.0}},"no_match_size":20,"phrase_limit":9,"fragment_offset":2,"matched_fields":["b","b.x"]}}}}',
  );
});

test('tags_schema sets both tag lists; an array of fields prints as an array; the locale as a language tag', (t) => {
  const styled = Array.from({ length: 10 }, (_, i) => `"<em class=\\"hlt${i + 1}\\">"`).join(',');
  t.is(
    r({ highlight: { tags_schema: 'styled', require_field_match: true, boundary_scanner_locale: 'en-us', boundary_chars: '.;', fields: [{ b: { type: 'plain', fragment_size: 50 } }, { a: { force_source: true } }] } }),
    `{"highlight":{"pre_tags":[${styled}],"post_tags":["</em>"],"boundary_chars":".;","boundary_scanner_locale":"en-US","require_field_match":true,` +
      '"fields":[{"b":{"fragment_size":50,"type":"plain"}},{"a":{"force_source":true}}]}}',
  );
});

test('highlight sits between aggregations and rescore (SearchSourceBuilder.innerToXContent)', (t) => {
  t.is(
    r({ rescore: { query: { rescore_query: { match_all: {} } } }, highlight: { fields: { f: {} } }, aggs: { g: { global: {} } } }),
    '{"aggregations":{"g":{"global":{}}},"highlight":{"fields":{"f":{}}},' +
      '"rescore":[{"query":{"rescore_query":{"match_all":{"boost":1.0}},"query_weight":1.0,"rescore_query_weight":1.0,"score_mode":"total"}}]}',
  );
});
