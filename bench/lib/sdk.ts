/**
 * Loads the SDK from source (`src/`, through tsx), so the benchmark needs no build and follows the
 * working tree. `BENCH_SDK_SRC=/path/to/src` points it at another copy (used to prototype fixes
 * without touching `src/`; that copy needs `ky` and `zod` resolvable from its parent directory).
 */
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as Index from '../../src/index.js'
import type * as Pagination from '../../src/core/pagination.js'
import type * as ExperimentSchemas from '../../src/schemas/experiments.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const SDK_SRC = process.env.BENCH_SDK_SRC ? resolve(process.env.BENCH_SDK_SRC) : resolve(ROOT, 'src')

export interface Sdk {
  ProjectClient: typeof Index.ProjectClient
  decodePage: typeof Pagination.decodePage
  experimentSchema: typeof ExperimentSchemas.experimentSchema
  source: string
}

export async function loadSdk(): Promise<Sdk> {
  const load = (file: string) => import(pathToFileURL(resolve(SDK_SRC, file)).href)
  const index = (await load('index.ts')) as typeof Index
  const pagination = (await load('core/pagination.ts')) as typeof Pagination
  const schemas = (await load('schemas/experiments.ts')) as typeof ExperimentSchemas
  return {
    ProjectClient: index.ProjectClient,
    decodePage: pagination.decodePage,
    experimentSchema: schemas.experimentSchema,
    source: SDK_SRC,
  }
}
