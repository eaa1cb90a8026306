import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { compileHog, HogCompileError, runHog } from 'posthog-project-client/hog'
import { Op } from '../../src/hog/opcodes.js'

const H = ['_H', 1] as const
const expr = (source: string) => compileHog(source, { expression: true })

/** The VM's own names for its opcodes (its `operations` table). */
const vmOperations = createRequire(import.meta.url)('@posthog/hogvm').operations as string[]

describe('compileHog: opcodes and header [H1] [H2]', () => {
  it('[H2] names every opcode as @posthog/hogvm does, with its number', () => {
    for (const [name, code] of Object.entries(Op)) expect(vmOperations[code]).toBe(name)
    expect(Object.keys(Op)).toHaveLength(vmOperations.length - 1)
  })

  it('[H1] starts every compile with _H and version 1', async () => {
    expect(await expr('true')).toEqual([...H, Op.TRUE])
    expect(await compileHog('')).toEqual([...H])
  })
})

// The expected arrays below are PostHog's: from its compiler tests (posthog/hogql/compiler/test/test_bytecode.py)
// and its VM snapshots (common/hogvm/__tests__/__snapshots__/*.hoge), as docs/service-behaviour.md §13 cites.
describe("compileHog: PostHog's own expected bytecode [H3] [H4] [H6] [H12] [H17]", () => {
  it('[H3] pushes the right operand first; and/or flatten with a count', async () => {
    expect(await expr('1 + 2')).toEqual([...H, 33, 2, 33, 1, 6])
    expect(await expr('1 and 2')).toEqual([...H, 33, 1, 33, 2, 3, 2])
    expect(await expr('1 or (2 and 1) or 2')).toEqual([...H, 33, 1, 33, 2, 33, 1, 3, 2, 33, 2, 4, 3])
    expect(await expr('(1 or 2) and (1 or 2)')).toEqual([...H, 33, 1, 33, 2, 4, 2, 33, 1, 33, 2, 4, 2, 3, 2])
    expect(await expr("'string' !~* 'regex'")).toEqual([...H, 32, 'regex', 32, 'string', Op.NOT_IREGEX])
    expect(await expr("'string' ~ 'regex'")).toEqual([...H, 32, 'regex', 32, 'string', Op.REGEX])
    expect(await expr('1 not in 2')).toEqual([...H, 33, 2, 33, 1, Op.NOT_IN])
  })

  it('[H4] compiles 1.0 and 3.14 as FLOAT, 1 as INTEGER', async () => {
    expect(await expr('3.14')).toEqual([...H, Op.FLOAT, 3.14])
    // common/hogvm/__tests__/numericEquality.hog, first lines
    const bytecode = await compileHog(
      "let one := 1\nlet oneFloat := 1.0\nlet thousand := 1000\nlet thousandFloat := 1000.0\nlet s := '1.0'",
    )
    expect(bytecode).toEqual([...H, 33, 1, 34, 1, 33, 1000, 34, 1000, 32, '1.0', 35, 35, 35, 35, 35])
    expect(await compileHog('return [1.0, 1e3, 2, -1.5]')).toEqual([...H, 34, 1, 34, 1000, 33, 2, 34, -1.5, 43, 4, 38])
  })

  it('[H6] reads a global chain reversed; calls push arguments in order', async () => {
    expect(await expr('properties.bla')).toEqual([...H, 32, 'bla', 32, 'properties', 1, 2])
    expect(await expr("concat('arg', 'another')")).toEqual([...H, 32, 'arg', 32, 'another', 2, 'concat', 2])
  })

  it('[H12] inlines not, and, or, ifNull and between', async () => {
    expect(await expr('ifNull(properties.email, false)')).toEqual([
      ...H,
      32,
      'email',
      32,
      'properties',
      1,
      2,
      47,
      2,
      35,
      30,
    ])
    expect(await expr("not('test')")).toEqual([...H, 32, 'test', 5])
    expect(await expr("or('test', 'test2')")).toEqual([...H, 32, 'test', 32, 'test2', 4, 2])
    expect(await expr('1 between 1 and 10')).toEqual([...H, 33, 1, 33, 1, 14, 33, 10, 33, 1, 16, 3, 2])
    expect(await expr('1 not between 1 and 10')).toEqual([...H, 33, 1, 33, 1, 15, 33, 10, 33, 1, 13, 4, 2])
  })

  it('[H17] sql(1 + 1) is the AST as a dict', async () => {
    expect(await expr('sql(1 + 1)')).toEqual([
      ...H,
      32,
      '__hx_ast',
      32,
      'ArithmeticOperation',
      32,
      'left',
      32,
      '__hx_ast',
      32,
      'Constant',
      32,
      'value',
      33,
      1,
      42,
      2,
      32,
      'right',
      32,
      '__hx_ast',
      32,
      'Constant',
      32,
      'value',
      33,
      1,
      42,
      2,
      32,
      'op',
      32,
      '+',
      42,
      4,
    ])
  })

  it('[H10] [H15] functions, lambdas and try/catch as in catchAfterReturn.hoge', async () => {
    const source =
      'fun safeParse(text) {\n  try {\n    return jsonParse(text)\n  } catch (e) {\n    return null\n  }\n}'
    expect(await compileHog(source)).toEqual([
      ...H,
      52,
      'safeParse',
      1,
      0,
      26,
      50,
      10,
      36,
      0,
      2,
      'jsonParse',
      1,
      38,
      51,
      39,
      13,
      36,
      1,
      32,
      'type',
      45,
      31,
      38,
      39,
      2,
      35,
      49,
      35,
      35,
      31,
      38,
      53,
      0,
      35,
    ])
    const lambda =
      'let mapped := arrayMap(x -> {\n  try {\n    return x * 2\n  } catch (e) {\n    return -1\n  }\n}, [1, 2])'
    expect(await compileHog(lambda)).toEqual([
      ...H,
      52,
      'lambda',
      1,
      0,
      27,
      50,
      10,
      33,
      2,
      36,
      0,
      8,
      38,
      51,
      39,
      14,
      36,
      1,
      32,
      'type',
      45,
      33,
      -1,
      38,
      39,
      2,
      35,
      49,
      35,
      35,
      31,
      38,
      53,
      0,
      33,
      1,
      33,
      2,
      43,
      2,
      2,
      'arrayMap',
      2,
      35,
    ])
  })

  it('[H10] a lambda capturing a local (the VM package test "can serialize/unserialize lambdas")', async () => {
    const source = 'let x := 2\nlet l := (a, b) -> a + b + x\nsleep(2)\nx := 10\nreturn l(4, 3)'
    expect(await compileHog(source)).toEqual([
      ...H,
      33,
      2,
      52,
      'lambda',
      2,
      1,
      9,
      55,
      0,
      36,
      1,
      36,
      0,
      6,
      6,
      38,
      53,
      1,
      true,
      0,
      33,
      2,
      2,
      'sleep',
      1,
      35,
      33,
      10,
      37,
      0,
      33,
      4,
      33,
      3,
      36,
      1,
      54,
      2,
      38,
      35,
      57,
    ])
  })

  it('[H6] escaped identifiers read as properties (escapedIdentifiers.hoge)', async () => {
    const source = "let obj := {'a`b': 10, 'with space': 20}\nprint(obj.`a``b`, obj.`with space`)"
    expect(await compileHog(source)).toEqual([
      ...H,
      32,
      'a`b',
      33,
      10,
      32,
      'with space',
      33,
      20,
      42,
      2,
      36,
      0,
      32,
      'a`b',
      45,
      36,
      0,
      32,
      'with space',
      45,
      2,
      'print',
      2,
      35,
      35,
    ])
  })
})

