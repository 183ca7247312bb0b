/**
 * `PUT /_template/{name}` (ES 5.6 `PutIndexTemplateRequest#source` +
 * `MetaDataIndexTemplateService#validate`): parse `template`, `order`, `version`, `settings`,
 * `mappings`, `aliases`; validate name, pattern, settings, mappings (compiled against a
 * throw-away index) and alias names; store in the cluster state.
 */
import type { NodeContext } from '../context.js';
import type { ClusterState, IndexTemplate } from '../../cluster/state.js';
import { EsError, actionRequestValidation, illegalArgument, toEsError } from '../../errors/errors.js';
import { flattenSettings, normalizeIndexSettings, type Settings } from '../../cluster/settings.js';
import { validateIndexSettings } from '../../cluster/index-settings.js';
import { buildIndexMapper } from '../../indices/mapper.js';
import { aliasesFrom } from '../aliases/alias-definition.js';
import { validateAliasStandalone, validateAliasFilter } from '../indices/alias-validation.js';
import { dict, dictOf } from '../../dict.js';
import { javaToString } from '../../errors/java-value.js';
import { javaParseInt } from '../../units/java-parse.js';
import { onMaster } from '../master-task.js';

export interface PutTemplateRequest {
  name: string;
  create: boolean;
  /** The `order` query parameter; the body's `order` wins. */
  order?: number;
  body: Record<string, unknown>;
}

const INVALID_FILENAME_CHARS = ['\\', '/', '*', '?', '"', '<', '>', '|', ' ', ','];

function invalidTemplate(name: string, errors: string[]): EsError {
  return new EsError('invalid_index_template_exception', 400, `index_template [${name}] invalid, cause [${errors.join(', ')}]`);
}

/**
 * `XContentMapValues.nodeIntegerValue(node, default)`: null keeps the default, a number is cut
 * to an int (`Number.intValue`), anything else goes through `Integer.parseInt(node.toString())`,
 * so `{"a":1}` fails with `For input string: "{a=1}"` (number_format_exception, 400).
 */
function intValue(v: unknown, def: number): number {
  if (v === null || v === undefined) return def;
  // A JSON integer is a Long/BigInteger (intValue wraps); a fraction a Double (intValue saturates).
  if (typeof v === 'number') return Number.isInteger(v) ? v | 0 : Math.max(-2147483648, Math.min(2147483647, Math.trunc(v)));
  return javaParseInt(javaToString(v));
}

/** Parse a template body into stored form (not yet validated against the cluster). */
export function parseTemplate(req: PutTemplateRequest): IndexTemplate {
  let pattern: string | undefined;
  let order = req.order ?? 0;
  let version: number | undefined;
  let settings: Settings = dict();
  const mappings = dict<Record<string, unknown>>();
  let aliases: IndexTemplate['aliases'] = dict();
  for (const [k, v] of Object.entries(req.body)) {
    if (k === 'template') {
      // `entry.getValue().toString()`: a number or object becomes its Java text.
      if (v !== null) pattern = javaToString(v);
    } else if (k === 'order') order = intValue(v, order);
    else if (k === 'version') {
      if (v === null) continue;
      if (typeof v !== 'number' || !Number.isInteger(v)) throw illegalArgument('Malformed [version] value, should be an integer');
      version = v;
    } else if (k === 'settings') {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw illegalArgument('Malformed [settings] section, should include an inner object');
      settings = normalizeIndexSettings(flattenSettings(v));
    } else if (k === 'mappings') {
      for (const [type, m] of Object.entries((v ?? {}) as Record<string, unknown>)) {
        if (m === null || typeof m !== 'object' || Array.isArray(m)) {
          throw illegalArgument(`Malformed [mappings] section for type [${type}], should include an inner object describing the mapping`);
        }
        // A mapping may be given wrapped in its type name; keep the inner definition.
        const inner = m as Record<string, unknown>;
        const keys = Object.keys(inner);
        mappings[type] = keys.length === 1 && keys[0] === type ? (inner[type] as Record<string, unknown>) : inner;
      }
    } else if (k === 'aliases') {
      aliases = aliasesFrom(v);
    } else {
      throw illegalArgument(`unknown key [${k}] in the template `);
    }
  }
  if (pattern === undefined) throw actionRequestValidation(['template is missing']);
  const t: IndexTemplate = { template: pattern, order, settings, mappings, aliases };
  if (version !== undefined) t.version = version;
  return t;
}

/** `MetaDataIndexTemplateService#validate` plus the mapping check of `validateAndAddTemplate`. */
export function validateTemplate(name: string, t: IndexTemplate): void {
  const errors: string[] = [];
  if (name.includes(' ')) errors.push('name must not contain a space');
  if (name.includes(',')) errors.push("name must not contain a ','");
  if (name.includes('#')) errors.push("name must not contain a '#'");
  if (name.startsWith('_')) errors.push("name must not start with '_'");
  if (name !== name.toLowerCase()) errors.push('name must be lower cased');
  if (t.template.includes(' ')) errors.push('template must not contain a space');
  if (t.template.includes(',')) errors.push("template must not contain a ','");
  if (t.template.includes('#')) errors.push("template must not contain a '#'");
  if (t.template.startsWith('_')) errors.push("template must not start with '_'");
  if (INVALID_FILENAME_CHARS.filter((c) => c !== '*').some((c) => t.template.includes(c))) {
    errors.push(`template must not contain the following characters [${INVALID_FILENAME_CHARS.join(', ')}]`);
  }
  try {
    validateIndexSettings(t.settings);
  } catch (e) {
    errors.push(toEsError(e).reason);
  }
  if (errors.length > 0) throw invalidTemplate(name, errors);
  for (const [alias, meta] of Object.entries(t.aliases)) {
    validateAliasStandalone(alias.replace('{index}', 'index'), meta);
    if (t.template === alias) throw illegalArgument(`Alias [${alias}] cannot be the same as the template pattern [${t.template}]`);
    validateAliasFilter(alias, meta.filter);
  }
  // Compile the mappings against a throw-away index, as ES does with a temporary IndexService.
  if (Object.keys(t.mappings).length > 0) {
    buildIndexMapper({
      name: 'template_validation',
      uuid: '_na_',
      state: 'open',
      settings: dictOf({ 'index.number_of_shards': '1', 'index.number_of_replicas': '0', ...t.settings }),
      mappings: t.mappings,
      aliases: {},
      mappingVersion: 1,
    });
  }
}

/** The state with template `name` stored (or the error ES gives). */
export function putTemplateState(state: ClusterState, name: string, t: IndexTemplate, create: boolean): ClusterState {
  if (create && state.templates[name]) throw illegalArgument(`index_template [${name}] already exists`);
  validateTemplate(name, t);
  return { ...state, templates: { ...state.templates, [name]: t } };
}

export async function putTemplate(ctx: NodeContext, req: PutTemplateRequest): Promise<{ acknowledged: true }> {
  const t = parseTemplate(req);
  await onMaster(ctx, PUT_TEMPLATE_TASK, putTemplateTask, { name: req.name, template: t, create: req.create });
  return { acknowledged: true };
}

export const PUT_TEMPLATE_TASK = 'templates:put';

/** The master task of `PUT /_template/{name}` (parsed by the requesting node, validated here). */
export function putTemplateTask(state: ClusterState, p: { name: string; template: IndexTemplate; create: boolean }): ClusterState {
  return putTemplateState(state, p.name, p.template, p.create);
}
