import { describe, expect, it, vi } from 'vitest'
import { experiment } from '../fixtures/experiments.js'
import { survey } from '../fixtures/surveys.js'
import { makeClient, useMswApi } from '../helpers/msw-server.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const api = useMswApi()
const client = makeClient({ maxRetries: 0 })
const SURVEY = '0190a3c4-1111-7000-8000-000000000001'
const NOW = new Date('2026-11-23T12:00:00.000Z')

describe('experiment lifecycle helpers: one PATCH of the documented fields each', () => {
  it('launch sets start_date to now by default, sent as ISO 8601 UTC', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    try {
      const sent = api.answer('patch', 'experiments/7/', { ...experiment(), id: 7, start_date: NOW.toISOString() })
      const launched = await client.experiments.launch(7)
      expectRequest(sent, { method: 'PATCH', path: 'experiments/7/', body: { start_date: '2026-11-23T12:00:00.000Z' } })
      expect(launched.start_date).toBe('2026-11-23T12:00:00.000Z')
    } finally {
      vi.useRealTimers()
    }
  })

  it('launch takes a Date or an ISO string, the string sent as given', async () => {
    const fromDate = api.answer('patch', 'experiments/7/', { ...experiment(), id: 7 })
    await client.experiments.launch(7, { start_date: new Date('2026-12-01T09:30:00+02:00') })
    expectRequest(fromDate, {
      method: 'PATCH',
      path: 'experiments/7/',
      body: { start_date: '2026-12-01T07:30:00.000Z' },
    })
    const fromString = api.answer('patch', 'experiments/8/', { ...experiment(), id: 8 })
    await client.experiments.launch(8, { start_date: '2026-12-01T09:30:00+02:00' })
    expectRequest(fromString, {
      method: 'PATCH',
      path: 'experiments/8/',
      body: { start_date: '2026-12-01T09:30:00+02:00' },
    })
  })

  it('end sets end_date and the conclusion', async () => {
    const sent = api.answer('patch', 'experiments/7/', { ...experiment(), id: 7, conclusion: 'won' })
    const ended = await client.experiments.end(7, {
      end_date: '2026-11-30T00:00:00Z',
      conclusion: 'won',
      conclusion_comment: 'Clear win',
    })
    expectRequest(sent, {
      method: 'PATCH',
      path: 'experiments/7/',
      body: { end_date: '2026-11-30T00:00:00Z', conclusion: 'won', conclusion_comment: 'Clear win' },
    })
    expect(ended.conclusion).toBe('won')
  })

  it('end without arguments sends only end_date: now', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    try {
      const sent = api.answer('patch', 'experiments/7/', { ...experiment(), id: 7 })
      await client.experiments.end(7)
      expectRequest(sent, { method: 'PATCH', path: 'experiments/7/', body: { end_date: NOW.toISOString() } })
    } finally {
      vi.useRealTimers()
    }
  })

  it('archive sets archived: true', async () => {
    const sent = api.answer('patch', 'experiments/7/', { ...experiment(), id: 7, archived: true })
    expect((await client.experiments.archive(7)).archived).toBe(true)
    expectRequest(sent, { method: 'PATCH', path: 'experiments/7/', body: { archived: true } })
  })

  it('refuses an unreadable date before sending', async () => {
    const requests = api.watchAll()
    await expectInvalidArgument(
      () => client.experiments.launch(7, { start_date: 'next week' }),
      'params.start_date',
      requests,
    )
    await expectInvalidArgument(
      () => client.experiments.end(7, { end_date: new Date(Number.NaN) }),
      'params.end_date',
      requests,
    )
  })
})

describe('survey lifecycle helpers', () => {
  it('launch, stop, resume and archive each PATCH their field', async () => {
    const launch = api.answer('patch', `surveys/${SURVEY}/`, { ...survey(), id: SURVEY })
    await client.surveys.launch(SURVEY, { start_date: new Date('2026-12-01T00:00:00Z') })
    expectRequest(launch, {
      method: 'PATCH',
      path: `surveys/${SURVEY}/`,
      body: { start_date: '2026-12-01T00:00:00.000Z' },
    })

    const stop = api.answer('patch', `surveys/${SURVEY}/`, { ...survey(), id: SURVEY })
    await client.surveys.stop(SURVEY, { end_date: '2026-12-24T18:00:00Z' })
    expectRequest(stop, { method: 'PATCH', path: `surveys/${SURVEY}/`, body: { end_date: '2026-12-24T18:00:00Z' } })

    const resume = api.answer('patch', `surveys/${SURVEY}/`, { ...survey(), id: SURVEY, end_date: null })
    expect((await client.surveys.resume(SURVEY)).end_date).toBeNull()
    expectRequest(resume, { method: 'PATCH', path: `surveys/${SURVEY}/`, body: { end_date: null } })

    const archive = api.answer('patch', `surveys/${SURVEY}/`, { ...survey(), id: SURVEY, archived: true })
    await client.surveys.archive(SURVEY)
    expectRequest(archive, { method: 'PATCH', path: `surveys/${SURVEY}/`, body: { archived: true } })
  })

  it('stop without a date stops now', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    try {
      const sent = api.answer('patch', `surveys/${SURVEY}/`, { ...survey(), id: SURVEY })
      await client.surveys.stop(SURVEY)
      expectRequest(sent, { method: 'PATCH', path: `surveys/${SURVEY}/`, body: { end_date: NOW.toISOString() } })
    } finally {
      vi.useRealTimers()
    }
  })
})
