import { afterEach, describe, expect, it } from 'vitest'
import { BadRequestError, NotFoundError, PermissionDeniedError, ProjectClient } from '../../src/index.js'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'

/** The fake's several projects, through the client over a real socket. */
describe('fake API: several projects', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  async function serve(fake: FakeApi) {
    const server = await fake.listen()
    close = server.close
    return (projectId: number) => new ProjectClient({ ...fake.clientOptions(server.url), projectId, maxRetries: 0 })
  }

  it('keeps state per project: a record made in one is not in another', async () => {
    const fake = createFakeApi({ projects: [1, 7, 8] })
    const clientFor = await serve(fake)
    fake.seed.experiments([{ name: 'in one' }])
    fake.seed.experiments([{ name: 'in seven' }, { name: 'also in seven' }], { projectId: 7 })
    const created = await clientFor(8).eventDefinitions.list()
    expect(created.results).toEqual([])

    expect((await clientFor(1).experiments.list()).results.map((item) => item.name)).toEqual(['in one'])
    expect((await clientFor(7).experiments.list()).results.map((item) => item.name).sort()).toEqual([
      'also in seven',
      'in seven',
    ])
    expect(fake.stateOf(7).experiments.size).toBe(2)
    expect(fake.state.experiments.size).toBe(1)
    // Ids come from one sequence, as in the service's database: no two projects share one.
    const ids = [...fake.state.experiments.keys(), ...fake.stateOf(7).experiments.keys()]
    expect(new Set(ids).size).toBe(3)
    await expect(clientFor(1).experiments.retrieve(ids[1]!)).rejects.toBeInstanceOf(NotFoundError)
    expect(fake.projects).toEqual([1, 7, 8])
  })

  it('[C8] with `projects`, only those exist: another id answers 404 Project not found.', async () => {
    const fake = createFakeApi({ projects: [3, 4] })
    expect(fake.projectId).toBe(3)
    expect(fake.projects).toEqual([3, 4])
    const clientFor = await serve(fake)
    fake.seed.surveys(2, { projectId: 4 })
    expect((await clientFor(4).surveys.list()).count).toBe(2)
    expect((await clientFor(3).surveys.list()).count).toBe(0)
    const error = await clientFor(5)
      .surveys.list()
      .then(
        () => undefined,
        (reason: unknown) => reason,
      )
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).detail).toBe('Project not found.')
    expect(() => fake.seed.surveys(1, { projectId: 5 })).toThrow(/no project 5/)
    expect(() => fake.stateOf(5)).toThrow(TypeError)
  })

  it(
    '[C14] by default only the project of clientOptions() exists: ' + 'another id is refused as the service refuses it',
    async () => {
      const fake = createFakeApi({ projectId: 12345, unreachableProjects: [777] })
      expect(fake.projects).toEqual([12345])
      const clientFor = await serve(fake)
      expect((await clientFor(12345).experiments.list()).results).toEqual([])
      const wrong = await clientFor(12346)
        .experiments.list()
        .then(
          () => undefined,
          (reason: unknown) => reason,
        )
      expect(wrong).toBeInstanceOf(NotFoundError)
      expect((wrong as NotFoundError).body).toEqual({
        type: 'invalid_request',
        code: 'not_found',
        detail: 'Project not found.',
        attr: null,
      })
      const unreachable = await clientFor(777)
        .experiments.list()
        .then(
          () => undefined,
          (reason: unknown) => reason,
        )
      expect(unreachable).toBeInstanceOf(PermissionDeniedError)
      expect((unreachable as PermissionDeniedError).body).toEqual({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "You don't have access to the project.",
        attr: null,
      })
      // The client's message says the project is out of reach, not that a scope is missing.
      expect((unreachable as PermissionDeniedError).message).toMatch(
        /failed with 403: You don't have access to the project\. — the key cannot reach this project: check projectId/,
      )
      expect(() => fake.seed.experiments(1, { projectId: 12346 })).toThrow(
        /no project 12346 .*declare others with createFakeApi\(\{ projects \}\)/,
      )
    },
  )

  it('refuses inconsistent options', () => {
    expect(() => createFakeApi({ projects: [] })).toThrow(TypeError)
    expect(() => createFakeApi({ projects: [1, 1] })).toThrow(TypeError)
    expect(() => createFakeApi({ projects: [1, 0] })).toThrow(TypeError)
    expect(() => createFakeApi({ projects: [1, 2], projectId: 3 })).toThrow(/not one of projects/)
    expect(() => createFakeApi({ projects: [1, 2], organizationTeamIds: [1, 2, 9] })).toThrow(/not in projects/)
    expect(() => createFakeApi({ organizationTeamIds: [1, 2] })).toThrow(/not in projects/)
    expect(() => createFakeApi({ projects: [1, 2], unreachableProjects: [2] })).toThrow(/also in projects/)
    expect(() => createFakeApi({ unreachableProjects: [] })).toThrow(TypeError)
  })

  it('a duplicated survey is readable in its target project; the source project keeps one', async () => {
    const fake = createFakeApi({ projects: [1, 2, 3] })
    const clientFor = await serve(fake)
    const [survey] = fake.seed.surveys([{ name: 'Checkout NPS' }])
    const result = await clientFor(1).surveys.duplicateToProjects(survey!.id, { target_team_ids: [2, 3] })
    expect(result.count).toBe(2)
    for (const created of result.created_surveys!) {
      const copy = await clientFor(created.team_id!).surveys.retrieve(created.survey_id!)
      expect(copy.name).toMatch(/^Checkout NPS \(duplicated at /)
      expect(copy.start_date).toBeNull()
      // Not in the source project.
      await expect(clientFor(1).surveys.retrieve(created.survey_id!)).rejects.toBeInstanceOf(NotFoundError)
    }
    expect((await clientFor(1).surveys.list()).count).toBe(1)
    expect((await clientFor(2).surveys.list()).count).toBe(1)
    expect(fake.state.surveyCopies.map((copy) => copy.team_id)).toEqual([2, 3])
  })

  it('duplicate_to_projects stays all-or-nothing: one unknown target, no copy anywhere', async () => {
    const fake = createFakeApi({ projects: [1, 2] })
    const clientFor = await serve(fake)
    const [survey] = fake.seed.surveys(1)
    await expect(
      clientFor(1).surveys.duplicateToProjects(survey!.id, { target_team_ids: [2, 3] }),
    ).rejects.toBeInstanceOf(BadRequestError)
    expect(fake.stateOf(2).surveys.size).toBe(0)
    expect(fake.state.surveys.size).toBe(1)
    expect(fake.state.surveyCopies).toEqual([])
  })

  it('reset() empties every project and keeps the projects', async () => {
    const closed = createFakeApi({ projects: [1, 2] })
    closed.seed.surveys(1, { projectId: 2 })
    closed.reset()
    expect(closed.stateOf(2).surveys.size).toBe(0)
    expect(closed.projects).toEqual([1, 2])
  })
})
