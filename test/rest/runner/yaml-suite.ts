/**
 * Parses the text of a REST YAML test file into a {@link SuiteFile}. A file holds several YAML
 * documents separated by `---`; each document maps one section name (`setup`, `teardown`, or a
 * test name) to its list of steps.
 */
import yaml from 'js-yaml';
import type { AssertOperator, DoStep, SkipStep, Step, SuiteFile, TestSection } from './suite-model.js';

const ASSERT_OPERATORS: ReadonlySet<string> = new Set(['match', 'is_true', 'is_false', 'length', 'gt', 'gte', 'lt', 'lte']);
const DO_KEYS: ReadonlySet<string> = new Set(['catch', 'headers', 'warnings']);

/** Raised for a file that does not follow the test format. */
export class SuiteFormatError extends Error {}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function parseSkip(value: unknown): SkipStep {
  if (!isPlainObject(value)) throw new SuiteFormatError('skip must be a map');
  const features = value['features'];
  const list = features === undefined || features === null ? [] : Array.isArray(features) ? features.map(String) : [String(features)];
  const version = value['version'];
  if (version === undefined && list.length === 0) throw new SuiteFormatError('skip needs a version or features');
  return {
    kind: 'skip',
    ...(version !== undefined && version !== null ? { version: String(version) } : {}),
    features: list,
    ...(value['reason'] !== undefined ? { reason: String(value['reason']) } : {}),
  };
}

function parseDo(value: unknown): DoStep {
  if (!isPlainObject(value)) throw new SuiteFormatError('do must be a map');
  let api: string | undefined;
  let args: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (DO_KEYS.has(k)) continue;
    if (api !== undefined) throw new SuiteFormatError(`do has more than one api: [${api}] and [${k}]`);
    api = k;
    if (v !== null && v !== undefined) {
      if (!isPlainObject(v)) throw new SuiteFormatError(`arguments of [${k}] must be a map`);
      args = v;
    }
  }
  if (api === undefined) throw new SuiteFormatError('do has no api');
  const { body, ...params } = args;
  const headers: Record<string, string> = {};
  if (isPlainObject(value['headers'])) {
    for (const [k, v] of Object.entries(value['headers'])) headers[k] = String(v);
  }
  const warnings = value['warnings'];
  return {
    kind: 'do',
    api,
    params,
    ...('body' in args ? { body } : {}),
    ...(value['catch'] !== undefined && value['catch'] !== null ? { catch: String(value['catch']) } : {}),
    headers,
    warnings: Array.isArray(warnings) ? warnings.map(String) : warnings ? [String(warnings)] : [],
  };
}

function parseStep(raw: unknown): Step[] {
  if (!isPlainObject(raw)) throw new SuiteFormatError(`a step must be a map, got ${JSON.stringify(raw)}`);
  const entries = Object.entries(raw);
  let [op, value] = (entries[0] ?? ['', undefined]) as [string, unknown];
  if (entries.length > 1 && value === null) {
    // `- do:` followed by its arguments at the same indentation parses as one map with a null
    // `do`; ES's streaming parser reads the following keys as the step's body, so do we.
    value = Object.fromEntries(entries.slice(1));
  } else if (entries.length !== 1) {
    throw new SuiteFormatError(`a step must have exactly one key, got ${Object.keys(raw).join(', ')}`);
  }
  if (op === 'skip') return [parseSkip(value)];
  if (op === 'do') return [parseDo(value)];
  if (op === 'set') {
    if (!isPlainObject(value)) throw new SuiteFormatError('set must be a map');
    return Object.entries(value).map(([field, name]) => ({ kind: 'set', field, name: String(name) }));
  }
  if (ASSERT_OPERATORS.has(op)) {
    const operator = op as AssertOperator;
    if (operator === 'is_true' || operator === 'is_false') {
      return [{ kind: 'assert', operator, field: value === null || value === undefined ? '' : String(value) }];
    }
    if (!isPlainObject(value)) throw new SuiteFormatError(`${op} must be a map`);
    return Object.entries(value).map(([field, expected]) => ({ kind: 'assert', operator, field, expected }));
  }
  throw new SuiteFormatError(`unknown step [${op}]`);
}

function parseSteps(raw: unknown): Step[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new SuiteFormatError('a section must be a list of steps');
  return raw.flatMap(parseStep);
}

/**
 * Parses one test file.
 * @param relPath the file's path relative to the suite root (`bulk/10_basic.yaml`).
 * @throws SuiteFormatError or a js-yaml error when the file is malformed.
 */
export function parseSuiteFile(relPath: string, text: string): SuiteFile {
  let setup: Step[] = [];
  let teardown: Step[] = [];
  const tests: TestSection[] = [];
  // CORE_SCHEMA: ES parses the files with Jackson, which keeps `2016-01-01` a string (the
  // default js-yaml schema would turn it into a Date).
  for (const doc of yaml.loadAll(text, undefined, { schema: yaml.CORE_SCHEMA })) {
    if (doc === null || doc === undefined) continue;
    if (!isPlainObject(doc)) throw new SuiteFormatError('a document must be a map');
    for (const [name, raw] of Object.entries(doc)) {
      const steps = parseSteps(raw);
      if (name === 'setup') setup = steps;
      else if (name === 'teardown') teardown = steps;
      else tests.push({ name, steps });
    }
  }
  return { relPath, setup, teardown, tests };
}
