/**
 * The parsed form of one REST YAML test file (see FORMAT.asciidoc in the suite): an optional
 * `setup` and `teardown`, then named test sections, each a list of steps.
 */

/** `skip`: version range and/or features that must be supported. */
export interface SkipStep {
  readonly kind: 'skip';
  readonly version?: string;
  readonly features: readonly string[];
  readonly reason?: string;
}

/** `do`: one API call, with optional expected error, headers and expected warnings. */
export interface DoStep {
  readonly kind: 'do';
  readonly api: string;
  /** Parameters (path parts and query string), before stash substitution. */
  readonly params: Readonly<Record<string, unknown>>;
  /** `undefined` when the call has no body. */
  readonly body?: unknown;
  readonly catch?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly warnings: readonly string[];
}

/** `set`: stash a response value (`field` is the response path, `name` the stash key). */
export interface SetStep {
  readonly kind: 'set';
  readonly field: string;
  readonly name: string;
}

/** The assertion operators of the format. */
export type AssertOperator = 'match' | 'is_true' | 'is_false' | 'length' | 'gt' | 'gte' | 'lt' | 'lte';

/** One assertion on a response field. `expected` is unused by `is_true`/`is_false`. */
export interface AssertStep {
  readonly kind: 'assert';
  readonly operator: AssertOperator;
  readonly field: string;
  readonly expected?: unknown;
}

/** Any executable step. */
export type Step = SkipStep | DoStep | SetStep | AssertStep;

/** A named test section. */
export interface TestSection {
  readonly name: string;
  readonly steps: readonly Step[];
}

/** One YAML file. `relPath` is relative to the suite root, with `/` separators. */
export interface SuiteFile {
  readonly relPath: string;
  readonly setup: readonly Step[];
  readonly teardown: readonly Step[];
  readonly tests: readonly TestSection[];
}

/** The id of a test: `<relPath> :: <test name>`, e.g. `bulk/10_basic.yaml :: Array of objects`. */
export function testId(relPath: string, name: string): string {
  return `${relPath} :: ${name}`;
}

/** Splits a test id into its file and test name. */
export function parseTestId(id: string): { relPath: string; name: string } {
  const at = id.indexOf(' :: ');
  if (at < 0) throw new Error(`not a test id: ${id}`);
  return { relPath: id.slice(0, at), name: id.slice(at + 4) };
}
