import type { Deps } from '../../ports/deps.ts'
import { type AddAccountDeps, addAccount } from './create-user.ts'

export type BootstrapInput = { username: string; password: string; token?: string }

export type BootstrapAdminDeps = AddAccountDeps & Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * On the first start (no account yet): creates the super admin and, when given, registers that
 * exact personal token for it (unrestricted, no expiry). Does nothing once any account exists.
 */
export async function bootstrapAdmin(deps: BootstrapAdminDeps, input: BootstrapInput): Promise<boolean> {
  if ((await deps.store.accounts.count()) > 0) return false
  const account = await addAccount(deps, {
    username: input.username,
    password: input.password,
    isSuperadmin: true,
  })
  if (input.token) {
    await deps.store.tokens.create({
      id: deps.secrets.id(),
      accountId: account.id,
      name: 'SERVICE_ADMIN_TOKEN',
      hint: input.token.slice(-4),
      readOnly: false,
      spaceIds: null,
      createdAt: deps.clock.now(),
      expiresAt: null,
      lastUsedAt: null,
      secretHash: deps.secrets.digest(input.token),
    })
  }
  return true
}
