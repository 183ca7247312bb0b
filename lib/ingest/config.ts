/**
 * Reading processor configuration (ES 5.6 `ConfigurationUtils`): required / optional properties
 * with ES's `parse_exception` messages and `header` (processor_type, processor_tag,
 * property_name). Properties are consumed; leftovers are refused by the pipeline factory.
 */
import { EsError } from '../errors/errors.js';
import { javaType } from './ingest-document.js';

export type Config = Record<string, unknown>;

/** `ConfigurationUtils.newConfigurationException`. */
export function configError(type: string | undefined, tag: string | undefined, property: string | undefined, reason: string): EsError {
  const header: Record<string, string> = {};
  if (type !== undefined) header.processor_type = type;
  if (tag !== undefined) header.processor_tag = tag;
  if (property !== undefined) header.property_name = property;
  return new EsError('parse_exception', 400, property !== undefined ? `[${property}] ${reason}` : reason, {
    metadata: Object.keys(header).length > 0 ? { header } : {},
  });
}

/** Reads and removes properties of one processor's config. */
export class ConfigReader {
  constructor(
    readonly type: string,
    readonly tag: string | undefined,
    private readonly config: Config,
  ) {}

  private take(name: string): unknown {
    const v = this.config[name];
    delete this.config[name];
    return v;
  }

  error(property: string | undefined, reason: string): EsError {
    return configError(this.type, this.tag, property, reason);
  }

  string(name: string): string;
  string(name: string, def: string | undefined): string | undefined;
  string(name: string, def?: string, required = arguments.length < 2): string | undefined {
    const v = this.take(name);
    if (v === undefined || v === null) {
      if (required) throw this.error(name, 'required property is missing');
      return def;
    }
    if (typeof v !== 'string') throw this.error(name, `property isn't a string, but of type [${javaType(v)}]`);
    return v;
  }

  /** A string or number property rendered as text (`readStringOrIntProperty`). */
  stringOrInt(name: string, def: string | undefined): string | undefined {
    const v = this.take(name);
    if (v === undefined || v === null) return def;
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    throw this.error(name, `property isn't a string or int, but of type [${javaType(v)}]`);
  }

  bool(name: string, def: boolean): boolean {
    const v = this.take(name);
    if (v === undefined || v === null) return def;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    throw this.error(name, `property isn't a boolean, but of type [${javaType(v)}]`);
  }

  list(name: string, required: boolean): unknown[] | undefined {
    const v = this.take(name);
    if (v === undefined || v === null) {
      if (required) throw this.error(name, 'required property is missing');
      return undefined;
    }
    if (!Array.isArray(v)) throw this.error(name, `property isn't a list, but of type [${javaType(v)}]`);
    return v;
  }

  /**
   * A list of strings (`readList` then a `String` per item). ES 5.6 casts each item when it
   * builds the processor and fails with a `ClassCastException` (a 500); Strata refuses the item
   * as a configuration error instead, naming it as JSON, never reading it as text.
   */
  stringList(name: string, required: true): string[];
  stringList(name: string, required: boolean): string[] | undefined;
  stringList(name: string, required: boolean): string[] | undefined {
    const list = this.list(name, required);
    const bad = list?.find((item) => typeof item !== 'string');
    if (bad !== undefined) {
      throw this.error(name, `property isn't a list of strings: item [${JSON.stringify(bad)}] is of type [${javaType(bad)}]`);
    }
    return list as string[] | undefined;
  }

  map(name: string, required: boolean): Config | undefined {
    const v = this.take(name);
    if (v === undefined || v === null) {
      if (required) throw this.error(name, 'required property is missing');
      return undefined;
    }
    if (typeof v !== 'object' || Array.isArray(v)) throw this.error(name, `property isn't a map, but of type [${javaType(v)}]`);
    return v as Config;
  }

  object(name: string, required: boolean): unknown {
    const v = this.take(name);
    if ((v === undefined || v === null) && required) throw this.error(name, 'required property is missing');
    return v;
  }

  /** Names left unread (reported by the pipeline factory). */
  leftovers(): string[] {
    return Object.keys(this.config);
  }
}
