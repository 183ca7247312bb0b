/**
 * The Painless engine: source → tokens → AST → closures, once per distinct script (the script
 * service caches the result). Compile failures become ES's `script_exception` "compile error";
 * failures while running become "runtime error" with the `script_stack` Painless builds from the
 * statement around the failing node.
 */
import { EsError } from '../../errors/errors.js';
import { compileError, JavaError, javaErrorToEs, scriptException, scriptStack } from '../errors.js';
import type { ExecutableScript } from '../types.js';
import { compileProgram, type CompiledProgram } from './compiler.js';
import { parsePainless } from './parser.js';
import type { ExecState, Frame, ScriptGlobals } from './scope.js';
import { MAX_EXECUTION_MS, newExecState, resetExecState } from './budget.js';

/** Compile Painless source. Throws a `script_exception` EsError on compile errors. */
export function compilePainless(source: string, opts: { regexEnabled: boolean; name?: string; maxExecutionMs?: number }): ExecutableScript {
  let prog: CompiledProgram;
  try {
    prog = compileProgram(parsePainless(source), { regexEnabled: opts.regexEnabled });
  } catch (e) {
    if (e instanceof JavaError) throw compileError(source, 'painless', e.offset < 0 ? 0 : e.offset, javaErrorToEs(e));
    if (e instanceof RangeError) {
      // a pathologically nested script exhausts the parser's stack
      throw compileError(source, 'painless', 0, new EsError('stack_overflow_error', 500, 'null', { nullReason: true }));
    }
    throw e;
  }
  return new PainlessScript(source, opts.name ?? source, prog, opts.maxExecutionMs ?? MAX_EXECUTION_MS);
}

/** A compiled Painless script. */
class PainlessScript implements ExecutableScript {
  readonly lang = 'painless';
  private readonly state: ExecState;
  private readonly frame: Frame;
  private busy = false;

  constructor(
    private readonly source: string,
    private readonly name: string,
    private readonly prog: CompiledProgram,
    private readonly maxMs: number,
  ) {
    this.state = newExecState({ params: null }, maxMs);
    this.frame = { l: new Array(prog.slots), s: this.state, ret: null };
  }

  execute(globals: ScriptGlobals): unknown {
    // The frame is reused between runs (no per-document allocation); a re-entrant run
    // (a script whose host callback runs the same script) gets its own.
    let fr = this.frame;
    if (this.busy) fr = { l: new Array(this.prog.slots), s: newExecState(globals, this.maxMs), ret: null };
    else {
      this.busy = true;
      resetExecState(this.state, globals);
    }
    fr.s.g = globals;
    try {
      return this.prog.run(fr);
    } catch (e) {
      throw this.runtimeError(e);
    } finally {
      if (fr === this.frame) this.busy = false;
    }
  }

  private runtimeError(e: unknown): EsError {
    let j: JavaError;
    if (e instanceof JavaError) j = e;
    else if (e instanceof RangeError) j = new JavaError(/call stack/i.test(e.message) ? 'stack_overflow_error' : 'out_of_memory_error', /call stack/i.test(e.message) ? null : 'Java heap space');
    else if (e instanceof EsError) return e;
    else j = new JavaError('illegal_state_exception', e instanceof Error ? e.message : String(e));
    const stmts = this.prog.statements;
    const off = j.offset;
    let stack: string[];
    if (off < 0) stack = scriptStack(this.source, -1, 0, 0);
    else {
      let start = 0;
      let end = this.source.length;
      for (const s of stmts) {
        if (s <= off) start = s;
        else {
          end = s;
          break;
        }
      }
      stack = scriptStack(this.source, off, start, end);
    }
    return scriptException('runtime error', javaErrorToEs(j), stack, this.name, 'painless');
  }
}
