import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { emittedDeclarations } from '../helpers/declarations.js'

/**
 * The request types are inferred from zod shapes (src/requests); their field docs must still show on
 * hover for a user, who reads the emitted declarations, not the sources: hovers are asked of the
 * TypeScript language service over a user file that imports the emitted `index.d.ts` (test/helpers/declarations.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const dir = join(root, '.tmp', `types-docs-${process.pid}`)

describe('field docs of the request types in the declarations', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  // The declarations' emit (shared with docs.test.ts) takes minutes on a loaded machine.
  it('show on hover for body, nested and query fields', { timeout: 300_000 }, () => {
    const { dir: declarations, diagnostics } = emittedDeclarations()
    expect(diagnostics).toEqual([])
    const user = join(dir, 'user.ts')
    mkdirSync(dir, { recursive: true })
    const text = `import type {
  ExperimentCreateParams, HogFunctionCreateParams, PropertyFilter, SurveyListParams, ExperimentMeanMetric,
} from '${relative(dir, declarations)}/index.js'
declare const experiment: ExperimentCreateParams
declare const hogFunction: HogFunctionCreateParams
declare const filter: PropertyFilter
declare const list: SurveyListParams
declare const metric: ExperimentMeanMetric
experiment.feature_flag_key; hogFunction.hog; filter.operator; list.search; metric.source
`
    writeFileSync(user, text)
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [user],
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) =>
        ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(readFileSync(name, 'utf8')) : undefined,
      getCurrentDirectory: () => dir,
      getCompilationSettings: () => ({
        strict: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        exactOptionalPropertyTypes: true,
      }),
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
    }
    const service = ts.createLanguageService(host)
    const hover = (expression: string) => {
      const info = service.getQuickInfoAtPosition(user, text.lastIndexOf(expression) + expression.indexOf('.') + 1)
      return ts.displayPartsToString(info?.documentation)
    }
    expect(hover('experiment.feature_flag_key')).toMatch(/feature flag/i)
    expect(hover('hogFunction.hog')).not.toBe('')
    expect(hover('filter.operator')).toMatch(/comparison/i)
    expect(hover('list.search')).not.toBe('')
    expect(hover('metric.source')).toMatch(/measured/i)
  })
})
