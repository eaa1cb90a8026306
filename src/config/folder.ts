import { randomBytes } from 'node:crypto'
import { constants, type Dirent } from 'node:fs'
import { lstat, mkdir, open, readdir, realpath, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/**
 * The configuration folder as a boundary. The folder named is resolved once (its parents may be links; it
 * may not be one itself); inside it nothing is followed: a symbolic link, a FIFO, a device or a socket is
 * never opened, only regular files are read (at most MAX_FILE_BYTES, as UTF-8 or not at all), and a kind's
 * folder is replaced whole, by a rename of a folder prepared beside it.
 */

export const MAX_FILE_BYTES = 1024 * 1024

/** A race between the listing and the open (a file swapped for a link or a FIFO) still opens nothing else. */
const SAFE_OPEN = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

export class FolderError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message)
  }
}

/** The folder's real path, or undefined when nothing is there; a link or a non-folder is a FolderError. */
export async function resolveFolder(dir: string): Promise<string | undefined> {
  const absolute = resolve(dir)
  const stat = await lstat(absolute).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (stat === undefined) return undefined
  if (stat.isSymbolicLink())
    throw new FolderError(absolute, 'is a symbolic link: not followed (name the folder it points to)')
  if (!stat.isDirectory()) throw new FolderError(absolute, 'is not a folder')
  return join(await realpath(dirname(absolute)), basename(absolute))
}

/** `dir` made if missing, then resolved as {@link resolveFolder}. */
export async function makeFolder(dir: string): Promise<string> {
  await mkdir(resolve(dir), { recursive: true })
  return (await resolveFolder(dir))!
}

/** What is at `name` inside `folder`, without following it. */
export async function entryKind(path: string): Promise<'missing' | 'folder' | 'file' | 'other'> {
  const stat = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (stat === undefined) return 'missing'
  return stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other'
}

/** The entries of a folder, none followed. */
export function listEntries(folder: string): Promise<Dirent[]> {
  return readdir(folder, { withFileTypes: true })
}

/** Why an entry is not read, or undefined for a regular file. */
export function refusal(entry: Dirent): string | undefined {
  if (entry.isFile()) return undefined
  if (entry.isSymbolicLink())
    return 'a symbolic link: not followed (the configuration reads only regular files inside its folder)'
  if (entry.isDirectory()) return 'a folder, not a spec file'
  return 'not a regular file (a FIFO, a device or a socket): not read'
}

export type FileText = { text: string } | { problem: string; line: number }

/** A regular file's text: opened without following a link, at most MAX_FILE_BYTES, valid UTF-8 only. */
export async function readRegularFile(path: string): Promise<FileText> {
  let handle
  try {
    handle = await open(path, SAFE_OPEN)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return {
      problem: code === 'ELOOP' ? 'a symbolic link: not followed' : `cannot be read (${code ?? 'error'})`,
      line: 0,
    }
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) return { problem: 'not a regular file: not read', line: 0 }
    if (stat.size > MAX_FILE_BYTES) return { problem: `larger than 1 MiB (${stat.size} bytes): not read`, line: 0 }
    // Read to the cap plus one byte whatever the size said (a file growing while read is cut, not followed).
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
      if (length > MAX_FILE_BYTES) return { problem: 'larger than 1 MiB: not read', line: 0 }
    }
    return decodeUtf8(buffer.subarray(0, length))
  } finally {
    await handle.close()
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** The text, or a problem at the line of the first byte that is not UTF-8 (never replaced by U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): FileText {
  try {
    return { text: UTF8.decode(bytes) }
  } catch {
    const at = firstInvalidUtf8(bytes)
    let line = 1
    for (let index = 0; index < at; index++) if (bytes[index] === 0x0a) line++
    return { problem: 'bytes that are not UTF-8: not read (save the file as UTF-8)', line }
  }
}

/** The offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0
  while (index < bytes.length) {
    const lead = bytes[index]!
    if (lead < 0x80) {
      index++
      continue
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0
    if (length === 0 || index + length > bytes.length) return index
    const second = bytes[index + 1]!
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf
    if (second < low || second > high) return index
    for (let next = 2; next < length; next++) if ((bytes[index + next]! & 0xc0) !== 0x80) return index
    index += length
  }
  return bytes.length
}

/** A new, empty folder inside `parent` for a kind's files before they are swapped in. */
export async function temporaryFolder(parent: string, name: string): Promise<string> {
  const path = join(parent, `.${name}.${randomBytes(6).toString('hex')}.tmp`)
  await mkdir(path)
  return path
}

/**
 * Puts `prepared` at `target` as one rename: the folder that was there is moved aside first and removed
 * after; if the swap fails, it is put back. Either the new folder or the old one is there, never a mix.
 */
export async function swapFolder(prepared: string, target: string): Promise<void> {
  const kind = await entryKind(target)
  if (kind === 'missing') return rename(prepared, target)
  if (kind !== 'folder') throw new FolderError(target, 'is not a folder (a link or a file is never written through)')
  const aside = `${prepared}.old`
  await rename(target, aside)
  try {
    await rename(prepared, target)
  } catch (error) {
    await rename(aside, target)
    throw error
  }
  await rm(aside, { recursive: true, force: true })
}

/** Removes a folder this module made (a temporary one), never following a link inside it. */
export function removeFolder(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true })
}
