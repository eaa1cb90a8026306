/**
 * The Hog compiler: the parser's AST to the bytecode PostHog's own compiler gives for it, node for node
 * (docs/service-behaviour.md §13, rules [`H1`]–[`H17`]). A visitor: `VISIT` maps each node class to its method.
 */
import { HogCompileError, positionOf } from './errors.js'
import { Op } from './opcodes.js'
import { isFloat, type HogNode } from './parser.js'

/** One element of Hog bytecode: an opcode, an operand, or a constant. */
export type HogOperand = string | number | boolean | null
type Code = HogOperand[]

interface Local {
  name: string
  depth: number
  captured: boolean
}

interface UpValue {
  index: number
  isLocal: boolean
}

const COMPARE: Readonly<Record<string, number>> = {
  '==': Op.EQ,
  '!=': Op.NOT_EQ,
  '>': Op.GT,
  '>=': Op.GT_EQ,
  '<': Op.LT,
  '<=': Op.LT_EQ,
  like: Op.LIKE,
  ilike: Op.ILIKE,
  'not like': Op.NOT_LIKE,
  'not ilike': Op.NOT_ILIKE,
  in: Op.IN,
  'not in': Op.NOT_IN,
  'in cohort': Op.IN_COHORT,
  'not in cohort': Op.NOT_IN_COHORT,
  '=~': Op.REGEX,
  '!~': Op.NOT_REGEX,
  '=~*': Op.IREGEX,
  '!~*': Op.NOT_IREGEX,
}

const ARITHMETIC: Readonly<Record<string, number>> = {
  '+': Op.PLUS,
  '-': Op.MINUS,
  '*': Op.MULTIPLY,
  '/': Op.DIVIDE,
  '%': Op.MOD,
}

type Visit = (compiler: Compiler, node: HogNode) => Code

/** Where compiling `source` failed, for the error's line and column. */
export interface CompileSource {
  readonly text: string
  /** Characters the parser saw before `text` (the `F'` of a template). */
  readonly shift: number
}

export class Compiler {
  readonly locals: Local[] = []
  readonly upvalues: UpValue[] = []
  private scopeDepth = 0
  private mode: 'hog' | 'ast'

  constructor(
    private readonly source: CompileSource,
    private readonly enclosing?: Compiler,
    params?: readonly string[],
  ) {
    this.mode = enclosing ? enclosing.mode : 'hog'
    for (const param of params ?? []) this.declareLocal(param)
  }

  visit(node: HogNode): Code {
    if (this.mode === 'ast' && node.node !== 'Placeholder') return visitAst(this, node)
    const method = VISIT[node.node]
    if (!method) throw this.error(node, `Hog construct \`${node.node}\` is not supported by this compiler`)
    return method(this, node)
  }

  error(node: HogNode | undefined, message: string): HogCompileError {
    const offset = node?.start?.offset
    if (offset === undefined) return new HogCompileError(message)
    return new HogCompileError(message, positionOf(this.source.text, Math.max(0, offset - this.source.shift)))
  }

  startScope(): void {
    this.scopeDepth += 1
  }

  /** Pops (or closes, when captured) every local of the scope being left ([`H8`]). */
  endScope(): Code {
    this.scopeDepth -= 1
    const code: Code = []
    while (this.locals.length > 0) {
      const local = this.locals[this.locals.length - 1] as Local
      if (local.depth <= this.scopeDepth) break
      this.locals.pop()
      code.push(local.captured ? Op.CLOSE_UPVALUE : Op.POP)
    }
    return code
  }

  declareLocal(name: string, node?: HogNode): number {
    for (let index = this.locals.length - 1; index >= 0; index -= 1) {
      const local = this.locals[index] as Local
      if (local.depth < this.scopeDepth) break
      if (local.name === name) throw this.error(node, `Variable \`${name}\` already declared in this scope`)
    }
    this.locals.push({ name, depth: this.scopeDepth, captured: false })
    return this.locals.length - 1
  }

  findLocal(name: unknown): number {
    for (let index = this.locals.length - 1; index >= 0; index -= 1) if (this.locals[index]?.name === name) return index
    return -1
  }

  private addUpvalue(index: number, isLocal: boolean): number {
    const found = this.upvalues.findIndex((upvalue) => upvalue.index === index && upvalue.isLocal === isLocal)
    if (found !== -1) return found
    this.upvalues.push({ index, isLocal })
    return this.upvalues.length - 1
  }

