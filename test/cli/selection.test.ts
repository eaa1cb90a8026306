import { describe, expect, it } from 'vitest'
import { KINDS } from '../../src/config/kinds.js'
import { KIND_FOLDERS, folderOf, keyFieldOf, kindOf } from '../../src/cli/selection.js'

/** The command line's table of kinds (kept apart so that parsing never loads the SDK) agrees with the library's. */
describe('--kind', () => {
  it('names every kind of the library by its folder, and takes the library name too', () => {
    expect([...KIND_FOLDERS].sort()).toEqual(KINDS.map((ops) => ops.folder).sort())
    for (const ops of KINDS) {
      expect(folderOf(ops.kind)).toBe(ops.folder)
      expect(keyFieldOf(ops.kind)).toBe(ops.keyField)
      expect(kindOf(ops.folder)).toBe(ops.kind)
      expect(kindOf(ops.kind)).toBe(ops.kind)
    }
    expect(() => kindOf('hog-function')).toThrow('unknown kind "hog-function"; did you mean hog-functions?')
  })
})
