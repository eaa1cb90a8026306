/**
 * A resource read back converts to a create without casts (issue 19): `create(toCreateParams(await
 * retrieve(id)))` compiles for every group under the strict user-side flags of test/types/tsconfig.json.
 */
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export async function roundTrips(): Promise<void> {
  await client.experiments.create(client.experiments.toCreateParams(await client.experiments.retrieve(1)))
  await client.surveys.create(client.surveys.toCreateParams(await client.surveys.retrieve('s')))
  await client.hogFunctions.create(client.hogFunctions.toCreateParams(await client.hogFunctions.retrieve('h')))
  await client.endpoints.create(client.endpoints.toCreateParams(await client.endpoints.retrieve('top')))
  await client.eventDefinitions.create(
    client.eventDefinitions.toCreateParams(await client.eventDefinitions.retrieve('e')),
  )
  // A copy with changes: the params are a plain, writable object of the create type.
  const copy = client.experiments.toCreateParams(await client.experiments.retrieve(1))
  await client.experiments.create({
    ...copy,
    name: `${copy.name} (copy)`,
    feature_flag_key: `${copy.feature_flag_key}-copy`,
    start_date: null,
  })
}
