let derived: Promise<typeof import('./derived.js')> | undefined

/** derived.ts, loaded once on first use; a load that failed is tried again next time. */
export function loadDerived(): Promise<typeof import('./derived.js')> {
  derived ??= import('./derived.js').catch((error: unknown) => {
    derived = undefined
    throw error
  })
  return derived
}
