import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

it("a hang through fake.fetch ends on the caller's signal, even across garbage collections", async () => {
  const fake = createFakeApi()
  fake.faults.hangNext(1)
  const answer = fake.fetch(`${fake.baseUrl}/api/projects/${fake.projectId}/experiments/`, {
    headers: { authorization: `Bearer ${fake.apiKey}` },
    signal: AbortSignal.timeout(100),
  })
  const collecting = setInterval(gc, 5)
  try {
    const outcome = await Promise.race([
      answer.then(
        () => 'answered',
        (error: Error) => error.name,
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000, 'still hanging')),
    ])
    expect(outcome).toBe('TimeoutError')
  } finally {
    clearInterval(collecting)
  }
})
