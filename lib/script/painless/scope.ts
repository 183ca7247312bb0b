/**
 * Compile-time scopes and the runtime frame of compiled Painless. Locals live in a per-call
 * array (`Frame.l`), each variable a fixed slot chosen at compile time; lambdas share the
 * frame of the function that declares them (their parameters get slots there too).
 */
import type { SType } from './types.js';

/** Variables a script reads from its context (`params`, `doc`, `_score`, `ctx`, `_value`). */
export interface ScriptGlobals {
  params: unknown;
  doc?: unknown;
  _score?: number;
  ctx?: unknown;
  _value?: unknown;
}

/** Per-execution state shared by every frame of one script run (budgets: budget.ts). */
export interface ExecState {
  /** Statements executed in loops so far (Painless's loop counter). */
  loops: number;
  /** User-function calls so far. */
  calls: number;
  /** Elements allocated so far (arrays, collection literals). */
  alloc: number;
  /** Operations so far (loop statements, calls): paces the clock checks. */
  ops: number;
  /** `ops` value at which the wall clock is read next. */
  nextClock: number;
  /** `performance.now()` at the first clock check of the execution, -1 before it. */
  started: number;
  /** Process CPU ms at the first clock check. */
  startedCpu: number;
  /** Current user-function call depth. */
  depth: number;
  /** Wall and CPU time this execution may use (the watchdog, see budget.ts). */
  maxMs: number;
  g: ScriptGlobals;
}

/** One function activation. */
export interface Frame {
  l: unknown[];
  s: ExecState;
  /** Value of the last `return`. */
  ret: unknown;
}

/** A compiled expression: its static type and the closure computing it. */
export interface CExpr {
  t: SType;
  f: (fr: Frame) => unknown;
}

/** A compiled statement: returns a completion signal ({@link NORMAL}, {@link BREAK}, ...). */
export type CStmt = (fr: Frame) => number;

/** Completion signals of compiled statements: fall through, `break`, `continue`, `return`. */
export const NORMAL = 0;
export const BREAK = 1;
export const CONTINUE = 2;
export const RETURN = 3;

/** A variable slot. */
export interface Slot {
  index: number;
  type: SType;
}

/** Slots of one function (or of the script body); nested block scopes inside. */
export class FunctionScope {
  size = 0;
  private readonly blocks: Array<Map<string, Slot>> = [new Map()];

  push(): void {
    this.blocks.push(new Map());
  }
  pop(): void {
    this.blocks.pop();
  }
  lookup(name: string): Slot | undefined {
    for (let i = this.blocks.length - 1; i >= 0; i--) {
      const s = this.blocks[i]!.get(name);
      if (s) return s;
    }
    return undefined;
  }
  /** Declare in the innermost block; returns undefined when the name is already visible. */
  declare(name: string, type: SType): Slot | undefined {
    if (this.lookup(name)) return undefined;
    const s = { index: this.size++, type };
    this.blocks[this.blocks.length - 1]!.set(name, s);
    return s;
  }
}
