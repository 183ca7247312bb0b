/**
 * Highlight encoders (ES 5.6 `HighlightUtils.Encoders`): `default` leaves text as it is, `html`
 * is Lucene's `SimpleHTMLEncoder` (the text around and inside the tags is escaped, the tags
 * themselves are not).
 */

/** An encoder of fragment text. */
export type Encoder = (text: string) => string;

const HTML: Record<string, string> = { '"': '&quot;', '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#x27;', '/': '&#x2F;' };

/** Lucene `SimpleHTMLEncoder.htmlEncode`. */
export function htmlEncode(text: string): string {
  return text.replace(/["&<>'/]/g, (c) => HTML[c] as string);
}

/** The encoder named by the `encoder` option (`html`, anything else: none). */
export function encoderOf(name: string): Encoder {
  return name === 'html' ? htmlEncode : (t) => t;
}
