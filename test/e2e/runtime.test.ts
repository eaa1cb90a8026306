import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string }
}

// `npm run test:runtimes` sets EXPECT_NODE_VERSION (a major, or `major.minor`), so a run that silently fell
// back to another Node fails here.
it('runs on a Node the package supports, the binary it names, and the version the runner asked for', () => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number]
  // 20.19 and 22.12: the first Node 20 and 22 whose `require` loads ESM (ky is ESM only; the CommonJS build
  // requires it). Node 21 and 22.0–22.11 cannot: `^20.19.0 || >=22.12.0`.
  expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0')
  expect((major === 20 && minor >= 19) || major > 22 || (major === 22 && minor >= 12)).toBe(true)
  expect(process.version).toBe(`v${process.versions.node}`)
  // The node binary at execPath is the one running this test (not another Node on PATH).
  expect(execFileSync(process.execPath, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()).toBe(
    process.versions.node,
  )
  const asked = process.env.EXPECT_NODE_VERSION
  if (asked !== undefined) expect(`${process.versions.node}.`.startsWith(`${asked}.`)).toBe(true)
  console.log(`e2e on Node ${process.version}${asked === undefined ? '' : ` (asked for ${asked})`}`)
})
