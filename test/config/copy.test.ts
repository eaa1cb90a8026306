import { describe, expect, it } from 'vitest'
import { forCopy } from '../../src/config/copy.js'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'

/** What `posthog-project copy` carries to another project, and what it reports instead of sending. */
describe('forCopy', () => {
  it('leaves lifecycle fields behind and reports a top-level id that means nothing in the target', () => {
    const { config, warnings } = forCopy({
      experiments: [
        {
          name: 'Running',
          feature_flag_key: 'running',
          start_date: '2026-11-01T00:00:00Z',
          conclusion: 'won',
          holdout_id: 4,
          description: 'kept',
        },
      ],
    })
    expect(config.experiments).toEqual([{ name: 'Running', feature_flag_key: 'running', description: 'kept' }])
    expect(warnings).toEqual([
      { kind: 'experiments', key: 'running', message: 'holdout_id 4 means nothing in the target project: not sent' },
    ])
  })

  it(
    'does not copy a hog function that names an integration or an action of the source project, in its inputs or ' +
      'a mapping',
    () => {
      const mapped = {
        type: 'destination' as const,
        name: 'Mapped',
        hog: 'print(inputs)',
        mappings: [
          {
            name: 'Alerts',
            inputs_schema: [{ type: 'integration' as const, key: 'workspace' }],
            inputs: { workspace: { value: 31 } },
          },
        ],
      }
      const { config, warnings } = forCopy({ hogFunctions: [hogFunctions.slack, mapped, hogFunctions.webhook] })
      expect(config.hogFunctions!.map((spec) => spec.name)).toEqual(['Order webhook'])
      expect(warnings.map((warning) => [warning.key, warning.message])).toEqual([
        [
          'Slack alerts',
          expect.stringContaining('(inputs.slack_workspace, mappings[1].filters.actions[0].id action 12)'),
        ],
        ['Mapped', expect.stringContaining('(mappings[0].inputs.workspace)')],
      ])
    },
  )

  it('copies only the kinds and keys selected', () => {
    const { config } = forCopy(
      {
        hogFunctions: [hogFunctions.webhook, hogFunctions.personUpdates],
        experiments: [{ name: 'A', feature_flag_key: 'a' }],
      },
      { kinds: ['hogFunctions'], keys: ['Sync person properties'] },
    )
    expect(config).toEqual({ hogFunctions: [hogFunctions.personUpdates] })
  })
})
