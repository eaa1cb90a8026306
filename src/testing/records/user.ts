/** The user the fake writes as `created_by`, `updated_by`, …. */

/** `created_by`, `updated_by`, … (docs/service-behaviour.md §2.1). */
export interface FakeUser {
  id: number
  uuid: string
  distinct_id: string | null
  first_name: string
  last_name: string
  email: string
  is_email_verified: boolean | null
  hedgehog_config: Record<string, unknown> | null
  role_at_organization: string | null
}
