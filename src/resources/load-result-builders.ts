let builders: Promise<typeof import('./result-builders.js')> | undefined

/** result-builders.ts, loaded once on first use; a load that failed is tried again next time. */
export function loadResultBuilders(): Promise<typeof import('./result-builders.js')> {
  builders ??= import('./result-builders.js').catch((error: unknown) => {
    builders = undefined
    throw error
  })
  return builders
}
