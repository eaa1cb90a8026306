import { beforeAll, describe, expect, it } from 'vitest'
import { useE2E } from '../../helpers/fake-server.js'
import { prng } from '../../helpers/prng.js'

const TOTAL = 10_000
const PAGE = 100
const FAULT_RATE = 0.2
const SEED = 20_251_123
const TIMEOUT = 400
type Chaos = '500' | '502' | '503' | '429' | 'drop' | 'hang'
const KINDS: Chaos[] = ['500', '502', '503', '429', 'drop', 'hang']

/**
 * 10,000 items over a real socket while a seeded fifth of the requests fail: the fault is chosen when
 * the client sends each request (a `fetch` wrapper queues it in the fake just before the real socket
 * request), so retries are as likely to fail as first attempts.
 */
describe('chaos pagination', () => {
  const e2e = useE2E()
  let expected: number[]
  beforeAll(() => {
    expected = e2e.fake.seed
      .experiments(TOTAL)
      .map((experiment) => experiment.id)
      .reverse()
  })

  it(
    `walks ${TOTAL.toLocaleString('en')} items exactly once, in order, through ~${FAULT_RATE * 100}% random ` +
      `faults`,
    async () => {
      const random = prng(SEED)
      const injected: Record<Chaos, number> = { 500: 0, 502: 0, 503: 0, 429: 0, drop: 0, hang: 0 }
      const { faults } = e2e.fake
      const fetch: typeof globalThis.fetch = (input, init) => {
        if (random() < FAULT_RATE) {
          const kind = KINDS[Math.floor(random() * KINDS.length)]!
          injected[kind] += 1
          if (kind === 'drop') faults.dropNext(1)
          else if (kind === 'hang') faults.hangNext(1)
          else if (kind === '429') faults.failNext(1, { status: 429, retryAfter: 0 })
          else faults.failNext(1, { status: Number(kind) })
        }
        return globalThis.fetch(input, init)
      }
      const client = e2e.client({ fetch, timeout: TIMEOUT, maxRetries: 10 })
      const started = performance.now()
      const ids: number[] = []
      for await (const experiment of client.experiments.list({ limit: PAGE })) ids.push(experiment.id)
      const ms = Math.round(performance.now() - started)

      expect(ids).toHaveLength(TOTAL)
      expect(new Set(ids).size).toBe(TOTAL)
      expect(ids).toEqual(expected)
      expect(faults.pending).toBe(0)

      const requests = e2e.fake.requests
      const met = requests.filter((request) => request.fault !== null)
      const statuses = met.filter((request) => request.fault === 'status').map((request) => request.status)
      const totalFaults = Object.values(injected).reduce((a, b) => a + b, 0)
      // The fake saw exactly the faults the wrapper queued, and every other request was a clean 200.
      expect(met).toHaveLength(totalFaults)
      expect(statuses.filter((status) => status === 429)).toHaveLength(injected[429])
      expect(met.filter((request) => request.fault === 'drop')).toHaveLength(injected.drop)
      expect(met.filter((request) => request.fault === 'hang')).toHaveLength(injected.hang)
      expect(requests.filter((request) => request.fault === null).every((request) => request.status === 200)).toBe(true)
      // At least one clean answer per page; more only if a clean answer outlasted the client's timeout on a loaded
      // machine.
      const clean = requests.filter((request) => request.fault === null).length
      expect(clean).toBeGreaterThanOrEqual(TOTAL / PAGE)
      expect(clean).toBeLessThan(TOTAL / PAGE + 5)
      expect(requests).toHaveLength(clean + totalFaults)
      expect(totalFaults).toBeGreaterThan(0.1 * requests.length)
      expect(KINDS.every((kind) => injected[kind] > 0)).toBe(true)

      console.log(
        `[reliability] chaos pagination: items=${ids.length} lost=${TOTAL - new Set(ids).size} ` +
          `duplicated=${ids.length - new Set(ids).size} ` +
          (`requests=${requests.length} faults=${totalFaults} ` +
            `(${KINDS.map((kind) => `${kind}:${injected[kind]}`).join(' ')}) ms=${ms}`),
      )
    },
  )
})
