import { FakeStore, type StoreSettings } from './store.js'

/** What every project of one fake shares (its own id aside). */
export type SharedStoreSettings = Omit<StoreSettings, 'projectId' | 'project'>

/**
 * What a request's project id names (docs/service-behaviour.md §1.1, §1.4): a project of the fake (its
 * store), a project the key's user is not a member of (`'no-access'`: 403), or none (`undefined`: 404).
 */
export type ProjectOutcome = FakeStore | 'no-access' | undefined

/**
 * The projects of one fake, each with its own state: the ones listed (the default project alone unless
 * `projects` names more). Ids named as unreachable exist on the service but not for the fake's keys; any
 * other id does not exist.
 */
export class FakeProjects {
  readonly #stores = new Map<number, FakeStore>()
  /** One id space for all projects, as in the service's database: a copied survey never collides. */
  readonly #counters = new Map()
  readonly #unreachable: ReadonlySet<number>

  constructor(
    /** The project `@current` and `fake.state` mean. */
    readonly defaultId: number,
    listed: readonly number[],
    unreachable: readonly number[],
    readonly settings: SharedStoreSettings,
  ) {
    this.#unreachable = new Set(unreachable)
    for (const id of listed) {
      this.#stores.set(
        id,
        new FakeStore({ ...this.settings, projectId: id, project: (other) => this.get(other) }, this.#counters),
      )
    }
  }

  /** The default project's store. */
  get default(): FakeStore {
    return this.get(this.defaultId) as FakeStore
  }

  /** The ids of the fake's projects, in order. */
  get ids(): number[] {
    return [...this.#stores.keys()].sort((a, b) => a - b)
  }

  /** A project's store; `undefined` when it is not one of the fake's. */
  get(id: number): FakeStore | undefined {
    return this.#stores.get(id)
  }

  /** What the project a request path names is: a number or `@current`; anything else does not exist (§1.1). */
  readonly lookup = (pathId: string): ProjectOutcome => {
    if (pathId === '@current') return this.default
    if (!/^\d+$/.test(pathId)) return undefined
    const id = Number(pathId)
    return this.get(id) ?? (this.#unreachable.has(id) ? 'no-access' : undefined)
  }

  /**
   * A store for the fake's own helpers (seeding, `stateOf`): a project that is not the fake's is a caller's mistake.
   */
  require(id: number, caller: string): FakeStore {
    const store = this.get(id)
    if (!store)
      throw new TypeError(
        `${caller}: no project ${String(id)} in this fake (its projects: ${this.ids.join(', ')}; declare ` +
          `others with createFakeApi({ projects }))`,
      )
    return store
  }

  /** Empties every project. */
  reset(): void {
    for (const store of this.#stores.values()) store.reset()
    this.#counters.clear()
  }
}
