import type { Deps } from '../../ports/deps.ts'

/** A way to sign in that the sign-in page offers. */
export type SignInProvider = { slug: string; name: string }

/** The enabled single sign-on providers, for anyone (the sign-in page shows a button for each). */
export async function listSignInProviders(deps: Pick<Deps, 'store'>): Promise<SignInProvider[]> {
  return (await deps.store.sso.list())
    .filter((provider) => provider.enabled)
    .map((provider) => ({ slug: provider.slug, name: provider.name }))
}
