/**
 * Deprecation warnings: ES 5.6 sends each as a `Warning` response header,
 * `299 Elasticsearch-5.6.16-<build> "<message>" "<date>"`, with `\` and `"` escaped in the
 * message and non-ASCII percent-encoded (`DeprecationLogger`); ES before 5.5 sent the bare
 * message, which we also accept. ES's `DoSection.checkWarningHeaders` fails a call when an
 * expected warning is missing or an unexpected one arrives; we check the same way.
 */

const WARNING_HEADER = /^299 Elasticsearch-\d+\.\d+\.\d+(?:-(?:alpha|beta|rc)\d+)?(?:-SNAPSHOT)?-(?:[a-f0-9]{7,}|Unknown) "((?:[^"\\]|\\.)*)"(?: "[^"]*")?$/;

/** The message of a `Warning` header value, unescaped; undefined when the header is malformed. */
export function warningMessage(header: string): string | undefined {
  const m = WARNING_HEADER.exec(header.trim());
  if (!m) return undefined;
  const escaped = (m[1] as string).replace(/\\(.)/g, '$1');
  try {
    return decodeURIComponent(escaped.replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
  } catch {
    return escaped;
  }
}

/** Compares received `Warning` headers with the expected messages; returns a failure or undefined. */
export function checkWarnings(headers: readonly string[], expected: readonly string[]): string | undefined {
  const remaining = [...expected];
  const unexpected: string[] = [];
  for (const header of headers) {
    const message = warningMessage(header) ?? header;
    const at = remaining.indexOf(message);
    if (at >= 0) remaining.splice(at, 1);
    else unexpected.push(header);
  }
  const problems: string[] = [];
  if (unexpected.length > 0) problems.push(`got unexpected warning header(s) [${unexpected.join('] [')}]`);
  if (remaining.length > 0) problems.push(`did not get expected warning header(s) [${remaining.join('] [')}]`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}
