/**
 * Syntax tree of Lucene's classic query syntax (Lucene 6.6 `QueryParser.jj`, as ES 5.6's
 * `MapperQueryParser` extends it). The tree is what the grammar actions see *before* analysis:
 * the compiler later applies the default field(s), analyzers, default_operator, fuzziness and
 * boosts. `field` undefined means "the default field(s)".
 */

/** How a clause was introduced: `AND`/`&&`, `OR`/`||`, or nothing. */
export type Conjunction = 'none' | 'and' | 'or';
/** The clause's prefix: `+`, `-`/`NOT`/`!`, or nothing. */
export type Modifier = 'none' | 'req' | 'not';

/** One clause of a boolean expression, before default_operator is applied (see `resolveOccurs`). */
export interface LuceneClause {
  conj: Conjunction;
  mod: Modifier;
  node: LuceneNode;
}

/** A node of the classic query syntax tree. */
export type LuceneNode =
  /** Several clauses (`a AND b`, `+a -b c`, or one clause with a modifier). */
  | { type: 'boolean'; clauses: LuceneClause[] }
  /** `node^boost` (groups and terms alike; Lucene wraps in a BoostQuery). */
  | { type: 'boost'; boost: number; node: LuceneNode }
  /** A bare term, escapes removed, to be analyzed (`getFieldQuery(field, text, quoted=false)`). */
  | { type: 'term'; field?: string; text: string }
  /** A quoted phrase, escapes removed; `slop` set when `~N` followed it. */
  | { type: 'phrase'; field?: string; text: string; slop?: number }
  /** `ab*`: the text before the star, escapes removed. */
  | { type: 'prefix'; field?: string; text: string }
  /** A pattern with `*`/`?`, escapes kept (the wildcard query interprets them). */
  | { type: 'wildcard'; field?: string; pattern: string }
  /** `/regex/`: the text between the slashes. */
  | { type: 'regexp'; field?: string; pattern: string }
  /**
   * `term~` / `term~1` / `term~0.5`: `similarity` is the text after `~` ('' for a bare `~`,
   * meaning the query's `fuzziness` setting), interpreted by ES's `Fuzziness.build`.
   */
  | { type: 'fuzzy'; field?: string; text: string; similarity: string }
  /**
   * `[a TO b]`, `{a TO b}`, `[* TO b]`, and ES's `>=a`, `>a`, `<=b`, `<b` shortcuts.
   * A null bound is open.
   */
  | { type: 'range'; field?: string; lower: string | null; upper: string | null; includeLower: boolean; includeUpper: boolean }
  /** `_exists_:field` (ES field query extension). */
  | { type: 'exists'; field: string }
  /** A blank query string: ES answers it with no documents. */
  | { type: 'match_none' };

/** Final clause occurrence after default_operator. */
export type Occur = 'must' | 'should' | 'must_not';

/**
 * Lucene's `QueryParserBase.addClause` over a clause list: turns conjunctions and modifiers into
 * MUST / SHOULD / MUST_NOT for the given default operator. `present[i]` false marks a clause
 * whose query analysed to nothing (Lucene's `q == null`): it still influences its neighbours
 * but is dropped from the result (its entry is `null`).
 */
export function resolveOccurs(clauses: LuceneClause[], defaultOperator: 'or' | 'and', present?: boolean[]): (Occur | null)[] {
  const out: { occur: Occur; index: number }[] = [];
  const result: (Occur | null)[] = clauses.map(() => null);
  clauses.forEach((c, i) => {
    const last = out[out.length - 1];
    // "If this term is introduced by AND, make the preceding term required, unless it's already prohibited"
    if (last && c.conj === 'and' && last.occur !== 'must_not') last.occur = 'must';
    // "If this term is introduced by OR, make the preceding term optional, unless it's prohibited"
    if (last && defaultOperator === 'and' && c.conj === 'or' && last.occur !== 'must_not') last.occur = 'should';
    if (present && present[i] === false) return;
    let required: boolean;
    const prohibited = c.mod === 'not';
    if (defaultOperator === 'or') {
      required = c.mod === 'req';
      if (c.conj === 'and' && !prohibited) required = true;
    } else {
      required = !prohibited && c.conj !== 'or';
    }
    out.push({ occur: required && !prohibited ? 'must' : !required && !prohibited ? 'should' : 'must_not', index: i });
  });
  for (const o of out) result[o.index] = o.occur;
  return result;
}
