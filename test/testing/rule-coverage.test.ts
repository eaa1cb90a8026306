import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every rule of docs/service-behaviour.md has a test of the fake naming its id in the test's title (docs
 * "How rules are named"); a rule marked `(client)` is the SDK's, not the service's, and is left to the client's tests.
 */

const ROOT = join(import.meta.dirname, '..', '..')
const RULE = /\[`([A-Z]+[0-9]+[a-z]?)`\]( \(client\))?/g
const NAMED = /\[([A-Z]+[0-9]+[a-z]?)\]/g

function rules(): { service: string[]; client: string[] } {
  const text = readFileSync(join(ROOT, 'docs', 'service-behaviour.md'), 'utf8')
  const service: string[] = []
  const client: string[] = []
  for (const match of text.matchAll(RULE)) (match[2] ? client : service).push(match[1]!)
  return { service, client }
}

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The ids the tests under test/testing name, outside comments. */
function namedIds(): Set<string> {
  const named = new Set<string>()
  for (const file of testFiles(join(ROOT, 'test', 'testing'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const code = line.trimStart()
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue
      for (const match of code.matchAll(NAMED)) named.add(match[1]!)
    }
  }
  return named
}

describe('the rules of docs/service-behaviour.md', () => {
  it('each has one id, of the documented form', () => {
    const { service, client } = rules()
    const all = [...service, ...client]
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([])
  })

  it('each rule of the service is named by a test of the fake', () => {
    const named = namedIds()
    expect(rules().service.filter((id) => !named.has(id))).toEqual([])
  })

  it('the rules marked (client) stay few', () => {
    const { service, client } = rules()
    expect(client.length).toBeLessThan(service.length / 8)
  })
})