  /** The index of `name` among this function's upvalues (added when first seen), or -1 when not enclosed. */
  resolveUpvalue(name: unknown): number {
    if (!this.enclosing) return -1
    const local = this.enclosing.findLocal(name)
    if (local !== -1) {
      ;(this.enclosing.locals[local] as Local).captured = true
      return this.addUpvalue(local, true)
    }
    const upvalue = this.enclosing.resolveUpvalue(name)
    return upvalue === -1 ? -1 : this.addUpvalue(upvalue, false)
  }

  /** Compiles `node` in the other mode (`sql()` enters AST mode, a placeholder returns to Hog). */
  inMode(mode: 'hog' | 'ast', run: () => Code): Code {
    const previous = this.mode
    this.mode = mode
    try {
      return run()
    } finally {
      this.mode = previous
    }
  }

  get isAstMode(): boolean {
    return this.mode === 'ast'
  }

  /** A function body compiled by a fresh compiler enclosed by this one, as `CALLABLE … CLOSURE …` ([`H10`]). */
  callable(name: string, params: readonly string[], body: HogNode): Code {
    const inner = new Compiler(this.source, this, params)
    const code = inner.visit(body)
    const ops: Code = [Op.CALLABLE, name, params.length, inner.upvalues.length, code.length, ...code]
    ops.push(Op.CLOSURE, inner.upvalues.length)
    for (const upvalue of inner.upvalues) ops.push(upvalue.isLocal, upvalue.index)
    return ops
  }
}

// Nodes the compiler builds itself (no source position).
const field = (chain: unknown[]): HogNode => ({ node: 'Field', chain })
const block = (declarations: HogNode[]): HogNode => ({ node: 'Block', declarations })
const returnStatement = (expr: HogNode | null): HogNode => ({ node: 'ReturnStatement', expr })

function child(node: HogNode, key: string): HogNode {
  return node[key] as HogNode
}

function maybe(node: HogNode, key: string): HogNode | null {
  return (node[key] as HogNode | null | undefined) ?? null
}

function children(node: HogNode, key: string): HogNode[] {
  return (node[key] as HogNode[] | null | undefined) ?? []
}

function sequence(compiler: Compiler, nodes: readonly HogNode[]): Code {
  return nodes.flatMap((node) => compiler.visit(node))
}

/** `then` and `else` joined by jumps; an empty `else` compiles to no jump at all, as PostHog's does. */
function branches(condition: Code, then: Code, otherwise: Code | null): Code {
  const hasElse = otherwise !== null && otherwise.length > 0
  const code: Code = [...condition, Op.JUMP_IF_FALSE, then.length + (hasElse ? 2 : 0), ...then]
  if (hasElse) code.push(Op.JUMP, otherwise.length, ...otherwise)
  return code
}

/** The rest of a chain read from an object on the stack: `STRING k`/`INTEGER k` and `GET_PROPERTY` each. */
function chainTail(chain: readonly unknown[]): Code {
  return chain.flatMap((element): Code =>
    typeof element === 'number'
      ? [Op.INTEGER, element, Op.GET_PROPERTY]
      : [Op.STRING, String(element), Op.GET_PROPERTY],
  )
}

function visitScope(compiler: Compiler, node: HogNode): Code {
  compiler.startScope()
  const code = sequence(compiler, children(node, 'declarations'))
  return [...code, ...compiler.endScope()]
}

function visitField(compiler: Compiler, node: HogNode): Code {
  const chain = node['chain'] as unknown[]
  const local = compiler.findLocal(chain[0])
  if (local !== -1) return [Op.GET_LOCAL, local, ...chainTail(chain.slice(1))]
  const upvalue = compiler.resolveUpvalue(String(chain[0]))
  if (upvalue !== -1) return [Op.GET_UPVALUE, upvalue, ...chainTail(chain.slice(1))]
  // A global: its chain pushed last element first ([`H6`]).
  const code: Code = []
  for (const element of [...chain].reverse()) code.push(Op.STRING, element as HogOperand)
  return [...code, Op.GET_GLOBAL, chain.length]
}

