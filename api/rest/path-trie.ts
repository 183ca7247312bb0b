/**
 * ES 5.6 `PathTrie`: one trie per HTTP method, path patterns split on `/` with `{name}`
 * segments as wildcards. Lookup follows ES precedence exactly:
 * - a static segment is tried before the wildcard at the same level;
 * - on the last segment, if the static node holds no handler but a wildcard sibling exists,
 *   the wildcard is used;
 * - if the static branch fails deeper down, the wildcard branch is tried (backtracking).
 * Segments are matched raw (undecoded) and decoded with `RestUtils.decodeComponent` when bound.
 * Paths are split like Java's `String.split`, so trailing slashes are ignored and `//` yields an
 * empty segment.
 *
 * Unlike ES, parameter names are taken from the pattern of the route that matched (ES keeps
 * the name most recently registered at a shared wildcard node), so two routes may name the
 * same position differently.
 */
import { decodeComponent, javaSplit } from './url-decode.js';

const WILDCARD = '*';

interface Terminal<T> {
  value: T;
  /** Parameter name at each segment position (undefined for static segments). */
  names: Array<string | undefined>;
}

class TrieNode<T> {
  readonly children = new Map<string, TrieNode<T>>();
  terminal: Terminal<T> | undefined;
}

function isNamedWildcard(segment: string): boolean {
  return segment.includes('{') && segment.includes('}');
}

function wildcardName(segment: string): string {
  return segment.substring(segment.indexOf('{') + 1, segment.indexOf('}'));
}

/** A matched route: its value and decoded path parameters. */
export interface TrieMatch<T> {
  value: T;
  params: Record<string, string>;
}

export class PathTrie<T> {
  private readonly root = new TrieNode<T>();
  private rootValue: Terminal<T> | undefined;

  /** Register `pattern` (e.g. `/{index}/_search`). The first registration of a pattern wins. */
  insert(pattern: string, value: T): void {
    const segments = javaSplit(pattern, '/');
    let index = segments.length > 0 && segments[0] === '' ? 1 : 0;
    const names: Array<string | undefined> = [];
    for (let i = index; i < segments.length; i++) {
      const seg = segments[i] ?? '';
      names.push(isNamedWildcard(seg) ? wildcardName(seg) : undefined);
    }
    if (segments.length === 0 || index >= segments.length) {
      this.rootValue ??= { value, names: [] };
      return;
    }
    let node = this.root;
    for (; index < segments.length; index++) {
      const seg = segments[index] ?? '';
      const key = isNamedWildcard(seg) ? WILDCARD : seg;
      let child = node.children.get(key);
      if (!child) {
        child = new TrieNode<T>();
        node.children.set(key, child);
      }
      node = child;
    }
    node.terminal ??= { value, names };
  }

  /** Find the route for a raw (undecoded) path; decoding errors throw `illegal_argument_exception`. */
  retrieve(rawPath: string): TrieMatch<T> | undefined {
    if (rawPath.length === 0) return this.rootMatch();
    const segments = javaSplit(rawPath, '/');
    if (segments.length === 0) return this.rootMatch();
    const start = segments[0] === '' ? 1 : 0;
    if (start >= segments.length) return this.rootMatch();
    const tokens = segments.slice(start);
    const found = this.walk(this.root, tokens, 0);
    if (!found) return undefined;
    const params: Record<string, string> = {};
    found.names.forEach((name, i) => {
      if (name !== undefined) params[name] = decodeComponent(tokens[i] ?? '');
    });
    return { value: found.value, params };
  }

  private rootMatch(): TrieMatch<T> | undefined {
    return this.rootValue ? { value: this.rootValue.value, params: {} } : undefined;
  }

  /** ES `TrieNode#retrieve`, returning the terminal reached. */
  private walk(node: TrieNode<T>, path: string[], index: number): Terminal<T> | undefined {
    if (index >= path.length) return undefined;
    const token = path[index] ?? '';
    let next = node.children.get(token);
    let usedWildcard: boolean;
    if (next === undefined) {
      next = node.children.get(WILDCARD);
      if (next === undefined) return undefined;
      usedWildcard = true;
    } else if (index + 1 === path.length && next.terminal === undefined && node.children.has(WILDCARD)) {
      next = node.children.get(WILDCARD) as TrieNode<T>;
      usedWildcard = true;
    } else {
      usedWildcard = token === WILDCARD;
    }
    if (index === path.length - 1) return next.terminal;
    let res = this.walk(next, path, index + 1);
    if (res === undefined && !usedWildcard) {
      const wild = node.children.get(WILDCARD);
      if (wild !== undefined) res = this.walk(wild, path, index + 1);
    }
    return res;
  }
}
