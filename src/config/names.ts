import { createHash } from 'node:crypto'

/**
 * File names of specs: `<key>.yaml` with anything but letters, digits, `.`, `_` and `-` as `-`, unique
 * however the file system folds case, at most MAX_STEM characters before a hash, never a name Windows
 * reserves. Two keys that would meet (or a key that meets a file kept in the folder) get a hash of the key
 * each, longer until every name differs: any set of distinct keys gets distinct files.
 */

const MAX_STEM = 100
const HASH_LENGTHS = [0, 6, 12, 24, 64]
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i

export function specFileNames(keys: readonly string[], taken: ReadonlySet<string> = new Set()): string[] {
  const stems = keys.map(stemOf)
  // A cut name could meet another cut the same way: it always carries a hash.
  const levels: number[] = stems.map((stem, index) => (stem.length < slug(keys[index]!).length ? 1 : 0))
  const nameAt = (index: number) => {
    const length = HASH_LENGTHS[levels[index]!]!
    return `${stems[index]}${length ? `-${hashOf(keys[index]!).slice(0, length)}` : ''}.yaml`
  }
  for (;;) {
    const names = keys.map((_key, index) => nameAt(index))
    const holders = new Map<string, number[]>()
    names.forEach((name, index) => holders.set(fold(name), [...(holders.get(fold(name)) ?? []), index]))
    const clashing = [...holders]
      .filter(([name, indexes]) => indexes.length > 1 || taken.has(name))
      .flatMap(([, indexes]) => indexes)
    if (clashing.length === 0) return names
    for (const index of clashing) levels[index] = Math.min(levels[index]! + 1, HASH_LENGTHS.length - 1)
    if (
      clashing.every((index) => levels[index] === HASH_LENGTHS.length - 1) &&
      names.every((name, index) => name === nameAt(index))
    )
      throw new Error('two keys with the same SHA-256')
  }
}

/** How a case-insensitive file system compares names. */
export function fold(name: string): string {
  return name.toLowerCase()
}

function slug(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'unnamed'
}

/** The slug, cut to MAX_STEM; a name Windows reserves (`con`, `aux.config`, `lpt1`) with `_` before it. */
function stemOf(key: string): string {
  const stem =
    slug(key)
      .slice(0, MAX_STEM)
      .replace(/[-.]+$/, '') || 'unnamed'
  return WINDOWS_RESERVED.test(stem) ? `_${stem}` : stem
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}
