/**
 * Building pipelines from their JSON definition (ES 5.6 `Pipeline.create`,
 * `ConfigurationUtils.readProcessorConfigs`): each processor entry has one key (its type) with
 * its config plus the common `tag`, `on_failure`, `ignore_failure`; unknown types and leftover
 * properties are refused. `foreach` wraps an inner processor built by the same factory.
 */
import { EsError, illegalArgument } from '../errors/errors.js';
import { ConfigReader, configError, type Config } from './config.js';
import { CompoundProcessor, type Processor } from './processor.js';
import { javaType, type IngestDocument } from './ingest-document.js';
import { MUTATE_PROCESSORS, type ProcessorFactory } from './processors/mutate.js';
import { DATE_PROCESSORS } from './processors/date.js';
import { GROK_PROCESSORS } from './processors/grok.js';
import { own } from '../dict.js';
import type { ScriptService } from '../script/script-service.js';
import { scriptProcessor } from './processors/script.js';
import { javaToString } from '../errors/java-value.js';

export interface Pipeline {
  id: string;
  description?: string;
  processor: CompoundProcessor;
}

/** What building processors needs from the node: the script service (`script` processor). */
export interface ProcessorEnv {
  scripts: ScriptService;
}

/** A factory that reads nested processors (`foreach`) or node services (`script`). */
type EnvFactory = (c: ConfigReader, env: ProcessorEnv) => ReturnType<ProcessorFactory>;

const FACTORIES: Record<string, EnvFactory> = {
  ...MUTATE_PROCESSORS,
  ...DATE_PROCESSORS,
  ...GROK_PROCESSORS,
  script: (c, env) => scriptProcessor(env.scripts)(c),
  foreach: (c, env) => {
    const field = c.string('field');
    const inner = c.map('processor', true)!;
    const entries = Object.entries(inner);
    if (entries.length !== 1) throw c.error('processor', 'Must specify exactly one processor type');
    const [type, conf] = entries[0]!;
    const processor = readProcessor(type, conf, env);
    return (doc: IngestDocument) => {
      const values = doc.getFieldValue(field);
      if (!Array.isArray(values)) throw illegalArgument(`field [${field}] of type [${javaType(values)}] cannot be cast to [java.util.List]`);
      const out: unknown[] = [];
      for (const v of values) {
        // The item is `_ingest._value`; early 5.x also exposed it as a top-level `_value`.
        const prev = doc.ingestMetadata._value;
        const prevTop = doc.sourceAndMetadata._value;
        doc.ingestMetadata._value = v;
        doc.sourceAndMetadata._value = v;
        try {
          processor.execute(doc);
        } finally {
          const top = doc.sourceAndMetadata._value;
          out.push(top !== v ? top : doc.ingestMetadata._value);
          if (prev === undefined) delete doc.ingestMetadata._value;
          else doc.ingestMetadata._value = prev;
          if (prevTop === undefined) delete doc.sourceAndMetadata._value;
          else doc.sourceAndMetadata._value = prevTop;
        }
      }
      doc.setFieldValue(field, out);
    };
  },
};

/** Processor types this node knows, sorted (for `nodes.info`). */
export const PROCESSOR_TYPES: readonly string[] = Object.keys(FACTORIES).sort();

function readProcessorList(list: unknown[], owner: ConfigReader | undefined, env: ProcessorEnv): Processor[] {
  return list.map((entry) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw configError(owner?.type, owner?.tag, undefined, `property isn't a map, but of type [${javaType(entry)}]`);
    }
    const pairs = Object.entries(entry as Config);
    // ES reads every key of the entry as a processor; more than one would each become one.
    return pairs.map(([type, conf]) => readProcessor(type, conf, env));
  }).flat();
}

function readProcessor(type: string, rawConfig: unknown, env: ProcessorEnv): Processor {
  if (rawConfig === null || typeof rawConfig !== 'object' || Array.isArray(rawConfig)) {
    throw configError(type, undefined, undefined, `property isn't a map, but of type [${javaType(rawConfig)}]`);
  }
  const config: Config = { ...(rawConfig as Config) };
  const tagRaw = config.tag;
  delete config.tag;
  // `readOptionalStringProperty(null, null, config, "tag")`
  if (tagRaw !== undefined && tagRaw !== null && typeof tagRaw !== 'string') throw configError(undefined, undefined, 'tag', `property isn't a string, but of type [${javaType(tagRaw)}]`);
  const tag = tagRaw === undefined || tagRaw === null ? undefined : tagRaw;
  const factory = own(FACTORIES, type);
  if (!factory) throw configError(type, tag, undefined, `No processor type exists with name [${type}]`);
  const c = new ConfigReader(type, tag, config);
  const onFailureConfigs = c.list('on_failure', false);
  const ignoreFailure = c.bool('ignore_failure', false);
  const onFailure = onFailureConfigs ? readProcessorList(onFailureConfigs, c, env) : [];
  if (onFailureConfigs && onFailure.length === 0) throw c.error('on_failure', 'processors list cannot be empty');
  const execute = factory(c, env);
  const left = c.leftovers();
  if (left.length > 0) {
    throw configError(type, tag, undefined, `processor [${type}] doesn't support one or more provided configuration parameters [${left.join(', ')}]`);
  }
  const processor: Processor = { type, tag, execute };
  if (onFailure.length > 0 || ignoreFailure) return new CompoundProcessor(ignoreFailure, [processor], onFailure);
  return processor;
}

/** Build (and so validate) a pipeline from its definition. */
export function createPipeline(id: string, definition: unknown, env: ProcessorEnv): Pipeline {
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) {
    throw new EsError('parse_exception', 400, 'pipeline definition must be an object');
  }
  const config: Config = { ...(definition as Config) };
  const description = config.description;
  delete config.description;
  // 5.x pipelines may carry an integer `version` (kept in the stored definition, unused here).
  const version = config.version;
  delete config.version;
  if (version !== undefined && version !== null && !Number.isInteger(typeof version === 'string' ? Number(version) : version)) {
    throw configError(undefined, undefined, 'version', `property cannot be converted to an int [${javaToString(version)}]`);
  }
  const reader = new ConfigReader('pipeline', undefined, config);
  let processorConfigs: unknown[] | undefined;
  let onFailureConfigs: unknown[] | undefined;
  try {
    processorConfigs = reader.list('processors', true);
    onFailureConfigs = reader.list('on_failure', false);
  } catch (e) {
    // Pipeline-level errors carry only the property name.
    const err = e as EsError;
    const header = (err.metadata.header ?? {}) as Record<string, string>;
    throw configError(undefined, undefined, header.property_name, err.reason.replace(/^\[[^\]]*\] /, ''));
  }
  const processors = readProcessorList(processorConfigs ?? [], undefined, env);
  const onFailure = onFailureConfigs ? readProcessorList(onFailureConfigs, undefined, env) : [];
  if (onFailureConfigs && onFailure.length === 0) {
    throw new EsError('parse_exception', 400, `pipeline [${id}] cannot have an empty on_failure option defined`);
  }
  const left = reader.leftovers();
  if (left.length > 0) {
    throw new EsError('parse_exception', 400, `pipeline [${id}] doesn't support one or more provided configuration parameters [${left.join(', ')}]`);
  }
  return {
    id,
    ...(typeof description === 'string' ? { description } : {}),
    processor: new CompoundProcessor(false, processors, onFailure),
  };
}
