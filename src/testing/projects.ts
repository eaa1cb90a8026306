import { FakeStore, type StoreSettings } from './store.js'

/** What every project of one fake shares (its own id aside). */
export type SharedStoreSettings = Omit<StoreSettings, 'projectId' | 'project'>

/**
 * The projects of one fake, each with its own state. Open (no list given): any project id a request
 * names exists, made empty on first use. Closed: only the ids listed; any other answers 404.
 */
export class FakeProjects {
  readonly #stores = new Map<number, FakeStore>()
  /** One id space for all projects, as in the service's database: a copied survey never collides. */
  readonly #counters = new Map()
  readonly #listed: ReadonlySet<number> | null

  constructor(
    /** The project `@current` and `fake.state` mean. */
    readonly defaultId: number,
    listed: readonly number[] | null,
    readonly settings: SharedStoreSettings,
  ) {
    this.#listed = listed && new Set(listed)
    for (const id of listed ?? [defaultId]) this.get(id)
  }

  /** The default project's store. */
  get default(): FakeStore {
    return this.get(this.defaultId) as FakeStore
  }

  /** The ids of the projects that exist now: the listed ones, or those used so far. */
  get ids(): number[] {
    return [...(this.#listed ?? this.#stores.keys())].sort((a, b) => a - b)
  }

  /** A project's store, made on first use; `undefined` when the project cannot exist. */
  get(id: number): FakeStore | undefined {
    if (!Number.isSafeInteger(id) || id <= 0 || (this.#listed && !this.#listed.has(id))) return undefined
    let store = this.#stores.get(id)
    if (!store) {
      store = new FakeStore({ ...this.settings, projectId: id, project: (other) => this.get(other) }, this.#counters)
      this.#stores.set(id, store)
    }
    return store
  }

  /** The store of the project a request path names: a number or `@current`. */
  readonly lookup = (pathId: string): FakeStore | undefined =>
    pathId === '@current' ? this.default : /^\d+$/.test(pathId) ? this.get(Number(pathId)) : undefined

  /** A store for the fake's own helpers (seeding, `stateOf`): a project that cannot exist is a caller's mistake. */
  require(id: number, caller: string): FakeStore {
    const store = this.get(id)
    if (!store) throw new TypeError(`${caller}: no project ${String(id)} in this fake (its projects: ${this.ids.join(', ')})`)
    return store
  }

  /** Empties every project; an open fake forgets the projects it made. */
  reset(): void {
    for (const store of this.#stores.values()) store.reset()
    this.#counters.clear()
    if (!this.#listed) for (const id of this.#stores.keys()) if (id !== this.defaultId) this.#stores.delete(id)
  }
}
