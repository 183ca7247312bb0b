/**
 * JSON string literals as Jackson writes them in ES 5.6 output. Shared by the REST writer
 * (api/rest/json-writer.ts) and the DSL renderer (lib/dsl/render), which prints query text ES
 * embeds in messages.
 */

// Jackson escapes control characters with upper-case hex (`\u001F`); JSON.stringify uses lower case.
// Escapes are matched left to right with escaped backslashes as tokens of their own, so the text
// `\u001b` typed by a user (written `\\u001b`) is not mistaken for an escape and changed.
const ESCAPE_OR_CONTROL_LOWER_HEX = /\\\\|\\u00[01][a-f]/g;

/** A JSON string literal, escaped like Jackson. */
export function quoteString(s: string): string {
  const q = JSON.stringify(s);
  return q.includes('\\u00') ? q.replace(ESCAPE_OR_CONTROL_LOWER_HEX, (m) => (m.length === 2 ? m : `\\u${m.slice(2).toUpperCase()}`)) : q;
}
