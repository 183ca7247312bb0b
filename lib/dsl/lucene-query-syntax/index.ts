/** Lucene query syntaxes used by `query_string`, `q=` and `simple_query_string`. */
export { parseLuceneQuery } from './parser.js';
export { resolveOccurs, type LuceneNode, type LuceneClause, type Occur, type Conjunction, type Modifier } from './ast.js';
export { queryStringShardException, cannotParse } from './errors.js';
export { parseSimpleQuery, parseSimpleQueryWith, type SimpleNode, type SimpleQueryFactory, type SimpleOccur, type SimpleParseOptions } from './simple-parser.js';
export { SIMPLE_FLAGS, resolveSimpleQueryStringFlags } from './simple-flags.js';
