/**
 * ES 5.6 aggregation builders' `toXContent` of parsed aggregations, compact, as a search task's
 * `source[...]` shows them. Each expected string follows the named builder method: the
 * AbstractAggregationBuilder layout, ValuesSourceAggregationBuilder.internalXContent's leading
 * fields (field, script, missing, format, time_zone, value_type), then the type's own body.
 */
import test from 'ava';
import { parseSearchSource } from '../../../lib/dsl/search-source.js';
import { renderSearchSource } from '../../../lib/dsl/render/search-source.js';

const aggs = (a: unknown): string => renderSearchSource(parseSearchSource({ aggs: a }));
const wrap = (inner: string): string => `{"aggregations":{${inner}}}`;

test('date_histogram: DateHistogramAggregationBuilder.doXContentBody (interval as given, offset in ms, ExtendedBounds.toXContent)', (t) => {
  t.is(
    aggs({ h: { date_histogram: { field: 'd', interval: '1d', time_zone: '+01:00', extended_bounds: { min: 'now-1d', max: 1000 } } } }),
    wrap('"h":{"date_histogram":{"field":"d","time_zone":"+01:00","interval":"1d","offset":0,"order":{"_key":"asc"},"keyed":false,"min_doc_count":0,"extended_bounds":{"min":"now-1d","max":1000}}}'),
  );
  // a numeric interval prints as the long; a string offset as its milliseconds; InternalOrder.toXContent
  t.is(
    aggs({ h: { date_histogram: { field: 'd', interval: 3600000, offset: '1h', min_doc_count: 1, order: { _count: 'desc' }, keyed: true } } }),
    wrap('"h":{"date_histogram":{"field":"d","interval":3600000,"offset":3600000,"order":{"_count":"desc"},"keyed":true,"min_doc_count":1}}'),
  );
  t.is(aggs({ h: { date_histogram: { field: 'd', interval: '90m' } } }), wrap('"h":{"date_histogram":{"field":"d","interval":"90m","offset":0,"order":{"_key":"asc"},"keyed":false,"min_doc_count":0}}'));
});

test('date_range / ip_range: RangeAggregator.Range.toXContent and IpRangeAggregationBuilder.Range (a mask becomes its bounds)', (t) => {
  t.is(
    aggs({ dr: { date_range: { field: 'd', time_zone: 'UTC', ranges: [{ key: 'old', to: 'now-1M' }, { from: 1000 }] } } }),
    wrap('"dr":{"date_range":{"field":"d","time_zone":"UTC","ranges":[{"key":"old","to":"now-1M"},{"from":1000.0}],"keyed":false}}'),
  );
  t.is(
    aggs({ ir: { ip_range: { field: 'i', keyed: true, ranges: [{ to: '10.0.0.5' }, { mask: '10.0.0.0/25' }, { mask: '255.0.0.0/8' }] } } }),
    wrap('"ir":{"ip_range":{"field":"i","ranges":[{"to":"10.0.0.5"},{"from":"10.0.0.0","to":"10.0.0.128"},{"from":"255.0.0.0"}],"keyed":true}}'),
  );
});

test('cardinality, percentiles, percentile_ranks: CardinalityAggregationBuilder and Percentiles*AggregationBuilder.doXContentBody', (t) => {
  t.is(
    aggs({ c: { cardinality: { field: 'f', precision_threshold: 100 } }, c2: { cardinality: { field: 'f' } } }),
    wrap('"c":{"cardinality":{"field":"f","precision_threshold":100}},"c2":{"cardinality":{"field":"f"}}'),
  );
  // percents default to DEFAULT_PERCENTS, as doubles; the method object holds a double compression or an int digit count
  t.is(
    aggs({ p: { percentiles: { field: 'n' } }, q: { percentile_ranks: { field: 'n', values: [1.5, 3], keyed: false, hdr: { number_of_significant_value_digits: 2 } } } }),
    wrap(
      '"p":{"percentiles":{"field":"n","percents":[1.0,5.0,25.0,50.0,75.0,95.0,99.0],"keyed":true,"tdigest":{"compression":100.0}}},' +
        '"q":{"percentile_ranks":{"field":"n","values":[1.5,3.0],"keyed":false,"hdr":{"number_of_significant_value_digits":2}}}',
    ),
  );
});

