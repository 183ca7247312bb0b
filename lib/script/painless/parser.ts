/**
 * Recursive-descent parser for the supported Painless subset (ES 5.6 `PainlessParser.g4`):
 * statements, functions, lambdas, casts, list/map initializers, regex literals. Operator
 * precedence follows the grammar: multiplicative > additive > `=~`/`==~` > shift > relational
 * and `instanceof` > equality > `&` > `^` > `|` > `&&` > `||` > `?:` (conditional, elvis) >
 * assignment. Parse errors are Painless's IAE messages with the offending offset.
 */
import { JavaError } from '../errors.js';
import type { Expr, FunctionDecl, Program, Stmt, TypeRef } from './ast.js';
import { tokenize, type Token } from './lexer.js';
import { isTypeName } from './types.js';

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '>>>=']);

/** Binary precedence levels, loosest first (above the conditional). */
const LEVELS: string[][] = [
  ['||'],
  ['&&'],
  ['|'],
  ['^'],
  ['&'],
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>=', 'instanceof'],
  ['<<', '>>', '>>>'],
  ['=~', '==~'],
  ['+', '-'],
  ['*', '/', '%'],
];

function quote(t: Token): string {
  return t.kind === 'eof' ? '<EOF>' : `'${t.kind === 'str' ? t.text : t.text}'`;
}