// Expected arrays derived by hand from the rules (docs/service-behaviour.md §13); each program is also run.
describe('compileHog: every construct [H7] [H8] [H9] [H13] [H14] [H16]', () => {
  it('[H8] [H9] locals: declare, assign, read; statements pop; no implicit return', async () => {
    expect(await compileHog('let a := 1; a := a + 1; return a')).toEqual([
      ...H,
      33,
      1,
      33,
      1,
      36,
      0,
      6,
      37,
      0,
      36,
      0,
      38,
      35,
    ])
    expect(await compileHog('1 + 2;')).toEqual([...H, 33, 2, 33, 1, 6, 35])
    expect(await compileHog('let a; return')).toEqual([...H, 31, 31, 38, 35])
  })

  it('[H9] assigns into properties of a local', async () => {
    expect(await compileHog("let o := {}; o.a.b := 1; o['x'] := 2")).toEqual([
      ...H,
      42,
      0,
      36,
      0,
      32,
      'a',
      45,
      32,
      'b',
      33,
      1,
      46,
      36,
      0,
      32,
      'x',
      33,
      2,
      46,
      35,
    ])
  })

  it('[H13] if/else (an empty else adds no jump), while and for', async () => {
    const ifElse = [...H, 32, 'a', 1, 1, 40, 8, 33, 1, 2, 'print', 1, 35, 39, 6, 33, 2, 2, 'print', 1, 35]
    expect(await compileHog('if (a) { print(1) } else { print(2) }')).toEqual(ifElse)
    expect(await compileHog('if (a) { print(1) } else { }')).toEqual([
      ...H,
      32,
      'a',
      1,
      1,
      40,
      6,
      33,
      1,
      2,
      'print',
      1,
      35,
    ])
    expect(await compileHog('let i := 0; while (i < 3) { i := i + 1 }')).toEqual([
      ...H,
      33,
      0,
      33,
      3,
      36,
      0,
      15,
      40,
      9,
      33,
      1,
      36,
      0,
      6,
      37,
      0,
      39,
      -16,
      35,
    ])
    expect(await compileHog('for (let i := 0; i < 2; i := i + 1) { print(i) }')).toEqual([
      ...H,
      33,
      0,
      33,
      2,
      36,
      0,
      15,
      40,
      15,
      36,
      0,
      2,
      'print',
      1,
      35,
      33,
      1,
      36,
      0,
      6,
      37,
      0,
      39,
      -22,
      35,
    ])
    expect(await expr('multiIf(a, 1, b, 2, 3)')).toEqual([
      ...H,
      32,
      'a',
      1,
      1,
      40,
      4,
      33,
      1,
      39,
      12,
      32,
      'b',
      1,
      1,
      40,
      4,
      33,
      2,
      39,
      2,
      33,
      3,
    ])
  })

  it('[H14] for-in over keys and values in hidden locals', async () => {
    expect(await compileHog("for (let k, v in {'a': 1}) { print(k, v) }")).toEqual([
      ...H,
      32,
      'a',
      33,
      1,
      42,
      1,
      36,
      0,
      2,
      'keys',
      1,
      36,
      0,
      2,
      'values',
      1,
      33,
      1,
      36,
      2,
      2,
      'length',
      1,
      31,
      31,
      36,
      4,
      36,
      3,
      16,
      40,
      31,
      36,
      1,
      36,
      3,
      45,
      37,
      5,
      36,
      2,
      36,
      3,
      45,
      37,
      6,
      36,
      5,
      36,
      6,
      2,
      'print',
      2,
      35,
      36,
      3,
      33,
      1,
      6,
      37,
      3,
      39,
      -38,
      35,
      35,
      35,
      35,
      35,
      35,
      35,
    ])
  })

  it('[H7] nullish chains and ??', async () => {
    expect(await expr('event?.properties?.x')).toEqual([...H, 32, 'event', 1, 1, 32, 'properties', 48, 32, 'x', 48])
    expect(await expr('a ?? b')).toEqual([...H, 32, 'a', 1, 1, 47, 5, 35, 32, 'b', 1, 1])
  })

  it('[H10] closures: an inner function capturing an outer local closes it on leaving', async () => {
    const source = 'fun outer() {\n  let x := 1\n  fun inner() { return x }\n  return inner\n}\nprint(outer()())'
    const bytecode = await compileHog(source)
    expect(bytecode).toEqual([
      ...H,
      52,
      'outer',
      0,
      0,
      19,
      33,
      1,
      52,
      'inner',
      0,
      1,
      3,
      55,
      0,
      38,
      53,
      1,
      true,
      0,
      36,
      1,
      38,
      35,
      57,
      53,
      0,
      36,
      0,
      54,
      0,
      54,
      0,
      2,
      'print',
      1,
      35,
      35,
    ])
    expect((await runHog(bytecode)).logs).toEqual([{ level: 'info', message: '1' }])
  })

  it('[H16] f-strings and templates lower to concat', async () => {
    expect(await compileHog("return f'hi {event.event}!'")).toEqual([
      ...H,
      32,
      'hi ',
      32,
      'event',
      32,
      'event',
      1,
      2,
      32,
      '!',
      2,
      'concat',
      3,
      38,
    ])
    const template = (source: string) => compileHog(source, { template: true })
    expect(await template('Hello {event.event}')).toEqual([
      ...H,
      32,
      'Hello ',
      32,
      'event',
      32,
      'event',
      1,
      2,
      2,
      'concat',
      2,
    ])
    expect(await template('{event}')).toEqual([...H, 32, 'event', 1, 1])
    expect(await template('https://hooks.example.com/posthog')).toEqual([...H, 32, 'https://hooks.example.com/posthog'])
    expect(await template('{person.id}')).toEqual([...H, 32, 'id', 32, 'person', 1, 2])
  })

  it('[H17] a tag is a dict with __hx_tag; [H5] a boolean inside sql() is an INTEGER', async () => {
    expect(await compileHog('<Sparkline data={[1,2,3]} />')).toEqual([
      ...H,
      32,
      '__hx_tag',
      32,
      'Sparkline',
      32,
      'data',
      33,
      1,
      33,
      2,
      33,
      3,
      43,
      3,
      42,
      2,
      35,
    ])
    expect(await expr('sql(true)')).toEqual([...H, 32, '__hx_ast', 32, 'Constant', 32, 'value', 33, true, 42, 2])
  })

  it('runs what it compiles: closures keep state, loops and catches behave', async () => {
    const source = [
      'fun counter() { let n := 0; return () -> { n := n + 1; return n } }',
      'let c := counter(); c(); print(c())',
      "let total := 0; for (let k, v in {'a': 1, 'b': 2}) { total := total + v }; print(total)",
      "try { throw RetryError('no') } catch (e: RetryError) { print('retry', e.message) } catch (e) { print('other') }",
      "let s := null; print(s?.x ?? 'fallback', [1, 2, 3][-1], (1, 2).2)",
    ].join('\n')
    const run = await runHog(await compileHog(source))
    expect(run.error).toBeNull()
    expect(run.logs.map((log) => log.message)).toEqual(['2', '3', 'retry no', 'fallback 3 2'])
  })
})

