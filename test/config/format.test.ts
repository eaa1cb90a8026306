import { describe, expect, it } from 'vitest'
import { formatPlan, type Plan } from 'posthog-project-client/config'

/** formatPlan: the same plan for a terminal, a pull-request comment and a program. */
describe('formatPlan', () => {
  const plan: Plan = {
    changes: [
      { kind: 'experiments', key: 'checkout', action: 'create' },
      { kind: 'hogFunctions', key: 'Order <webhook>', action: 'update', id: 'f1', fields: [{ path: 'inputs.api_token.value', before: '(secret)', after: '(secret)' }, { path: 'hog', before: 'a | b', after: undefined }] },
      { kind: 'surveys', key: 'Old', action: 'delete', id: 's1' },
      { kind: 'endpoints', key: 'top', action: 'unchanged', id: 'top' },
    ],
    errors: [],
    warnings: [{ kind: 'experiments', key: 'checkout', message: 'holdout_id 3 means nothing in the target project: not sent' }],
  }

  it('text: a summary line, one line per change and per field', () => {
    expect(formatPlan(plan)).toBe(
      [
        'Plan: 1 to create, 1 to update, 1 to delete, 1 unchanged.',
        '+ experiments "checkout" (create)',
        '~ hog-functions "Order <webhook>" (update, id f1)',
        '    inputs.api_token.value: "(secret)" → "(secret)"',
        '    hog: "a | b" → (absent)',
        '- surveys "Old" (delete, id s1)',
        'Warning: experiments "checkout": holdout_id 3 means nothing in the target project: not sent',
        '',
      ].join('\n'),
    )
  })

  it('markdown: a table of changes and one folded table of fields per update, escaped', () => {
    const text = formatPlan(plan, 'markdown')
    expect(text).toContain('### PostHog plan: 1 to create, 1 to update, 1 to delete, 1 unchanged\n\n| | Kind | Key | Change |\n|---|---|---|---|\n| + | experiments | checkout | create |\n')
    expect(text).toContain('| ~ | hog-functions | Order <webhook> | update (id f1) |')
    expect(text).toContain('<details><summary>hog-functions Order &lt;webhook&gt;: 2 fields</summary>')
    expect(text).toContain('| `hog` | <code>"a &#124; b"</code> | <code>(absent)</code> |')
    expect(text).toContain('**Warnings**\n\n- experiments `checkout`: holdout_id 3 means nothing in the target project: not sent\n')
  })

  it('json: the plan as it is (kinds by their library names); an unknown format is refused', () => {
    expect(JSON.parse(formatPlan(plan, 'json'))).toEqual(JSON.parse(JSON.stringify(plan)))
    expect(formatPlan(plan, 'json')).toContain('"kind": "hogFunctions"')
    expect(() => formatPlan(plan, 'yaml' as never)).toThrow('Invalid argument `format`: expected text, markdown, json, got "yaml"')
  })
})
