// A TypeDoc plugin: documents `type X = z.infer<typeof xSchema>` by the type it resolves to, so the API
// reference lists each type's fields instead of `infer<typeof xSchema>` (and references no internal schema
// const). It applies TypeDoc's own `@useDeclaredType` to those aliases, instead of writing that tag above
// each of them in src/schemas; typedoc-plugin-zod does the same but is not a dependency here.
import { Comment, Converter, ReflectionKind, TypeScript as ts } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.TypeAlias)) return
    const declaration = context.getSymbolFromReflection(reflection)?.getDeclarations()?.find(ts.isTypeAliasDeclaration)
    if (!declaration || !isZodInfer(declaration.type)) return
    reflection.comment ??= new Comment()
    reflection.comment.modifierTags.add('@useDeclaredType')
  })
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