describe('compileHog: errors [H7] [H9] [H12] [H15] [H17] [H19]', () => {
  async function failure(source: string, options = {}): Promise<HogCompileError> {
    const error: unknown = await compileHog(source, options).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HogCompileError)
    return error as HogCompileError
  }

  it('[H19] a syntax error has a 1-based line and a 0-based column from its offset', async () => {
    const error = await failure('let a := 1\nlet b := (')
    expect([error.line, error.column]).toEqual([2, 10])
    expect(error.message).toMatch(/^SyntaxError: /)
    expect((await failure('Hi {event', { template: true })).line).toBe(1)
  })

  it('names what does not compile', async () => {
    expect((await failure('1 in cohort 3', { expression: true })).message).toContain(
      "Can't use cohorts in real-time filters. Please inline the relevant expressions (cohort id=3).",
    )
    expect((await failure('globalVar := 1')).message).toContain(
      'Variable "globalVar" not declared in this scope. Can not assign to globals.',
    )
    expect((await failure('let a := 1; let a := 2')).message).toContain('Variable `a` already declared in this scope')
    expect((await failure('return [1, 2][0]')).message).toContain('Array access starts from 1')
    expect((await failure('try { print(1) } catch (e) { } finally { print(2) }')).message).toContain(
      'finally blocks are not yet supported',
    )
    expect((await failure('(select 1)', { expression: true })).message).toContain('SELECT query')
    const inSql = await failure('sql(x in (select 1))', { expression: true })
    expect(inSql.message).toMatch(/not supported/)
    expect([inSql.line, inSql.column]).toEqual([1, 10])
  })
})

describe('compileHog: the same source again', () => {
  it('gives an equal bytecode each call, each caller its own copy', async () => {
    const source = "let x := {'a': [1, 2]}\nprint(x)"
    const first = await compileHog(source)
    const copy = structuredClone(first)
    first.push('changed by its caller')
    first.splice(2, 1, 999)
    expect(await compileHog(source)).toEqual(copy)
    // A mode is part of what is remembered: a template of the same text compiles as a template.
    expect(await compileHog("'a'", { template: true })).not.toEqual(await compileHog("'a'", { expression: true }))
  })
})
