import { describe, expect, it } from 'vitest'
import { formatPlan, type Plan } from 'posthog-project-client/config'

/** formatPlan: the same plan for a terminal, a pull-request comment and a program. */
describe('formatPlan', () => {
  const plan: Plan = {
    changes: [
      { kind: 'experiments', key: 'checkout', action: 'create' },
      {
        kind: 'hogFunctions',
        key: 'Order <webhook>',
        action: 'update',
        id: 'f1',
        fields: [
          { path: 'inputs.api_token.value', before: '(secret)', after: '(secret)' },
          { path: 'hog', before: 'a | b', after: undefined },
        ],
      },
      { kind: 'surveys', key: 'Old', action: 'delete', id: 's1' },
      { kind: 'endpoints', key: 'top', action: 'unchanged', id: 'top' },
    ],
    errors: [],
    warnings: [
      { kind: 'experiments', key: 'checkout', message: 'holdout_id 3 means nothing in the target project: not sent' },
    ],
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
    expect(text).toContain(
      '### PostHog plan: 1 to create, 1 to update, 1 to delete, 1 unchanged\n\n| | Kind | Key | Change ' +
        '|\n|---|---|---|---|\n| + | experiments | checkout | create |\n',
    )
    expect(text).toContain('<details><summary>hog-functions Order &#60;webhook&#62;: 2 fields</summary>')
    expect(text).toContain('| <code>hog</code> | <code>"a &#124; b"</code> | <code>(absent)</code> |')
    expect(text).toContain(
      '**Warnings**\n\n- experiments <code>checkout</code>: holdout&#95;id 3 means nothing in the target ' +
        'project: not sent\n',
    )
  })

  it('json: the plan as it is; an unknown format is refused', () => {
    expect(JSON.parse(formatPlan(plan, 'json'))).toEqual(JSON.parse(JSON.stringify(plan)))
    expect(() => formatPlan(plan, 'yaml' as never)).toThrow(
      'Invalid argument `format`: expected text, markdown, json, got "yaml"',
    )
  })

  it(
    'markdown: every key, path, value and message is inert (no HTML, comment, mention, issue link, link or line ' +
      'break escapes its cell)',
    () => {
      const hostile = '<img src=x> @team #12 [link](http://x) www.example.com | `code` *bold*\n<!-- hidden'
      const hostilePlan: Plan = {
        changes: [
          { kind: 'surveys', key: hostile, action: 'create' },
          {
            kind: 'surveys',
            key: `${hostile} 2`,
            action: 'update',
            id: hostile,
            fields: [{ path: `questions[0]["${hostile}"]`, before: hostile, after: { [hostile]: hostile } }],
          },
        ],
        errors: [{ kind: 'surveys', key: hostile, message: hostile }],
        warnings: [{ kind: 'surveys', key: hostile, message: hostile }],
      }
      const text = formatPlan(hostilePlan, 'markdown')
      expect(text).not.toMatch(/<img|<!--|@team|#12 |\[link\]\(|http:\/\/|www\.example|<code>`|\*bold\*/)
      expect(text).toContain(
        '&#60;img src=x&#62; @\u2060team #\u206012 &#91;link&#93;(http:\u2060//x) www\u2060.example.com &#124; ' +
          '&#96;code&#96; &#42;bold&#42;⏎&#60;!-- hidden',
      )
      // No line break escapes: every line is a heading, a table row, a list item, a tag or blank, and each row has its
      // cells.
      const lines = text.trimEnd().split('\n')
      for (const line of lines) expect(line).toMatch(/^(###|\||- |<details>|<\/details>|\*\*|$)/)
      // The changes table (header, rule, two rows) has 4 cells a row, the fields table (header, rule, one row) 3.
      expect(lines.filter((line) => line.startsWith('|')).map((row) => row.split('|').length - 2)).toEqual([
        4, 4, 4, 4, 3, 3, 3,
      ])
      expect(lines.filter((line) => line.startsWith('- '))).toHaveLength(2)
    },
  )

  const hog = (lines: string[]) => lines.join('\n')
  const before = hog([
    'let a := 1',
    'let b := 2',
    'let c := 3',
    'let d := 4',
    'let e := 5',
    'let f := 6',
    'let g := 7',
    'let h := 8',
    'let url := inputs.url',
    'fetch(url, {"method": "POST"})',
    'print("done")',
  ])
  const after = before.replace('"POST"', '"PUT"').replace('let a := 1', 'let a := 10')
  const long = 'x'.repeat(400)
  const located: Plan = {
    changes: [
      {
        kind: 'hogFunctions',
        key: 'Order webhook',
        action: 'update',
        id: 'f1',
        fields: [
          { path: 'hog', before, after },
          { path: 'description', before: `${long}a`, after: `${long}b` },
          { path: 'query.query', before: undefined, after: 'select 1\nfrom events' },
        ],
      },
    ],
    errors: [],
    warnings: [],
    project: { id: '222', host: 'https://eu.posthog.com' },
  }

  it('text: names the project and host, shows a changed multi-line string as a line diff and cuts no value', () => {
    expect(formatPlan(located)).toBe(
      [
        'Plan for project 222 (https://eu.posthog.com): 0 to create, 1 to update, 0 to delete, 0 unchanged.',
        '~ hog-functions "Order webhook" (update, id f1)',
        '    hog: (lines)',
        '      @@ -1,4 +1,4 @@',
        '      -let a := 1',
        '      +let a := 10',
        '       let b := 2',
        '       let c := 3',
        '       let d := 4',
        '      @@ -7,5 +7,5 @@',
        '       let g := 7',
        '       let h := 8',
        '       let url := inputs.url',
        '      -fetch(url, {"method": "POST"})',
        '      +fetch(url, {"method": "PUT"})',
        '       print("done")',
        `    description: "${long}a" → "${long}b"`,
        '    query.query: (lines)',
        '      before: (absent)',
        '      @@ -0,0 +1,2 @@',
        '      +select 1',
        '      +from events',
        '',
      ].join('\n'),
    )
  })

  it('markdown: names the project and host; a line diff in a fence no line can close; long values whole', () => {
    const fenceBreaker: Plan = {
      ...located,
      changes: [
        {
          ...located.changes[0]!,
          fields: [{ path: 'hog', before: 'a\n```\nb', after: 'a\n````\nb' }, ...located.changes[0]!.fields!.slice(1)],
        },
      ],
    }
    const text = formatPlan(fenceBreaker, 'markdown')
    expect(text).toContain(
      '### PostHog plan for project 222 (https://eu.posthog.com): 0 to create, 1 to update, 0 to delete, 0 unchanged',
    )
    expect(text).toContain('<code>hog</code>:\n\n`````diff\n@@ -1,3 +1,3 @@\n a\n-```\n+````\n b\n`````\n')
    expect(text).toContain(`| <code>description</code> | <code>"${long}a"</code> | <code>"${long}b"</code> |`)
  })

  it('a long rewrite is still every line, old then new (no subsequence sought past a size)', () => {
    const old = Array.from({ length: 3000 }, (_, index) => `old ${index}`).join('\n')
    const rewritten = Array.from({ length: 3000 }, (_, index) => `new ${index}`).join('\n')
    const lines = formatPlan({
      changes: [
        {
          kind: 'endpoints',
          key: 'q',
          action: 'update',
          id: 'q',
          fields: [{ path: 'query.query', before: old, after: rewritten }],
        },
      ],
      errors: [],
      warnings: [],
    }).split('\n')
    expect(lines.filter((line) => line.startsWith('      -old '))).toHaveLength(3000)
    expect(lines.filter((line) => line.startsWith('      +new '))).toHaveLength(3000)
    expect(lines.findIndex((line) => line.startsWith('      +new '))).toBeGreaterThan(
      lines.findLastIndex((line) => line.startsWith('      -old ')),
    )
  })
})
