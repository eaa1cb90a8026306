// A TypeDoc plugin for the types inferred from the zod schemas (`type X = z.infer<typeof xSchema>`):
// 1. documents each alias by the type it resolves to, so the API reference lists the fields instead of
//    `infer<typeof xSchema>` (and references no internal schema const), with TypeDoc's own
//    `@useDeclaredType` applied here rather than written above every alias in src/schemas;
// 2. converts method return types and interface properties from their annotations
//    (`PagePromise<Experiment>`, `Partial<SurveyQuestion>[]`), so the reference links to `Experiment`
//    instead of repeating its fields inline (TypeDoc reads the checker's type, where the alias name is
//    lost behind `z.infer`).
// 3. documents a string-literal union written as a computation (`OperationId`) as its literals.
// typedoc-plugin-zod does the first part, but it is not a dependency here; these lines are all we need.
import {
  Comment,
  Converter,
  LiteralType,
  ReflectionKind,
  TypeScript as ts,
  UnionType,
  makeRecursiveVisitor,
} from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.kindOf(ReflectionKind.Property)) return useAnnotation(context, reflection)
    if (!reflection.kindOf(ReflectionKind.TypeAlias)) return
    const symbol = context.getSymbolFromReflection(reflection)
    const declaration = symbol?.getDeclarations()?.find(ts.isTypeAliasDeclaration)
    if (!declaration) return
    const literals = computedLiterals(context, symbol, declaration.type)
    if (literals) return void unions.set(reflection, literals)
    if (!isZodInfer(declaration.type)) return
    reflection.comment ??= new Comment()
    reflection.comment.modifierTags.add('@useDeclaredType')
  })

  // Set once the alias is converted (its type is assigned after EVENT_CREATE_DECLARATION).
  const unions = new Map()
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, () => {
    for (const [reflection, literals] of unions)
      reflection.type = new UnionType(literals.map((value) => new LiteralType(value)))
    unions.clear()
  })

  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (context, signature, declaration) => {
    const annotation = declaration && 'type' in declaration ? declaration.type : undefined
    if (annotation && ts.isTypeNode(annotation)) replaceType(context, signature, annotation)
  })
}

/** A property of an interface or class: its type as annotated (`SurveyQuestion`, not its fields inline). */
function useAnnotation(context, reflection) {
  const declaration = context.getSymbolFromReflection(reflection)?.getDeclarations()?.[0]
  if (
    !declaration ||
    !(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) ||
    !declaration.type
  )
    return
  replaceType(context, reflection, declaration.type)
}

/** Converts `annotation` in place of a type that spells out an object inline. */
function replaceType(context, reflection, annotation) {
  if (!reflection.type || !hasInlineObject(reflection.type)) return
  // Drop the reflections of the inline form before replacing it.
  reflection.type.visit(
    makeRecursiveVisitor({ reflection: (inner) => context.project.removeReflection(inner.declaration) }),
  )
  reflection.type = context.converter.convertType(context.withScope(reflection), annotation)
}

/** `z.infer<…>`, `z.output<…>` or `z.input<…>` from the project's `import * as z from 'zod/mini'`. */
function isZodInfer(node) {
  return (
    ts.isTypeReferenceNode(node) &&
    ts.isQualifiedName(node.typeName) &&
    node.typeName.left.getText() === 'z' &&
    ['infer', 'output', 'input'].includes(node.typeName.right.text)
  )
}

/**
 * A union of string literals written as a computation (`keyof typeof OPERATIONS`, a mapped type over a
 * private table): documented as the literals themselves, e.g. `OperationId`, which names no private type.
 */
function computedLiterals(context, symbol, node) {
  if (ts.isUnionTypeNode(node) || ts.isLiteralTypeNode(node)) return undefined
  const type = context.checker.getDeclaredTypeOfSymbol(symbol)
  if (!type.isUnion() || !type.types.every((member) => member.isStringLiteral())) return undefined
  return type.types.map((member) => member.value)
}

/** Whether a converted type spells out an object type inline somewhere. */
function hasInlineObject(type) {
  let found = false
  type.visit(makeRecursiveVisitor({ reflection: () => void (found = true) }))
  return found
}