function visitConstant(compiler: Compiler, node: HogNode): Code {
  const value = node['value']
  if (value === true) return [Op.TRUE]
  if (value === false) return [Op.FALSE]
  if (value === null || value === undefined) return [Op.NULL]
  if (isFloat(value)) return [Op.FLOAT, value.hogFloat]
  if (typeof value === 'number') return [Op.INTEGER, value]
  if (typeof value === 'string') return [Op.STRING, value]
  throw compiler.error(node, `Constant type \`${typeof value}\` is not supported`)
}

function visitCompare(compiler: Compiler, node: HogNode): Code {
  const op = COMPARE[node['op'] as string]
  if (op === undefined) throw compiler.error(node, `Comparison \`${String(node['op'])}\` is not supported in Hog`)
  if (op === Op.IN_COHORT || op === Op.NOT_IN_COHORT) {
    const right = child(node, 'right')
    const value = right.node === 'Constant' ? right['value'] : undefined
    const cohort =
      value === undefined ? '' : typeof value === 'number' ? ` (cohort id=${value})` : ` (cohort: ${String(value)})`
    const message = `Can't use cohorts in real-time filters. Please inline the relevant expressions${cohort}.`
    throw compiler.error(node, message)
  }
  return [...compiler.visit(child(node, 'right')), ...compiler.visit(child(node, 'left')), op]
}

function visitBetween(compiler: Compiler, node: HogNode): Code {
  const [low, expr, high] = [child(node, 'low'), child(node, 'expr'), child(node, 'high')]
  if (node['negated'] === true) {
    const below = [...compiler.visit(low), ...compiler.visit(expr), Op.LT]
    const above = [...compiler.visit(high), ...compiler.visit(expr), Op.GT]
    return [...below, ...above, Op.OR, 2]
  }
  const from = [...compiler.visit(low), ...compiler.visit(expr), Op.GT_EQ]
  const to = [...compiler.visit(high), ...compiler.visit(expr), Op.LT_EQ]
  return [...from, ...to, Op.AND, 2]
}

function visitLogic(op: number): Visit {
  return (compiler, node) => {
    const exprs = children(node, 'exprs')
    return [...sequence(compiler, exprs), op, exprs.length]
  }
}

function visitCollection(op: number): Visit {
  return (compiler, node) => {
    const exprs = children(node, 'exprs')
    return [...sequence(compiler, exprs), op, exprs.length]
  }
}

function visitArrayAccess(compiler: Compiler, node: HogNode): Code {
  const property = child(node, 'property')
  if (property.node === 'Constant' && property['value'] === 0) throw compiler.error(node, 'Array access starts from 1')
  const op = node['nullish'] === true ? Op.GET_PROPERTY_NULLISH : Op.GET_PROPERTY
  return [...compiler.visit(child(node, 'array')), ...compiler.visit(property), op]
}

function visitTupleAccess(compiler: Compiler, node: HogNode): Code {
  const op = node['nullish'] === true ? Op.GET_PROPERTY_NULLISH : Op.GET_PROPERTY
  return [...compiler.visit(child(node, 'tuple')), Op.INTEGER, node['index'] as number, op]
}

/** Calls PostHog's compiler writes inline ([`H12`]), or null for an ordinary call. */
function inlineCall(compiler: Compiler, node: HogNode, name: string, args: HogNode[]): Code | null {
  if (name === 'not' && args.length === 1) return [...compiler.visit(args[0] as HogNode), Op.NOT]
  if ((name === 'and' || name === 'or') && args.length > 1) {
    return [...sequence(compiler, args), name === 'and' ? Op.AND : Op.OR, args.length]
  }
  if (name === 'if' && args.length >= 2) {
    const otherwise = args.length === 3 ? compiler.visit(args[2] as HogNode) : null
    return branches(compiler.visit(args[0] as HogNode), compiler.visit(args[1] as HogNode), otherwise)
  }
  if (name === 'multiIf' && args.length >= 2) {
    if (args.length <= 3) return inlineCall(compiler, node, 'if', args)
    let previous: Code | null = args.length % 2 === 0 ? null : compiler.visit(args[args.length - 1] as HogNode)
    for (let index = args.length - 2 - (args.length % 2); index >= 0; index -= 2) {
      const condition = compiler.visit(args[index] as HogNode)
      previous = branches(condition, compiler.visit(args[index + 1] as HogNode), previous)
    }
    return previous
  }
  if (name === 'ifNull' && args.length === 2) {
    const fallback = compiler.visit(args[1] as HogNode)
    return [...compiler.visit(args[0] as HogNode), Op.JUMP_IF_STACK_NOT_NULL, fallback.length + 1, Op.POP, ...fallback]
  }
  if (name === 'sql' && args.length === 1) return compiler.inMode('ast', () => compiler.visit(args[0] as HogNode))
  return null
}

