/**
 * The Painless AST the parser builds and the compiler turns into closures. Every node keeps
 * `pos`, its source offset, for `script_stack` pointers.
 */

/** A type as written in source: a name (`int`, `def`, `List`, `String`) and array dimensions. */
export interface TypeRef {
  name: string;
  dims: number;
}

/** An expression node. */
export type Expr =
  | { k: 'num'; pos: number; text: string }
  | { k: 'str'; pos: number; value: string }
  | { k: 'regex'; pos: number; pattern: string; flags: string }
  | { k: 'bool'; pos: number; value: boolean }
  | { k: 'null'; pos: number }
  | { k: 'var'; pos: number; name: string }
  /** A static type name used as a call target (`Math.max`, `Integer.parseInt`). */
  | { k: 'type'; pos: number; name: string }
  | { k: 'field'; pos: number; obj: Expr; name: string; nullSafe: boolean }
  | { k: 'index'; pos: number; obj: Expr; index: Expr }
  | { k: 'call'; pos: number; obj: Expr; name: string; args: Expr[]; nullSafe: boolean }
  /** Call of a user function declared in the script. */
  | { k: 'fcall'; pos: number; name: string; args: Expr[] }
  | { k: 'new'; pos: number; type: string; args: Expr[] }
  | { k: 'newarray'; pos: number; type: TypeRef; sizes: Expr[]; init?: Expr[] }
  | { k: 'list'; pos: number; items: Expr[] }
  | { k: 'map'; pos: number; keys: Expr[]; values: Expr[] }
  | { k: 'unary'; pos: number; op: string; arg: Expr }
  | { k: 'binary'; pos: number; op: string; left: Expr; right: Expr }
  | { k: 'bool-op'; pos: number; op: '&&' | '||'; left: Expr; right: Expr }
  | { k: 'elvis'; pos: number; left: Expr; right: Expr }
  | { k: 'cond'; pos: number; test: Expr; then: Expr; else: Expr }
  | { k: 'assign'; pos: number; op: string; target: Expr; value: Expr }
  | { k: 'incdec'; pos: number; op: '++' | '--'; prefix: boolean; target: Expr }
  | { k: 'cast'; pos: number; type: TypeRef; arg: Expr }
  | { k: 'instanceof'; pos: number; arg: Expr; type: TypeRef }
  | { k: 'lambda'; pos: number; params: Array<{ name: string; type?: TypeRef }>; body: Stmt[] | Expr }
  | { k: 'funcref'; pos: number; type: string; method: string };

/** A statement node. */
export type Stmt =
  | { k: 'decl'; pos: number; type: TypeRef; vars: Array<{ name: string; pos: number; init?: Expr }> }
  | { k: 'expr'; pos: number; expr: Expr }
  | { k: 'if'; pos: number; test: Expr; then: Stmt[]; else?: Stmt[] }
  | { k: 'while'; pos: number; test: Expr; body: Stmt[] }
  | { k: 'do'; pos: number; test: Expr; body: Stmt[] }
  | { k: 'for'; pos: number; init?: Stmt; test?: Expr; update: Expr[]; body: Stmt[] }
  | { k: 'foreach'; pos: number; type?: TypeRef; name: string; iterable: Expr; body: Stmt[] }
  | { k: 'break'; pos: number }
  | { k: 'continue'; pos: number }
  | { k: 'return'; pos: number; value?: Expr }
  | { k: 'throw'; pos: number; value: Expr }
  | { k: 'try'; pos: number; body: Stmt[]; catches: Array<{ type: string; name: string; body: Stmt[] }> }
  | { k: 'block'; pos: number; body: Stmt[] };

/** A function declared at the top of a script (`int fib(int n) { ... }`). */
export interface FunctionDecl {
  name: string;
  pos: number;
  returns: TypeRef;
  params: Array<{ name: string; type: TypeRef }>;
  body: Stmt[];
}

/** A parsed script. */
export interface Program {
  functions: FunctionDecl[];
  body: Stmt[];
}
