import { expect, it } from 'vitest'

// `npm run test:runtimes` sets EXPECT_NODE_MAJOR, so a run that silently fell back to another Node fails here.
it('runs on the Node version the runner asked for (20 or later)', () => {
  const major = Number(process.versions.node.split('.')[0])
  expect(major).toBeGreaterThanOrEqual(20)
  expect(String(major)).toBe(process.env.EXPECT_NODE_MAJOR ?? String(major))
  console.log(`e2e on Node ${process.version}`)
})
