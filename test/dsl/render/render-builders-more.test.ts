/**
 * More of ES 5.6's builders' `toXContent` as a search task's `source[...]` shows them: the
 * `execution_hint` of terms, significant_terms and diversified_sampler (and terms'
 * `collect_mode`), IpRangeAggregationBuilder.Range's IPv6 mask bounds, the highlighter's custom
 * `options` (a parser.map(): Java HashMap order), GeoDistanceAggregationBuilder.doXContentBody,
 * and the phrase suggester's `direct_generator` (DirectCandidateGeneratorBuilder.toXContent:
 * only the options set) and `collate`.
 */
import test from 'ava';
import { parseSearchSource } from '../../../lib/dsl/search-source.js';
import { renderSearchSource } from '../../../lib/dsl/render/search-source.js';

const r = (body: unknown): string => renderSearchSource(parseSearchSource(body));

test('execution_hint after show_term_doc_count_error (terms), after the thresholds (significant_terms), last (diversified_sampler)', (t) => {
  t.is(
    r({ aggs: { t: { terms: { field: 'f', execution_hint: 'map', collect_mode: 'breadth_first' } } } }),
    '{"aggregations":{"t":{"terms":{"field":"f","size":10,"min_doc_count":1,"shard_min_doc_count":0,"show_term_doc_count_error":false,"execution_hint":"map","order":[{"_count":"desc"},{"_term":"asc"}],"collect_mode":"breadth_first"}}}}',
  );
  t.is(
    r({ aggs: { s: { significant_terms: { field: 'f', execution_hint: 'global_ordinals' } }, d: { diversified_sampler: { field: 'f', execution_hint: 'map' } } } }),
    '{"aggregations":{"s":{"significant_terms":{"field":"f","size":10,"min_doc_count":3,"shard_min_doc_count":0,"execution_hint":"global_ordinals","jlh":{}}},"d":{"diversified_sampler":{"field":"f","shard_size":100,"max_docs_per_value":1,"execution_hint":"map"}}}}',
  );
});

test('ip_range: an IPv6 mask becomes its bounds (none at :: or past the last address)', (t) => {
  t.is(
    r({ aggs: { ir: { ip_range: { field: 'i', ranges: [{ mask: '2001:db8::/32' }, { mask: '::/0' }, { key: 'x', mask: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ff00/120' }, { mask: 'fe80::1/64' }] } } } }),
    '{"aggregations":{"ir":{"ip_range":{"field":"i","ranges":[{"from":"2001:db8::","to":"2001:db9::"},{},{"key":"x","from":"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ff00"},{"from":"fe80::","to":"fe80:0:0:1::"}],"keyed":false}}}}',
  );
});

test('highlight options: printed after boundary_scanner_locale, in Java HashMap order, when not empty', (t) => {
  t.is(
    r({ highlight: { options: { b: 1, a: { z: 2.5, y: 'x' } }, boundary_scanner_locale: 'en-us', force_source: true, fields: { f: { options: { k: true } }, g: { options: {} } } } }),
    '{"highlight":{"boundary_scanner_locale":"en-US","options":{"a":{"y":"x","z":2.5},"b":1},"force_source":true,"fields":{"f":{"options":{"k":true}},"g":{}}}}',
  );
});

test('geo_distance aggregation: origin, unit and distance_type print their toString; a range from 0 when absent, a key only when given', (t) => {
  t.is(
    r({ aggs: { g: { geo_distance: { field: 'p', origin: '52.3760, 4.894', unit: 'km', distance_type: 'plane', ranges: [{ to: 100 }, { key: 'far', from: 100, to: 300 }, { from: 300 }] } } } }),
    '{"aggregations":{"g":{"geo_distance":{"field":"p","origin":"[52.376, 4.894]","ranges":[{"from":0.0,"to":100.0},{"key":"far","from":100.0,"to":300.0},{"from":300.0}],"keyed":false,"unit":"km","distance_type":"PLANE"}}}}',
  );
  t.is(
    r({ aggs: { g: { geo_distance: { field: 'p', origin: { lat: 1, lon: 2 }, unit: 'nmi', keyed: true, ranges: [{ to: 1 }] } } } }),
    '{"aggregations":{"g":{"geo_distance":{"field":"p","origin":"[1.0, 2.0]","ranges":[{"from":0.0,"to":1.0}],"keyed":true,"unit":"NM","distance_type":"ARC"}}}}',
  );
});

test('phrase suggester: direct_generator with the options set, in the builder order; collate query, its params, prune', (t) => {
  const HEAD = '{"suggest":{"p":{"text":"x","phrase":{"field":"f","real_word_error_likelihood":0.95,"confidence":1.0,"separator":" ","max_errors":1.0,"force_unigrams":true,"token_limit":10,';
  t.is(
    r({
      suggest: {
        p: {
          text: 'x',
          phrase: {
            field: 'f',
            direct_generator: [
              { size: 3, field: 'f', suggest_mode: 'always', min_word_length: 1, accuracy: 0.5 },
              { field: 'g', max_term_freq: 2, pre_filter: 'rev', post_filter: 'rev', string_distance: 'ngram', sort: 'frequency' },
            ],
            smoothing: { laplace: { alpha: 0.7 } },
            collate: { query: { inline: '{"match":{"f":"{{suggestion}}"}}', params: { a: 1 } }, params: { b: 2 }, prune: true },
          },
        },
      },
    }),
    HEAD +
      '"direct_generator":[{"field":"f","accuracy":0.5,"min_word_length":1,"suggest_mode":"always","size":3},{"field":"g","max_term_freq":2.0,"pre_filter":"rev","post_filter":"rev","sort":"frequency","string_distance":"ngram"}],' +
      '"smoothing":{"laplace":{"alpha":0.7}},' +
      '"collate":{"query":{"inline":"{\\"match\\":{\\"f\\":\\"{{suggestion}}\\"}}","lang":"mustache","params":{"a":1}},"params":{"b":2},"prune":true}}}}}',
  );
  t.is(r({ suggest: { p: { text: 'x', phrase: { field: 'f', collate: { query: { inline: '{"match_all":{}}' } } } } } }), HEAD + '"collate":{"query":{"inline":"{\\"match_all\\":{}}","lang":"mustache"},"prune":false}}}}}');
});