function visitCall(compiler: Compiler, node: HogNode): Code {
  const name = node['name'] as string
  const params = node['params'] as HogNode[] | null | undefined
  const inline = inlineCall(compiler, node, name, children(node, 'args'))
  if (inline) return inline
  // `f(params)(args)`: the first list calls `f`, the second calls what it returned ([`H11`]).
  const args = params ?? children(node, 'args')
  let code = sequence(compiler, args)
  if (compiler.findLocal(name) !== -1) {
    code.push(...visitField(compiler, field([name])), Op.CALL_LOCAL, args.length)
  } else {
    const upvalue = compiler.resolveUpvalue(name)
    // Unknown global functions still compile: they fail when run (`Unsupported function call`, [`R4`]).
    if (upvalue !== -1) code.push(Op.GET_UPVALUE, upvalue, Op.CALL_LOCAL, args.length)
    else code.push(Op.CALL_GLOBAL, name, args.length)
  }
  if (params) {
    const second = children(node, 'args')
    code = [...sequence(compiler, second), ...code, Op.CALL_LOCAL, second.length]
  }
  return code
}

function visitExprCall(compiler: Compiler, node: HogNode): Code {
  const args = children(node, 'args')
  return [...sequence(compiler, args), ...compiler.visit(child(node, 'expr')), Op.CALL_LOCAL, args.length]
}

function visitExprStatement(compiler: Compiler, node: HogNode): Code {
  const expr = maybe(node, 'expr')
  return expr ? [...compiler.visit(expr), Op.POP] : []
}

function visitReturn(compiler: Compiler, node: HogNode): Code {
  const expr = maybe(node, 'expr')
  return [...(expr ? compiler.visit(expr) : [Op.NULL]), Op.RETURN]
}

function visitIf(compiler: Compiler, node: HogNode): Code {
  const condition = compiler.visit(child(node, 'expr'))
  const then = compiler.visit(child(node, 'then'))
  const otherwise = maybe(node, 'else_')
  return branches(condition, then, otherwise ? compiler.visit(otherwise) : null)
}

function visitWhile(compiler: Compiler, node: HogNode): Code {
  const condition = compiler.visit(child(node, 'expr'))
  const body = compiler.visit(child(node, 'body'))
  const code: Code = [...condition, Op.JUMP_IF_FALSE, body.length + 2, ...body]
  return [...code, Op.JUMP, -code.length - 2]
}

function loop(condition: Code, body: Code, increment: Code): Code {
  return [
    ...condition,
    Op.JUMP_IF_FALSE,
    body.length + increment.length + 2,
    ...body,
    ...increment,
    Op.JUMP,
    -increment.length - body.length - 2 - condition.length - 2,
  ]
}

function visitFor(compiler: Compiler, node: HogNode): Code {
  const initializer = maybe(node, 'initializer')
  if (initializer) compiler.startScope()
  const start = initializer ? compiler.visit(initializer) : []
  const condition = maybe(node, 'condition')
  const conditionCode = condition ? compiler.visit(condition) : []
  const increment = maybe(node, 'increment')
  const incrementCode = increment ? compiler.visit(increment) : []
  const body = maybe(node, 'body')
  const code = [...start, ...loop(conditionCode, body ? compiler.visit(body) : [], incrementCode)]
  return initializer ? [...code, ...compiler.endScope()] : code
}

