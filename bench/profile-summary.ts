/**
 * Summarises a `.cpuprofile`: self time per function and per area (ky, zod, the SDK's files, undici,
 * other node internals, GC). `npx tsx bench/profile-summary.ts file.cpuprofile [top]`
 */
import { readFileSync } from 'node:fs'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export function area(frame: CallFrame): string {
  const { url, functionName } = frame
  if (!url) return functionName.startsWith('(') ? functionName : '(native/builtin)'
  if (url.includes('/node_modules/ky/')) return 'ky'
  if (url.includes('/node_modules/zod/')) return 'zod'
  if (url.includes('/node_modules/')) return url.replace(/^.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1')
  if (url.includes('undici')) return 'undici (fetch)'
  if (url.startsWith('node:')) return 'node internals'
  const source = /\/(src|bench)\/(.+)$/.exec(url)
  return source ? `${source[1]}/${source[2]}` : url
}

function label(frame: CallFrame): string {
  return (
    `${frame.functionName || '(anonymous)'} ` +
    `${frame.url ? `${frame.url.replace(/^.*\/(node_modules|src|bench)\//, '$1/')}:${frame.lineNumber + 1}` : ''}`
  )
}

export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfUs = new Map<number, number>()
  let total = 0
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta)
    total += delta
  })
  const byFunction = new Map<string, number>()
  const byArea = new Map<string, number>()
  for (const [id, time] of selfUs) {
    const frame = byId.get(id)!.callFrame
    const name = label(frame)
    byFunction.set(name, (byFunction.get(name) ?? 0) + time)
    const group = area(frame)
    byArea.set(group, (byArea.get(group) ?? 0) + time)
  }
  const busy = total - (byArea.get('(idle)') ?? 0)
  const pct = (time: number) => `${((time / busy) * 100).toFixed(1).padStart(5)}%`
  const lines = [
    `total ${(total / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms (percentages of busy)`,
    '',
    'self time by area:',
  ]
  for (const [name, time] of [...byArea].sort((a, b) => b[1] - a[1]))
    if (name !== '(idle)') lines.push(`  ${pct(time)}  ${name}`)
  lines.push('', `top ${top} functions by self time:`)
  for (const [name, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    if (!name.startsWith('(idle)')) lines.push(`  ${pct(time)}  ${name}`)
  // Inclusive ("total") time: self time of a node and of everything below it, counted once per
  // function even when it recurses.
  const parents = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const inclusive = new Map<string, number>()
  for (const [id, time] of selfUs) {
    const seen = new Set<string>()
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const name = label(byId.get(current)!.callFrame)
      if (seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + time)
    }
  }
  const ours = [...inclusive]
    .filter(([name]) => /(src\w*|node_modules\/(ky|zod))\//.test(name))
    .sort((a, b) => b[1] - a[1])
  lines.push('', `top ${top} SDK, ky and zod functions by total (inclusive) time:`)
  for (const [name, time] of ours.slice(0, top)) lines.push(`  ${pct(time)}  ${name}`)
  return lines.join('\n')
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, '/bench/'))) {
  const file = process.argv[2]
  if (!file) throw new Error('usage: profile-summary.ts file.cpuprofile [top]')
  process.stdout.write(
    `${summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(process.argv[3] ?? 25))}\n`,
  )
}
