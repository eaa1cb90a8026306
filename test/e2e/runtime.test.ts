import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }

// `npm run test:runtimes` sets EXPECT_NODE_MAJOR, so a run that silently fell back to another Node fails here.
it('runs on a Node the package supports, the binary it names, and the major the runner asked for', () => {
  const major = Number(process.versions.node.split('.')[0])
  const minimum = Number(/^>=\s*(\d+)$/.exec(pkg.engines.node)?.[1])
  expect(minimum).toBe(20)
  expect(major).toBeGreaterThanOrEqual(minimum)
  expect(process.version).toBe(`v${process.versions.node}`)
  // The node binary at execPath is the one running this test (not another Node on PATH).
  expect(execFileSync(process.execPath, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()).toBe(process.versions.node)
  const asked = process.env.EXPECT_NODE_MAJOR
  if (asked !== undefined) expect(major).toBe(Number(asked))
  console.log(`e2e on Node ${process.version}${asked === undefined ? '' : ` (asked for ${asked})`}`)
})
