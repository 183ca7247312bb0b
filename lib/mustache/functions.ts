/**
 * The Elasticsearch additions to mustache (ES 5.6 `CustomMustacheFactory`), written as
 * mustache.js lambdas:
 * - `{{#toJson}}key{{/toJson}}` renders the value of `key` as JSON;
 * - `{{#join}}key{{/join}}` joins an array with `,`, and
 *   `{{#join delimiter='x'}}key{{/join delimiter='x'}}` with a custom delimiter (rewritten to a
 *   private section name before parsing, since mustache.js names cannot hold that syntax);
 * - `{{#url}}text{{/url}}` renders the text and URL-encodes it as Java's `URLEncoder` does.
 */

type Lambda = () => (text: string, render: (t: string) => string) => string;

/** Resolve a dotted key (`a.b.0`) in `view` through own properties; undefined when a step is missing. */
export function lookupPath(view: unknown, key: string): unknown {
  const path = key.trim();
  if (path === '.' || path === '') return view;
  let cur: unknown = view;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Java `URLEncoder.encode(s, "UTF-8")`: letters, digits and `.-*_` stay, space becomes `+`. */
export function javaUrlEncode(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9.\-*_]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function joinValue(v: unknown, delimiter: string): string {
  if (Array.isArray(v)) return v.map((x) => (x === null ? 'null' : typeof x === 'object' ? JSON.stringify(x) : String(x))).join(delimiter);
  if (v === undefined || v === null) return '';
  return String(v);
}

const JOIN_OPEN = /\{\{#join\s+delimiter='([^']*)'\s*\}\}/g;
const JOIN_CLOSE = /\{\{\/join\s+delimiter='([^']*)'\s*\}\}/g;

/**
 * Rewrite custom-delimiter joins to private section names and return the lambdas they need,
 * plus `toJson`, `join` and `url`. `root` is the params object, the fallback for lookups.
 */
export function withFunctions(template: string, root: Record<string, unknown>): { template: string; view: Record<string, unknown> } {
  const view: Record<string, unknown> = { ...root };
  const lookup = (self: unknown, key: string): unknown => {
    const local = lookupPath(self, key);
    return local !== undefined ? local : lookupPath(root, key);
  };
  const delimiters: string[] = [];
  const nameOf = (d: string): string => {
    let i = delimiters.indexOf(d);
    if (i === -1) i = delimiters.push(d) - 1;
    return `__strata_join_${i}`;
  };
  const rewritten = template
    .replace(JOIN_OPEN, (_m, d: string) => `{{#${nameOf(d)}}}`)
    .replace(JOIN_CLOSE, (_m, d: string) => `{{/${nameOf(d)}}}`);
  const joinLambda = (delimiter: string): Lambda =>
    function (this: unknown) {
      const self = this;
      return (text: string) => joinValue(lookup(self, text), delimiter);
    };
  delimiters.forEach((d, i) => (view[`__strata_join_${i}`] = joinLambda(d)));
  if (!Object.hasOwn(root, 'join')) view.join = joinLambda(',');
  if (!Object.hasOwn(root, 'toJson')) {
    view.toJson = function (this: unknown) {
      const self = this;
      return (text: string) => {
        const v = lookup(self, text);
        return v === undefined ? '' : JSON.stringify(v);
      };
    } as Lambda;
  }
  if (!Object.hasOwn(root, 'url')) {
    view.url = (() => (text: string, render: (t: string) => string) => javaUrlEncode(render(text))) as Lambda;
  }
  return { template: rewritten, view };
}
