/**
 * Which exception types are not ElasticsearchException subclasses (JDK, Jackson and Lucene
 * exceptions). ES `guessRootCauses` stops at them, so they never become the root cause of an ES
 * exception; the REST error body and the search phase failure both ask here.
 */

/** Exception names of JDK, Jackson and Lucene classes. */
const JAVA_EXCEPTIONS: ReadonlySet<string> = new Set([
  'exception',
  'illegal_argument_exception',
  'illegal_state_exception',
  'number_format_exception',
  'null_pointer_exception',
  'unsupported_operation_exception',
  'array_index_out_of_bounds_exception',
  'index_out_of_bounds_exception',
  'class_cast_exception',
  'arithmetic_exception',
  'runtime_exception',
  'i_o_exception',
  'no_such_file_exception',
  'json_parse_exception',
  'json_e_o_f_exception',
  'json_generation_exception',
  'stack_overflow_error',
  'out_of_memory_error',
  'date_time_parse_exception',
  'script_exception_wrapper',
  // ES's QueryValidationException and ActionRequestValidationException extend
  // ValidationException, an IllegalArgumentException
  'query_validation_exception',
  'action_request_validation_exception',
  // Lucene's BooleanQuery.TooManyClauses
  'too_many_clauses',
  // Lucene's TooComplexToDeterminizeException (regexp, wildcard)
  'too_complex_to_determinize_exception',
]);

/** The package of the non-ES exceptions that are not in `java.lang` (as a stack trace names them). */
export function javaExceptionPackage(type: string): string {
  if (type.startsWith('json_')) return 'com.fasterxml.jackson.core.';
  if (type === 'query_validation_exception') return 'org.elasticsearch.index.query.';
  if (type === 'action_request_validation_exception') return 'org.elasticsearch.action.';
  return 'java.lang.';
}

/** Whether `type` names an ElasticsearchException subclass. */
export function isElasticsearchExceptionType(type: string): boolean {
  return !JAVA_EXCEPTIONS.has(type);
}
