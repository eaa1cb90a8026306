/** The machine a run happened on, for the report. */
import { readFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'

export interface Machine {
  nproc: number
  node: string
  cpu: string
}

export function machine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown'
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))
    if (match?.[1]) cpu = match[1].trim()
  } catch {
    // not Linux: keep os.cpus()
  }
  return { nproc: availableParallelism(), node: process.version, cpu }
}