/** `for (k, v in x)` as a counted loop over `keys(x)`/`values(x)` in hidden locals ([`H14`]). */
function visitForIn(compiler: Compiler, node: HogNode): Code {
  compiler.startScope()
  const keyVar = node['keyVar'] as string | null | undefined
  const valueVar = node['valueVar'] as string
  const expr = compiler.declareLocal('__H_expr_H__')
  const code: Code = compiler.visit(child(node, 'expr'))
  const keys = keyVar ? compiler.declareLocal('__H_keys_H__') : -1
  if (keyVar) code.push(Op.GET_LOCAL, expr, Op.CALL_GLOBAL, 'keys', 1)
  const values = compiler.declareLocal('__H_values_H__')
  code.push(Op.GET_LOCAL, expr, Op.CALL_GLOBAL, 'values', 1)
  const index = compiler.declareLocal('__H_index_H__')
  code.push(Op.INTEGER, 1)
  const limit = compiler.declareLocal('__H_limit_H__')
  code.push(Op.GET_LOCAL, values, Op.CALL_GLOBAL, 'length', 1)
  const key = keyVar ? compiler.declareLocal(keyVar, node) : -1
  if (keyVar) code.push(Op.NULL)
  const value = compiler.declareLocal(valueVar, node)
  code.push(Op.NULL)
  const condition: Code = [Op.GET_LOCAL, limit, Op.GET_LOCAL, index, Op.LT_EQ]
  const body: Code = []
  if (keyVar) body.push(Op.GET_LOCAL, keys, Op.GET_LOCAL, index, Op.GET_PROPERTY, Op.SET_LOCAL, key)
  body.push(Op.GET_LOCAL, values, Op.GET_LOCAL, index, Op.GET_PROPERTY, Op.SET_LOCAL, value)
  body.push(...compiler.visit(child(node, 'body')))
  const increment: Code = [Op.GET_LOCAL, index, Op.INTEGER, 1, Op.PLUS, Op.SET_LOCAL, index]
  return [...code, ...loop(condition, body, increment), ...compiler.endScope()]
}

function visitDeclaration(compiler: Compiler, node: HogNode): Code {
  compiler.declareLocal(node['name'] as string, node)
  const expr = maybe(node, 'expr')
  return expr ? compiler.visit(expr) : [Op.NULL]
}

/** The object a property assignment writes into, and the key it writes ([`H9`]). */
function propertyTarget(head: Code, chain: readonly unknown[]): Code {
  const last = chain[chain.length - 1]
  const key: Code = typeof last === 'number' ? [Op.INTEGER, last] : [Op.STRING, String(last)]
  return [...head, ...chainTail(chain.slice(1, -1)), ...key]
}

function visitAssignment(compiler: Compiler, node: HogNode): Code {
  const left = child(node, 'left')
  const right = child(node, 'right')
  if (left.node === 'TupleAccess') {
    const target = [...compiler.visit(child(left, 'tuple')), Op.INTEGER, left['index'] as number]
    return [...target, ...compiler.visit(right), Op.SET_PROPERTY]
  }
  if (left.node === 'ArrayAccess') {
    const target = [...compiler.visit(child(left, 'array')), ...compiler.visit(child(left, 'property'))]
    return [...target, ...compiler.visit(right), Op.SET_PROPERTY]
  }
  if (left.node === 'Field') {
    const chain = left['chain'] as unknown[]
    const local = compiler.findLocal(chain[0])
    if (local !== -1) {
      if (chain.length === 1) return [...compiler.visit(right), Op.SET_LOCAL, local]
      return [...propertyTarget([Op.GET_LOCAL, local], chain), ...compiler.visit(right), Op.SET_PROPERTY]
    }
    const upvalue = compiler.resolveUpvalue(String(chain[0]))
    if (upvalue !== -1) {
      if (chain.length === 1) return [...compiler.visit(right), Op.SET_UPVALUE, upvalue]
      return [...propertyTarget([Op.GET_UPVALUE, upvalue], chain), ...compiler.visit(right), Op.SET_PROPERTY]
    }
    throw compiler.error(node, `Variable "${String(chain[0])}" not declared in this scope. Can not assign to globals.`)
  }
  throw compiler.error(node, 'Can not assign to this type of expression')
}

/** A function or lambda body that ends in a return, as PostHog's compiler makes it ([`H10`]). */
function withReturn(body: HogNode, expressionBody: boolean): HogNode {
  if (body.node === 'Placeholder') return block([{ node: 'ExprStatement', expr: body['expr'] }, returnStatement(null)])
  if (body.node === 'Block') {
    const declarations = children(body, 'declarations')
    const last = declarations[declarations.length - 1]
    return last?.node === 'ReturnStatement' ? body : block([...declarations, returnStatement(null)])
  }
  if (body.node === 'ReturnStatement') return body
  return expressionBody && !STATEMENTS.has(body.node) ? returnStatement(body) : block([body, returnStatement(null)])
}

