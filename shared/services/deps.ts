import type { Clock, PasswordHasher, Secrets } from '../ports/secrets.ts'
import type { SpaceRepos } from '../ports/space-repos.ts'
import type { Store } from '../ports/store.ts'
import type { TemplateSource } from '../ports/templates.ts'

/** Everything the services need from the host, built once by each composition root. */
export type Deps = {
  store: Store
  secrets: Secrets
  passwords: PasswordHasher
  clock: Clock
  repos: SpaceRepos
  templates: TemplateSource
}
