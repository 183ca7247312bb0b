/**
 * Errors of the classic query syntax, shaped as ES 5.6 reports them.
 *
 * The parser throws a `parse_exception` whose reason is Lucene's
 * `Cannot parse '<query>': <JavaCC message>` and whose `caused_by` is the inner JavaCC error:
 * another `parse_exception` (`Encountered " <TERM> "foo "" at line 1, column 4.\nWas expecting
 * one of: ...`) or a `token_mgr_error` (`Lexical error at line 1, column 5.  Encountered: ...`).
 * Columns are 0-based offsets and the line is always 1, as Lucene's `FastCharStream` reports.
 *
 * Query execution wraps it with {@link queryStringShardException}:
 * `query_shard_exception` "Failed to parse query [<query>]" (index metadata) → the above.
 */
import { EsError } from '../../errors/errors.js';

/** Token kinds and images of Lucene 6.6 `QueryParserConstants.tokenImage`. */
export const TOKEN_IMAGE: readonly string[] = [
  '<EOF>',
  '<_NUM_CHAR>',
  '<_ESCAPED_CHAR>',
  '<_TERM_START_CHAR>',
  '<_TERM_CHAR>',
  '<_WHITESPACE>',
  '<_QUOTED_CHAR>',
  '<token of kind 7>',
  '<AND>',
  '<OR>',
  '<NOT>',
  '"+"',
  '"-"',
  '<BAREOPER>',
  '"("',
  '")"',
  '":"',
  '"*"',
  '"^"',
  '<QUOTED>',
  '<TERM>',
  '<FUZZY_SLOP>',
  '<PREFIXTERM>',
  '<WILDTERM>',
  '<REGEXPTERM>',
  '"["',
  '"{"',
  '<NUMBER>',
  '"TO"',
  '"]"',
  '"}"',
  '<RANGE_QUOTED>',
  '<RANGE_GOOP>',
];

/** JavaCC's `add_escapes`. */
export function addEscapes(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    switch (ch) {
      case '\b':
        out += '\\b';
        break;
      case '\t':
        out += '\\t';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\f':
        out += '\\f';
        break;
      case '\r':
        out += '\\r';
        break;
      case '"':
        out += '\\"';
        break;
      case "'":
        out += "\\'";
        break;
      case '\\':
        out += '\\\\';
        break;
      default:
        if (c < 0x20 || c > 0x7e) out += '\\u' + c.toString(16).padStart(4, '0');
        else out += ch;
    }
  }
  return out;
}

/**
 * JavaCC `ParseException` message: the encountered token and the expected sequences
 * (`expected` holds token kinds, in the order JavaCC lists them).
 */
export function javaccParseMessage(kind: number, image: string, column: number, expected: number[]): string {
  const eol = '\n';
  let exp = '';
  for (const k of expected) {
    exp += (TOKEN_IMAGE[k] ?? '') + ' ';
    if (k !== 0) exp += '...';
    exp += eol + '    ';
  }
  let msg = 'Encountered "';
  if (kind === 0) msg += TOKEN_IMAGE[0];
  else msg += ' ' + TOKEN_IMAGE[kind] + ' "' + addEscapes(image) + ' "';
  msg += '" at line 1, column ' + column + '.' + eol;
  msg += (expected.length === 1 ? 'Was expecting:' : 'Was expecting one of:') + eol + '    ' + exp;
  return msg;
}

/** Wrap an inner JavaCC error as Lucene's `QueryParserBase.parse` does. */
export function cannotParse(query: string, inner: EsError): EsError {
  return new EsError('parse_exception', 400, `Cannot parse '${query}': ${inner.message}`, { causedBy: inner });
}

/**
 * The error ES raises when `query_string` (or `q=`) text does not parse:
 * `query_shard_exception` "Failed to parse query [...]" caused by the parse_exception.
 */
export function queryStringShardException(query: string, cause: EsError, index: string, indexUuid: string): EsError {
  return new EsError('query_shard_exception', 400, `Failed to parse query [${query}]`, {
    metadata: { index_uuid: indexUuid, index },
    causedBy: cause,
  });
}