const STATEMENTS = new Set([
  'ExprStatement',
  'VariableDeclaration',
  'VariableAssignment',
  'Function',
  'ReturnStatement',
  'ThrowStatement',
  'TryCatchStatement',
  'IfStatement',
  'WhileStatement',
  'ForStatement',
  'ForInStatement',
  'Block',
  'Program',
])

function visitFunction(compiler: Compiler, node: HogNode): Code {
  const body = withReturn(child(node, 'body'), false)
  compiler.declareLocal(node['name'] as string, node)
  return compiler.callable(node['name'] as string, node['params'] as string[], body)
}

function visitLambda(compiler: Compiler, node: HogNode): Code {
  return compiler.callable('lambda', node['args'] as string[], withReturn(child(node, 'expr'), true))
}

function visitDict(compiler: Compiler, node: HogNode): Code {
  const items = (node['items'] as [HogNode, HogNode][] | undefined) ?? []
  return [...items.flatMap(([key, value]) => [...compiler.visit(key), ...compiler.visit(value)]), Op.DICT, items.length]
}

/** `throw`, `try … catch`: catches share the locals `e` and `type`; what none matches is thrown on ([`H15`]). */
function visitTryCatch(compiler: Compiler, node: HogNode): Code {
  if (maybe(node, 'finally_stmt')) throw compiler.error(node, 'finally blocks are not yet supported')
  const catches = (node['catches'] as [string | null, string | null, HogNode][] | undefined) ?? []
  if (catches.length === 0) throw compiler.error(node, 'try statement must have at least one catch block')
  const tried = compiler.visit(child(node, 'try_stmt'))
  const code: Code = [Op.TRY, tried.length + 4, ...tried, Op.POP_TRY]
  const ends: number[] = []
  const handlers: Code = []
  compiler.startScope()
  compiler.declareLocal('e')
  handlers.push(...visitField(compiler, field(['e', 'type'])))
  compiler.declareLocal('type')
  for (const [variable, type, statement] of catches) {
    const name = variable ?? 'e'
    compiler.startScope()
    if ((type ?? 'Error') === 'Error') {
      if (name !== 'e') {
        compiler.declareLocal(name)
        handlers.push(...visitField(compiler, field(['e'])))
      }
      handlers.push(...compiler.visit(statement), ...compiler.endScope(), Op.JUMP, null)
    } else {
      const right = { node: 'Constant', value: type }
      const test = visitCompare(compiler, { node: 'CompareOperation', op: '==', left: field(['type']), right })
      handlers.push(...test, Op.JUMP_IF_FALSE)
      const body: Code = []
      if (name !== 'e') {
        compiler.declareLocal(name)
        body.push(...visitField(compiler, field(['e'])))
      }
      body.push(...compiler.visit(statement))
      const closing = compiler.endScope()
      body.push(...closing)
      handlers.push(body.length + 2 - closing.length, ...body, Op.JUMP, null)
    }
    ends.push(handlers.length - 1)
  }
  handlers.push(Op.POP, Op.THROW)
  const closing = compiler.endScope()
  handlers.push(...closing)
  for (const position of ends) handlers[position] = handlers.length - position - closing.length - 1
  return [...code, Op.JUMP, handlers.length, ...handlers]
}

/** `<Tag attr={…} />`: a call of a local function of that name, else a dict with `__hx_tag` ([`H17`]). */
function visitTag(compiler: Compiler, node: HogNode): Code {
  const kind = node['kind'] as string
  const attributes = children(node, 'attributes')
  const callable = compiler.findLocal(kind) !== -1 || compiler.resolveUpvalue(kind) !== -1
  const pairs = attributes.flatMap((attribute) => [
    Op.STRING,
    attribute['name'] as string,
    ...hogqlxValue(compiler, attribute['value']),
  ])
  if (callable) return [...pairs, Op.DICT, attributes.length, ...visitField(compiler, field([kind])), Op.CALL_LOCAL, 1]
  return [Op.STRING, '__hx_tag', Op.STRING, kind, ...pairs, Op.DICT, attributes.length + 1]
}

/** A tag attribute or an AST field: nodes compiled (in the current mode), lists and constants as values. */
function hogqlxValue(compiler: Compiler, value: unknown): Code {
  if (Array.isArray(value)) return [...value.flatMap((item) => hogqlxValue(compiler, item)), Op.ARRAY, value.length]
  if (isFloat(value)) return [Op.FLOAT, value.hogFloat]
  if (typeof value === 'object' && value !== null && 'node' in value) return compiler.visit(value as HogNode)
  if (typeof value === 'number') return [Op.INTEGER, value]
  if (typeof value === 'string') return [Op.STRING, value]
  // Python's `bool` is an `int`: PostHog's compiler writes it as INTEGER here ([`H5`]).
  if (typeof value === 'boolean') return [Op.INTEGER, value]
  return [Op.NULL]
}

