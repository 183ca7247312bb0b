/**
 * What the node sends a script worker and what comes back: plain data only (structured clone).
 * Errors cross as {@link ShardError}-shaped plain messages, rebuilt into ES errors on the node.
 */
import type { ShardError } from '../../messages/shard-error.js';
import type { UpdateScriptResult } from '../update-context.js';

/** One update-script execution: the resolved Painless source and its `ctx`. */
export interface UpdateScriptJob {
  id: number;
  source: string;
  /** Stored or file script name (error bodies name it), absent for inline scripts. */
  name?: string;
  regexEnabled: boolean;
  params: unknown;
  vars: Record<string, unknown>;
}

/** The answer to {@link UpdateScriptJob} `id`. */
export type UpdateScriptAnswer = { id: number; ok: UpdateScriptResult } | { id: number; error: ShardError };
