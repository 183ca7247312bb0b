/**
 * What a compiled script offers its callers, whatever the language.
 */
import type { ScriptGlobals } from './painless/scope.js';

/** The context variables of a script run (re-exported for callers). */
export type { ScriptGlobals };

/** A compiled script, ready to run many times (one instance per compiled source). */
export interface ExecutableScript {
  readonly lang: string;
  /**
   * Run with the given context variables and return the script's value as a script value
   * (use `toHost` from runtime/values to turn it into JSON). Throws ES's `script_exception`.
   */
  execute(globals: ScriptGlobals): unknown;
}
