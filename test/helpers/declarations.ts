import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { cachedBuild } from './build-cache.js'

/**
 * The SDK's declarations as the package ships them, emitted once for the current sources and shared: by
 * `npm run typecheck` (test/helpers/emit-declarations.ts, for the type tests of test/types, so a run of
 * `npm test` finds them made) and by the tests that read them (docs/docs.test.ts, docs/hovers.test.ts).
 * The emit's settings are test/types/tsconfig.emit.json's.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A diagnostic as tsc prints it: `file(line,column): message`. */
function text(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
  if (!diagnostic.file) return message
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
  return `${relative(root, diagnostic.file.fileName)}(${line + 1},${character + 1}): ${message}`
}

/**
 * The emitted declarations' folder, and the emit's diagnostics (none, when the declarations are whole):
 * the options', syntax and declaration errors (type errors in src are `tsc -p tsconfig.json`'s, same flags).
 */
export function emittedDeclarations(): { dir: string; diagnostics: string[] } {
  const dir = cachedBuild(
    'declarations',
    ['src', 'tsconfig.json', 'test/types/tsconfig.emit.json', 'package-lock.json'],
    (out) => {
      const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} }
      const config = ts.getParsedCommandLineOfConfigFile(
        join(root, 'test/types/tsconfig.emit.json'),
        { outDir: out },
        host,
      )!
      const program = ts.createProgram(config.fileNames, config.options)
      const diagnostics = [
        ...config.errors,
        ...program.getOptionsDiagnostics(),
        ...program.getSyntacticDiagnostics(),
        ...program.emit().diagnostics,
        ...program.getGlobalDiagnostics(),
      ]
      writeFileSync(join(out, 'diagnostics.json'), JSON.stringify(diagnostics.map(text)))
    },
  )
  return { dir, diagnostics: JSON.parse(readFileSync(join(dir, 'diagnostics.json'), 'utf8')) as string[] }
}