/**
 * The fields PostHog's AST classes have, in their declaration order, for the classes this compiler writes in
 * AST mode (`sql(…)`); the parser's JSON leaves out fields at their default, so defaults are given here.
 */
const AST_FIELDS: Readonly<Record<string, readonly (readonly [string, unknown])[]>> = {
  Constant: [['value', null]],
  Field: [
    ['chain', null],
    ['from_asterisk', false],
  ],
  ArithmeticOperation: [
    ['left', null],
    ['right', null],
    ['op', null],
  ],
  CompareOperation: [
    ['left', null],
    ['right', null],
    ['op', null],
  ],
  And: [['exprs', null]],
  Or: [['exprs', null]],
  Not: [['expr', null]],
}

/** A node in AST mode: `{__hx_ast: <class>, field: value…}`, null fields left out ([`H17`]). */
function visitAst(compiler: Compiler, node: HogNode): Code {
  if (node.node === 'HogQLXTag') {
    const kind = node['kind'] as string
    if (compiler.findLocal(kind) !== -1 || compiler.resolveUpvalue(kind) !== -1) return visitTag(compiler, node)
  }
  const fields = AST_FIELDS[node.node]
  if (!fields) {
    throw compiler.error(node, `\`${node.node}\` inside sql() (HogQL AST mode) is not supported by this compiler`)
  }
  const code: Code = [Op.STRING, '__hx_ast', Op.STRING, node.node]
  let count = 1
  for (const [name, fallback] of fields) {
    const value = node[name] === undefined ? fallback : node[name]
    if (value === null) continue
    code.push(Op.STRING, name, ...hogqlxValue(compiler, value))
    count += 1
  }
  return [...code, Op.DICT, count]
}

function visitPlaceholder(compiler: Compiler, node: HogNode): Code {
  if (!compiler.isAstMode) throw compiler.error(node, 'Placeholders are not allowed in this context')
  return compiler.inMode('hog', () => compiler.visit(child(node, 'expr')))
}

function notSupported(what: string): Visit {
  return (compiler, node) => {
    throw compiler.error(node, `${what} is not supported by this compiler`)
  }
}

const VISIT: Readonly<Record<string, Visit>> = {
  Program: visitScope,
  Block: visitScope,
  ExprStatement: visitExprStatement,
  ReturnStatement: visitReturn,
  ThrowStatement: (compiler, node) => [...compiler.visit(child(node, 'expr')), Op.THROW],
  TryCatchStatement: visitTryCatch,
  IfStatement: visitIf,
  WhileStatement: visitWhile,
  ForStatement: visitFor,
  ForInStatement: visitForIn,
  VariableDeclaration: visitDeclaration,
  VariableAssignment: visitAssignment,
  Function: visitFunction,
  Lambda: visitLambda,
  And: visitLogic(Op.AND),
  Or: visitLogic(Op.OR),
  Not: (compiler, node) => [...compiler.visit(child(node, 'expr')), Op.NOT],
  CompareOperation: visitCompare,
  BetweenExpr: visitBetween,
  ArithmeticOperation: (compiler, node) => {
    const op = ARITHMETIC[node['op'] as string]
    if (op === undefined) throw compiler.error(node, `Arithmetic \`${String(node['op'])}\` is not supported`)
    return [...compiler.visit(child(node, 'right')), ...compiler.visit(child(node, 'left')), op]
  },
  Field: visitField,
  Constant: visitConstant,
  ArrayAccess: visitArrayAccess,
  TupleAccess: visitTupleAccess,
  Call: visitCall,
  ExprCall: visitExprCall,
  Dict: visitDict,
  Array: visitCollection(Op.ARRAY),
  Tuple: visitCollection(Op.TUPLE),
  HogQLXTag: visitTag,
  Placeholder: visitPlaceholder,
  SelectQuery: notSupported('A SELECT query (HogQL AST mode)'),
  SelectSetQuery: notSupported('A SELECT query (HogQL AST mode)'),
}
