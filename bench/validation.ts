/**
 * 2. Validation: the decoder the client uses for a list (`decodePage(experimentSchema)`, validate on)
 * applied to a 100-item page, against `JSON.parse` of the same text. Both are timed per iteration on
 * freshly parsed input (the decoder never sees the same objects twice, as in the client).
 */
import { experimentPage } from './lib/fixtures.js'
import type { Sdk } from './lib/sdk.js'
import { alternate, median, pairedRatio, quartiles, ratioOfMedians, type Alternated } from './lib/stats.js'

export interface ValidationResult {
  pageBytes: number
  items: number
  parseMs: number
  validateMs: number
  /** validate / JSON.parse. */
  /** Median of the per-pair ratios (the budgeted figure). */
  ratio: number
  /** median(SDK) / median(baseline), for comparison. */
  ratioOfMedians: number
  parseIqr: [number, number]
  validateIqr: [number, number]
  perItemUs: number
  iterationsPerBlock: number
  run: Alternated
}

export interface ValidationOptions {
  blocks?: number
  iterationsPerBlock?: number
}

export async function benchValidation(sdk: Sdk, options: ValidationOptions = {}): Promise<ValidationResult> {
  const { blocks = 40, iterationsPerBlock = 10 } = options
  const items = 100
  const text = JSON.stringify(experimentPage('http://127.0.0.1:1/api/projects/1/experiments/', 0, items, 10_000))
  const decode = sdk.decodePage(sdk.experimentSchema)

  // The decoder must accept the fixture (else we would time the error path).
  const checked = decode(JSON.parse(text), true)
  if (checked instanceof Promise)
    throw new Error('validation: the fixture failed the compiled check, so zod decided (the error path)')
  if (checked.results.length !== items) throw new Error('validation: decoder returned the wrong number of items')
  for (let index = 0; index < 50; index++) {
    decode(JSON.parse(text), true)
  }

  const parseBlock = () => {
    let total = 0
    for (let index = 0; index < iterationsPerBlock; index++) {
      const start = performance.now()
      const json = JSON.parse(text) as unknown
      total += performance.now() - start
      if (json === null) throw new Error('unreachable')
    }
    return total / iterationsPerBlock
  }
  const validateBlock = () => {
    let total = 0
    for (let index = 0; index < iterationsPerBlock; index++) {
      const json = JSON.parse(text) as unknown
      const start = performance.now()
      const page = decode(json, true)
      total += performance.now() - start
      if (page instanceof Promise || page.results.length !== items) throw new Error('unreachable')
    }
    return total / iterationsPerBlock
  }
  const run = await alternate(blocks, parseBlock, validateBlock)
  const validateMs = median(run.b)
  return {
    pageBytes: Buffer.byteLength(text),
    items,
    parseMs: median(run.a),
    validateMs,
    ratio: pairedRatio(run),
    ratioOfMedians: ratioOfMedians(run),
    parseIqr: quartiles(run.a),
    validateIqr: quartiles(run.b),
    perItemUs: (validateMs * 1000) / items,
    iterationsPerBlock,
    run,
  }
}