/** Parse a whole script. Throws {@link JavaError} (IAE) with the error offset. */
export function parsePainless(src: string): Program {
  return new Parser(tokenize(src)).program();
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private get t(): Token {
    return this.toks[this.i]!;
  }
  private peek(n = 1): Token {
    return this.toks[Math.min(this.i + n, this.toks.length - 1)]!;
  }
  private is(text: string, tok: Token = this.t): boolean {
    return (tok.kind === 'punct' || tok.kind === 'id') && tok.text === text;
  }
  private accept(text: string): boolean {
    if (this.is(text)) {
      this.i++;
      return true;
    }
    return false;
  }
  private expect(text: string): Token {
    const t = this.t;
    if (!this.is(text)) throw this.unexpected([text]);
    this.i++;
    return t;
  }
  private unexpected(expected?: string[]): JavaError {
    const t = this.t;
    // Painless's ParserErrorStrategy: input mismatch, end of script, or no viable alternative
    const reason = expected
      ? `unexpected token [${quote(t)}] was expecting one of [${expected.map((e) => `'${e}'`).join(', ')}].`
      : t.kind === 'eof'
        ? 'unexpected end of script.'
        : `invalid sequence of tokens near [${quote(t)}].`;
    return new JavaError('illegal_argument_exception', reason, t.pos);
  }
  private ident(): Token {
    const t = this.t;
    if (t.kind !== 'id' || isTypeName(t.text)) throw this.unexpected();
    this.i++;
    return t;
  }

  program(): Program {
    const functions: FunctionDecl[] = [];
    while (this.isFunctionStart()) functions.push(this.functionDecl());
    const body: Stmt[] = [];
    while (this.t.kind !== 'eof') body.push(this.statement(true));
    return { functions, body };
  }

  private isFunctionStart(): boolean {
    if (this.t.kind !== 'id' || !isTypeName(this.t.text)) return false;
    let j = this.i + 1;
    while (this.is('[', this.toks[j]!) && this.is(']', this.toks[j + 1]!)) j += 2;
    const name = this.toks[j]!;
    return name.kind === 'id' && !isTypeName(name.text) && this.is('(', this.toks[j + 1]!);
  }

  private functionDecl(): FunctionDecl {
    const pos = this.t.pos;
    const returns = this.typeRef();
    const name = this.ident().text;
    this.expect('(');
    const params: FunctionDecl['params'] = [];
    if (!this.is(')')) {
      do {
        const type = this.typeRef();
        params.push({ type, name: this.ident().text });
      } while (this.accept(','));
    }
    this.expect(')');
    return { name, pos, returns, params, body: this.block() };
  }

  private typeRef(): TypeRef {
    const t = this.t;
    if (t.kind !== 'id' || !isTypeName(t.text)) throw this.unexpected();
    this.i++;
    let dims = 0;
    while (this.is('[') && this.is(']', this.peek())) {
      this.i += 2;
      dims++;
    }
    return { name: t.text, dims };
  }

  private block(): Stmt[] {
    this.expect('{');
    const body: Stmt[] = [];
    while (!this.is('}')) {
      if (this.t.kind === 'eof') throw this.unexpected(['}']);
      body.push(this.statement(false));
    }
    this.i++;
    return body;
  }

  /** A loop or if body: a block, an empty `;`, or one statement. */
  private body(): Stmt[] {
    if (this.is('{')) return this.block();
    if (this.accept(';')) return [];
    return [this.statement(false)];
  }

  /**
   * `;`, the end of the script (`delimiter: SEMICOLON | EOF`), or — for the last statement of a
   * block — the closing `}` (`block: '{' statement* dstatement? '}'`), which stays unconsumed.
   */
  private delimiter(): void {
    if (this.accept(';')) return;
    if (this.t.kind === 'eof' || this.is('}')) return;
    throw this.unexpected([';']);
  }

  private isDeclStart(): boolean {
    if (this.t.kind !== 'id' || !isTypeName(this.t.text)) return false;
    let j = this.i + 1;
    while (this.is('[', this.toks[j]!) && this.is(']', this.toks[j + 1]!)) j += 2;
    const name = this.toks[j]!;
    return name.kind === 'id' && !isTypeName(name.text);
  }

  private declaration(): Stmt {
    const pos = this.t.pos;
    const type = this.typeRef();
    const vars: Array<{ name: string; pos: number; init?: Expr }> = [];
    do {
      const id = this.ident();
      const v: { name: string; pos: number; init?: Expr } = { name: id.text, pos: id.pos };
      if (this.accept('=')) v.init = this.expression();
      vars.push(v);
    } while (this.accept(','));
    return { k: 'decl', pos, type, vars };
  }

  private statement(top: boolean): Stmt {
    const t = this.t;
    const pos = t.pos;
    if (t.kind === 'id') {
      switch (t.text) {
        case 'if': {
          this.i++;
          this.expect('(');
          const test = this.expression();
          this.expect(')');
          const then = this.body();
          if (this.accept('else')) return { k: 'if', pos, test, then, else: this.body() };
          return { k: 'if', pos, test, then };
        }
        case 'while': {
          this.i++;
          this.expect('(');
          const test = this.expression();
          this.expect(')');
          return { k: 'while', pos, test, body: this.body() };
        }
        case 'do': {
          this.i++;
          const body = this.block();
          this.expect('while');
          this.expect('(');
          const test = this.expression();
          this.expect(')');
          this.delimiter();
          return { k: 'do', pos, test, body };
        }
        case 'for':
          return this.forStatement();
        case 'break':
        case 'continue':
          this.i++;
          this.delimiter();
          return { k: t.text, pos };
        case 'return': {
          this.i++;
          if (this.is(';') || this.t.kind === 'eof' || this.is('}')) {
            this.delimiter();
            return { k: 'return', pos };
          }
          const value = this.expression();
          this.delimiter();
          return { k: 'return', pos, value };
        }
        case 'throw': {
          this.i++;
          const value = this.expression();
          this.delimiter();
          return { k: 'throw', pos, value };
        }
        case 'try': {
          this.i++;
          const body = this.block();
          const catches: Array<{ type: string; name: string; body: Stmt[] }> = [];
          while (this.accept('catch')) {
            this.expect('(');
            const type = this.typeRef().name;
            const name = this.ident().text;
            this.expect(')');
            catches.push({ type, name, body: this.block() });
          }
          if (catches.length === 0) throw this.unexpected(['catch']);
          return { k: 'try', pos, body, catches };
        }
        case 'else':
          throw this.unexpected();
      }
    }
    if (this.is('{') && !top) return { k: 'block', pos, body: this.block() };
    if (this.isDeclStart()) {
      const d = this.declaration();
      this.delimiter();
      return d;
    }
    const expr = this.expression();
    this.delimiter();
    return { k: 'expr', pos, expr };
  }

  private forStatement(): Stmt {
    const pos = this.t.pos;
    this.i++;
    this.expect('(');
    // for (Type x : iterable) / for (x in iterable)
    if (this.isDeclStart()) {
      const save = this.i;
      const type = this.typeRef();
      const id = this.ident();
      if (this.accept(':')) {
        const iterable = this.expression();
        this.expect(')');
        return { k: 'foreach', pos, type, name: id.text, iterable, body: this.body() };
      }
      this.i = save;
    } else if (this.t.kind === 'id' && this.is('in', this.peek())) {
      const name = this.ident().text;
      this.i++;
      const iterable = this.expression();
      this.expect(')');
      return { k: 'foreach', pos, name, iterable, body: this.body() };
    }
    let init: Stmt | undefined;
    if (!this.is(';')) {
      if (this.isDeclStart()) init = this.declaration();
      else init = { k: 'expr', pos: this.t.pos, expr: this.expression() };
    }
    this.expect(';');
    const test = this.is(';') ? undefined : this.expression();
    this.expect(';');
    const update: Expr[] = [];
    if (!this.is(')')) {
      do update.push(this.expression());
      while (this.accept(','));
    }
    this.expect(')');
    const out: Stmt = { k: 'for', pos, update, body: this.body() };
    if (init) out.init = init;
    if (test) out.test = test;
    return out;
  }

  expression(): Expr {
    const left = this.conditional();
    const t = this.t;
    if (t.kind === 'punct' && ASSIGN_OPS.has(t.text)) {
      if (left.k !== 'var' && left.k !== 'field' && left.k !== 'index') {
        throw new JavaError('illegal_argument_exception', 'Left-hand side cannot be assigned a value.', left.pos);
      }
      this.i++;
      const value = this.expression();
      return { k: 'assign', pos: t.pos, op: t.text, target: left, value };
    }
    return left;
  }

  private conditional(): Expr {
    const test = this.binary(0);
    const t = this.t;
    if (this.accept('?')) {
      const then = this.expression();
      this.expect(':');
      const els = this.expression();
      return { k: 'cond', pos: t.pos, test, then, else: els };
    }
    if (this.accept('?:')) {
      return { k: 'elvis', pos: t.pos, left: test, right: this.expression() };
    }
    return test;
  }

  private binary(level: number): Expr {
    if (level >= LEVELS.length) return this.unary();
    const ops = LEVELS[level]!;
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.t;
      if (!((t.kind === 'punct' || t.kind === 'id') && ops.includes(t.text))) return left;
      this.i++;
      if (t.text === 'instanceof') {
        left = { k: 'instanceof', pos: t.pos, arg: left, type: this.typeRef() };
        continue;
      }
      const right = this.binary(level + 1);
      left = t.text === '&&' || t.text === '||'
        ? { k: 'bool-op', pos: t.pos, op: t.text, left, right }
        : { k: 'binary', pos: t.pos, op: t.text, left, right };
    }
  }

  private isCast(): boolean {
    if (!this.is('(')) return false;
    let j = this.i + 1;
    const name = this.toks[j]!;
    if (name.kind !== 'id' || !isTypeName(name.text)) return false;
    j++;
    while (this.is('[', this.toks[j]!) && this.is(']', this.toks[j + 1]!)) j += 2;
    return this.is(')', this.toks[j]!);
  }

  private unary(): Expr {
    const t = this.t;
    if (t.kind === 'punct') {
      if (t.text === '++' || t.text === '--') {
        this.i++;
        return { k: 'incdec', pos: t.pos, op: t.text, prefix: true, target: this.unary() };
      }
      if (t.text === '!' || t.text === '~' || t.text === '-' || t.text === '+') {
        this.i++;
        // a negative numeric literal is one constant (so -2147483648 is a valid int)
        if (t.text === '-' && this.t.kind === 'num') {
          const num = this.t;
          this.i++;
          return this.postfix({ k: 'num', pos: t.pos, text: '-' + num.text });
        }
        return { k: 'unary', pos: t.pos, op: t.text, arg: this.unary() };
      }
      if (this.isCast()) {
        this.i++;
        const type = this.typeRef();
        this.expect(')');
        return { k: 'cast', pos: t.pos, type, arg: this.unary() };
      }
    }
    return this.postfix(this.primary());
  }

  private args(): Expr[] {
    this.expect('(');
    const out: Expr[] = [];
    if (!this.is(')')) {
      do out.push(this.lambdaOrExpression());
      while (this.accept(','));
    }
    this.expect(')');
    return out;
  }

  private postfix(e: Expr): Expr {
    for (;;) {
      const t = this.t;
      if (this.is('.') || this.is('?.')) {
        const nullSafe = t.text === '?.';
        this.i++;
        const name = this.t;
        if (name.kind !== 'id' && name.kind !== 'num') throw this.unexpected();
        this.i++;
        if (this.is('(')) e = { k: 'call', pos: name.pos, obj: e, name: name.text, args: this.args(), nullSafe };
        else e = { k: 'field', pos: name.pos, obj: e, name: name.text, nullSafe };
        continue;
      }
      if (this.is('[')) {
        this.i++;
        const index = this.expression();
        this.expect(']');
        e = { k: 'index', pos: t.pos, obj: e, index };
        continue;
      }
      if (this.is('++') || this.is('--')) {
        this.i++;
        e = { k: 'incdec', pos: t.pos, op: t.text as '++' | '--', prefix: false, target: e };
        continue;
      }
      return e;
    }
  }

  /** Whether the tokens at the cursor begin a lambda (`x ->`, `(a, b) ->`, `(def x) ->`). */
  private isLambda(): boolean {
    if (this.t.kind === 'id' && this.is('->', this.peek())) return true;
    if (!this.is('(')) return false;
    let j = this.i + 1;
    while (this.toks[j]!.kind === 'id' || this.is(',', this.toks[j]!) || this.is('[', this.toks[j]!) || this.is(']', this.toks[j]!)) j++;
    return this.is(')', this.toks[j]!) && this.is('->', this.toks[j + 1]!);
  }

  private lambdaOrExpression(): Expr {
    if (!this.isLambda()) {
      // Type::method and this-less function references
      if (this.t.kind === 'id' && this.is('::', this.peek())) {
        const type = this.t;
        this.i += 2;
        const method = this.t;
        if (method.kind !== 'id') throw this.unexpected();
        this.i++;
        return { k: 'funcref', pos: type.pos, type: type.text, method: method.text };
      }
      return this.expression();
    }
    const pos = this.t.pos;
    const params: Array<{ name: string; type?: TypeRef }> = [];
    if (this.t.kind === 'id') {
      params.push({ name: this.ident().text });
    } else {
      this.expect('(');
      if (!this.is(')')) {
        do {
          if (this.isDeclStart()) {
            const type = this.typeRef();
            params.push({ type, name: this.ident().text });
          } else params.push({ name: this.ident().text });
        } while (this.accept(','));
      }
      this.expect(')');
    }
    this.expect('->');
    const body = this.is('{') ? this.block() : this.expression();
    return { k: 'lambda', pos, params, body };
  }

  private primary(): Expr {
    const t = this.t;
    const pos = t.pos;
    switch (t.kind) {
      case 'num':
        this.i++;
        return { k: 'num', pos, text: t.text };
      case 'str':
        this.i++;
        return { k: 'str', pos, value: t.text };
      case 'regex':
        this.i++;
        return { k: 'regex', pos, pattern: t.text, flags: t.flags ?? '' };
      case 'eof':
        throw this.unexpected();
      case 'id': {
        if (t.text === 'true' || t.text === 'false') {
          this.i++;
          return { k: 'bool', pos, value: t.text === 'true' };
        }
        if (t.text === 'null') {
          this.i++;
          return { k: 'null', pos };
        }
        if (t.text === 'new') return this.newExpr();
        if (isTypeName(t.text)) {
          this.i++;
          return { k: 'type', pos, name: t.text };
        }
        this.i++;
        if (this.is('(')) return { k: 'fcall', pos, name: t.text, args: this.args() };
        return { k: 'var', pos, name: t.text };
      }
      case 'punct':
        break;
    }
    if (this.is('(')) {
      if (this.isLambda()) return this.lambdaOrExpression();
      this.i++;
      const e = this.expression();
      this.expect(')');
      return e;
    }
    if (this.is('[')) return this.initializer();
    throw this.unexpected();
  }

  /** `[a, b]` list, `[k: v, ...]` map, `[:]` empty map, `[]` empty list. */
  private initializer(): Expr {
    const pos = this.t.pos;
    this.expect('[');
    if (this.accept(']')) return { k: 'list', pos, items: [] };
    if (this.is(':') && this.is(']', this.peek())) {
      this.i += 2;
      return { k: 'map', pos, keys: [], values: [] };
    }
    const first = this.expression();
    if (this.accept(':')) {
      const keys = [first];
      const values = [this.expression()];
      while (this.accept(',')) {
        keys.push(this.expression());
        this.expect(':');
        values.push(this.expression());
      }
      this.expect(']');
      return { k: 'map', pos, keys, values };
    }
    const items = [first];
    while (this.accept(',')) items.push(this.expression());
    this.expect(']');
    return { k: 'list', pos, items };
  }

  private newExpr(): Expr {
    const pos = this.t.pos;
    this.i++;
    const t = this.t;
    if (t.kind !== 'id' || !isTypeName(t.text)) throw this.unexpected();
    this.i++;
    if (this.is('[')) {
      const sizes: Expr[] = [];
      let dims = 0;
      while (this.accept('[')) {
        dims++;
        if (this.accept(']')) continue;
        sizes.push(this.expression());
        this.expect(']');
      }
      const type: TypeRef = { name: t.text, dims };
      if (sizes.length === 0) {
        this.expect('{');
        const init: Expr[] = [];
        if (!this.is('}')) {
          do init.push(this.expression());
          while (this.accept(','));
        }
        this.expect('}');
        return { k: 'newarray', pos, type, sizes, init };
      }
      return { k: 'newarray', pos, type, sizes };
    }
    return { k: 'new', pos, type: t.text, args: this.args() };
  }
}
