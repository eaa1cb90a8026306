let reads: Promise<typeof import('./reads.js')> | undefined

/** reads.ts, loaded once on first use; a load that failed is tried again next time. */
export function loadReads(): Promise<typeof import('./reads.js')> {
  reads ??= import('./reads.js').catch((error: unknown) => {
    reads = undefined
    throw error
  })
  return reads
}
