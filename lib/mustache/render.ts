/**
 * Mustache rendering as ES 5.6's `lang-mustache` does it for search templates: values are
 * escaped as JSON string content (so `"{{q}}"` stays valid JSON), the ES functions of
 * `functions.ts` are available, and a template that does not compile fails with ES's
 * `Improperly closed variable in query-template` style errors. Names resolve through own data
 * properties only (`OwnContext`).
 */
import Mustache from 'mustache';
import { EsError } from '../errors/errors.js';
import { javaToString } from '../errors/java-value.js';
import { withFunctions } from './functions.js';
import { OwnContext } from './own-context.js';

/** Jackson `quoteAsString`: the escaping of a JSON string's content. */
export function jsonEscape(value: unknown): string {
  const s = typeof value === 'string' ? value : value !== null && typeof value === 'object' ? javaToString(value) : String(value);
  return JSON.stringify(s).slice(1, -1);
}

/** ES `MustacheException` wrapped as the script error ES reports. */
export function mustacheError(template: string, cause: string): EsError {
  return new EsError('general_script_exception', 400, `Failed to compile inline script [${template}] using lang [mustache]`, {
    causedBy: new EsError('mustache_exception', 500, cause),
  });
}

function translateParseError(template: string, e: unknown): EsError {
  const msg = e instanceof Error ? e.message : String(e);
  if (/Unclosed tag|Unclosed section|Unopened section|Unclosed/.test(msg)) {
    return mustacheError(template, `Improperly closed variable in query-template:1`);
  }
  return mustacheError(template, msg);
}

/** Check that `template` compiles (mustache.js parse with the ES function rewrite). */
export function compileMustache(template: string): void {
  const { template: t } = withFunctions(template, {});
  try {
    const tokens = Mustache.parse(t);
    const bad = badTag(tokens);
    if (bad === 'empty') throw new Error('Empty mustache');
    if (bad === 'unclosed') throw new Error('Unclosed tag');
    // ES has no partials to include (mustache.java's resolver finds none); mustache.js would
    // fail inside its renderer with a TypeError.
    if (bad === 'partial') throw mustacheError(template, 'Template partial not found');
  } catch (e) {
    if (e instanceof EsError) throw e;
    throw translateParseError(template, e);
  }
}

type Token = [string, string, number, number, Token[]?, number?];

/**
 * Tags mustache.js accepts but mustache.java (ES) refuses: an empty name, or a name holding
 * braces — `{{{x}}` swallows text up to a later `}}}`, which Java reports as improperly closed.
 */
function badTag(tokens: unknown[]): 'empty' | 'unclosed' | 'partial' | undefined {
  for (const tok of tokens as Token[]) {
    if (tok[0] === '>') return 'partial';
    if (tok[0] !== 'text') {
      if (tok[1].trim() === '') return 'empty';
      if (/[{}]/.test(tok[1])) return 'unclosed';
    }
    const inner = tok[4] ? badTag(tok[4]) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Render `template` with `params`. */
export function renderMustache(template: string, params: Record<string, unknown> = {}): string {
  compileMustache(template);
  const { template: t, view } = withFunctions(template, params);
  try {
    return Mustache.render(t, new OwnContext(view), {}, { escape: jsonEscape });
  } catch (e) {
    throw translateParseError(template, e);
  }
}
