import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { cachedBuild } from './build-cache.js'

/**
 * The SDK's declarations as the package ships them, emitted the way `npm run typecheck` emits them for
 * test/types (test/types/tsconfig.emit.json): once for the current sources, shared by the tests that read
 * them (docs/docs.test.ts, docs/hovers.test.ts).
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The emitted declarations' folder, and the emit's diagnostics (none, when the declarations are whole). */
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
      const { diagnostics } = ts.createProgram(config.fileNames, config.options).emit()
      const messages = diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      writeFileSync(join(out, 'diagnostics.json'), JSON.stringify(messages))
    },
  )
  return { dir, diagnostics: JSON.parse(readFileSync(join(dir, 'diagnostics.json'), 'utf8')) as string[] }
}