test('top_hits, geo metrics, matrix_stats, scripted_metric (each builder\'s internalXContent / doXContentBody)', (t) => {
  t.is(
    aggs({ t: { top_hits: { size: 1, sort: [{ n: 'desc' }], _source: { includes: ['a'] }, track_scores: true } } }),
    wrap('"t":{"top_hits":{"from":0,"size":1,"version":false,"explain":false,"_source":{"includes":["a"],"excludes":[]},"sort":[{"n":{"order":"desc"}}],"track_scores":true}}'),
  );
  t.is(
    aggs({ b: { geo_bounds: { field: 'p', wrap_longitude: false } }, c: { geo_centroid: { field: 'p' } }, g: { geohash_grid: { field: 'p', precision: 3, shard_size: 7 } } }),
    wrap('"b":{"geo_bounds":{"field":"p","wrap_longitude":false}},"c":{"geo_centroid":{"field":"p"}},"g":{"geohash_grid":{"field":"p","precision":3,"size":10000,"shard_size":7}}'),
  );
  // MultiValuesSourceAggregationBuilder.internalXContent, then `mode` as the MultiValueMode constant
  t.is(aggs({ m: { matrix_stats: { fields: ['a', 'b'], missing: { a: 0 }, mode: 'min' } } }), wrap('"m":{"matrix_stats":{"fields":["a","b"],"missing":{"a":0},"mode":"MIN"}}'));
  // params is the parser's HashMap: Java hash order
  t.is(
    aggs({ s: { scripted_metric: { init_script: 'i', map_script: 'x', params: { b: 1, a: 2 } } } }),
    wrap('"s":{"scripted_metric":{"init_script":{"inline":"i","lang":"painless"},"map_script":{"inline":"x","lang":"painless"},"params":{"a":2,"b":1}}}'),
  );
});

test('significant_terms with its heuristics, samplers, adjacency_matrix', (t) => {
  // SignificantTermsAggregationBuilder.doXContentBody: BucketCountThresholds, background_filter, heuristic's toXContent (JLH by default)
  t.is(
    aggs({ s: { significant_terms: { field: 'f' } }, s2: { significant_terms: { field: 'f', chi_square: {}, background_filter: { term: { x: 'y' } }, include: 'a.*' } }, s3: { significant_terms: { field: 'f', gnd: { background_is_superset: false } } } }),
    wrap(
      '"s":{"significant_terms":{"field":"f","size":10,"min_doc_count":3,"shard_min_doc_count":0,"jlh":{}}},' +
        '"s2":{"significant_terms":{"field":"f","size":10,"min_doc_count":3,"shard_min_doc_count":0,"background_filter":{"term":{"x":{"value":"y","boost":1.0}}},"include":"a.*",' +
        '"chi_square":{"include_negatives":false,"background_is_superset":true}}},' +
        '"s3":{"significant_terms":{"field":"f","size":10,"min_doc_count":3,"shard_min_doc_count":0,"gnd":{"background_is_superset":false}}}',
    ),
  );
  t.is(
    aggs({ s: { sampler: {}, aggs: { m: { max: { field: 'n' } } } }, d: { diversified_sampler: { field: 'f', shard_size: 10 } } }),
    wrap('"s":{"sampler":{"shard_size":100},"aggregations":{"m":{"max":{"field":"n"}}}},"d":{"diversified_sampler":{"field":"f","shard_size":10,"max_docs_per_value":1}}'),
  );
  // AdjacencyMatrixAggregationBuilder: separator, then the filters sorted by key
  t.is(
    aggs({ am: { adjacency_matrix: { filters: { b: { match_all: {} }, a: { term: { x: 'y' } } } } } }),
    wrap('"am":{"adjacency_matrix":{"separator":"&","filters":{"a":{"term":{"x":{"value":"y","boost":1.0}}},"b":{"match_all":{"boost":1.0}}}}}'),
  );
});

