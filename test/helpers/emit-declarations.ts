import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { emittedDeclarations } from './declarations.js'

/**
 * `npm run typecheck`'s emit of the SDK's declarations for the type tests (test/types/tsconfig.json reads
 * them from .tmp/type-tests): the shared emit of test/helpers/declarations.ts, so the docs tests that
 * read the declarations find them made instead of emitting them again. Fails on the emit's diagnostics.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const { dir, diagnostics } = emittedDeclarations()
if (diagnostics.length > 0) {
  console.error(diagnostics.join('\n'))
  process.exit(1)
}
const out = join(root, '.tmp', 'type-tests')
rmSync(out, { recursive: true, force: true })
cpSync(dir, out, { recursive: true })
