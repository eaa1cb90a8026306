import { execFileSync } from 'node:child_process'
import { cpSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cachedBuild } from './build-cache.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The package as `npm run build`'s tsup step builds it, staged as an installed package would be (a copy of
 * package.json, node_modules linked, dist/ built), so `posthog-project-client` resolves to this build from
 * inside it: made once for the current sources and shared, read only (test/package/build.test.ts; the
 * command's tests copy the build without declarations, which the command does not need and which take
 * most of the build's time). It never touches ./dist.
 */
export function builtPackage(options: { declarations: boolean }): string {
  const name = options.declarations ? 'package' : 'package-code'
  return cachedBuild(name, ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsup.config.ts'], (dir) => {
    cpSync(join(root, 'package.json'), join(dir, 'package.json'))
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
    const flags = options.declarations ? [] : ['--no-dts']
    // tsup's bin run by node itself (not npx: no npm start-up); a build that hangs fails instead of waiting forever.
    const tsup = join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js')
    execFileSync(process.execPath, [tsup, '--silent', ...flags, '--out-dir', join(dir, 'dist')], {
      cwd: root,
      stdio: 'pipe',
      timeout: 5 * 60_000,
    })
  })
}