test('pipelines: AbstractPipelineAggregationBuilder.toXContent (buckets_path array), gap_policy names, each type\'s internalXContent', (t) => {
  const out = aggs({
    h: {
      histogram: { field: 'n', interval: 1 },
      aggs: {
        s: { sum: { field: 'n' } },
        d: { derivative: { buckets_path: 's', format: '0.0' } },
        c: { cumulative_sum: { buckets_path: 's' } },
        sd: { serial_diff: { buckets_path: 's', lag: 2, gap_policy: 'insert_zeros' } },
        e: { moving_avg: { buckets_path: 's', model: 'ewma', minimize: false, predict: 2 } },
        l: { moving_avg: { buckets_path: 's' } },
        bs: { bucket_script: { buckets_path: { x: 's', a: '_count' }, script: 'params.x' } },
        sel: { bucket_selector: { buckets_path: { x: 's' }, script: 'params.x > 1' } },
      },
    },
    mx: { max_bucket: { buckets_path: 'h>s' } },
    es: { extended_stats_bucket: { buckets_path: 'h>s', gap_policy: 'insert_zeros', sigma: 3 } },
    pb: { percentiles_bucket: { buckets_path: 'h>s', percents: [50] } },
  });
  t.is(
    out,
    wrap(
      '"h":{"histogram":{"field":"n","interval":1.0,"offset":0.0,"order":{"_key":"asc"},"keyed":false,"min_doc_count":0},"aggregations":{' +
        '"s":{"sum":{"field":"n"}},' +
        '"d":{"derivative":{"buckets_path":["s"],"format":"0.0","gap_policy":"skip"}},' +
        '"c":{"cumulative_sum":{"buckets_path":["s"]}},' +
        '"sd":{"serial_diff":{"buckets_path":["s"],"gap_policy":"insert_zeros","lag":2}},' +
        '"e":{"moving_avg":{"buckets_path":["s"],"gap_policy":"skip","model":"ewma","settings":{"alpha":0.3},"window":5,"predict":2,"minimize":false}},' +
        '"l":{"moving_avg":{"buckets_path":["s"],"gap_policy":"skip","model":"simple","window":5}},' +
        '"bs":{"bucket_script":{"buckets_path":{"a":"_count","x":"s"},"script":{"inline":"params.x","lang":"painless"},"gap_policy":"skip"}},' +
        '"sel":{"bucket_selector":{"buckets_path":{"x":"s"},"script":{"inline":"params.x > 1","lang":"painless"},"gap_policy":"skip"}}}},' +
        '"mx":{"max_bucket":{"buckets_path":["h>s"],"gap_policy":"skip"}},' +
        '"es":{"extended_stats_bucket":{"buckets_path":["h>s"],"gap_policy":"insert_zeros","sigma":3.0}},' +
        '"pb":{"percentiles_bucket":{"buckets_path":["h>s"],"gap_policy":"skip","percents":[50.0]}}',
    ),
  );
  // HoltWintersModel.toXContent: alpha, beta, gamma, period, pad (true by default when multiplicative), type; minimize left out unless given
  t.is(
    aggs({ h: { histogram: { field: 'n', interval: 1 }, aggs: { m: { moving_avg: { buckets_path: '_count', model: 'holt_winters', window: 4, settings: { period: 2, type: 'mult', alpha: 0.5 } } } } } }),
    wrap(
      '"h":{"histogram":{"field":"n","interval":1.0,"offset":0.0,"order":{"_key":"asc"},"keyed":false,"min_doc_count":0},"aggregations":{' +
        '"m":{"moving_avg":{"buckets_path":["_count"],"gap_policy":"skip","model":"holt_winters","settings":{"alpha":0.5,"beta":0.1,"gamma":0.3,"period":2,"pad":true,"type":"mult"},"window":4}}}}',
    ),
  );
});
