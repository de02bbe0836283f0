/** A person's account on the instance. */
export type Account = {
  id: number
  username: string
  displayName: string
  email: string
  locale: string | null
  isSuperadmin: boolean
  isActive: boolean
  passwordHash: string | null
  /** Whether the person proved they read mail at `email` (a link followed, an invitation, a provider's word). */
  emailVerified: boolean
  /** Whether the password was set by someone else (a super admin's reset) and must be changed at sign-in. */
  mustChangePassword: boolean
  createdAt: number
}

export type NewAccount = Omit<
  Account,
  'id' | 'createdAt' | 'isActive' | 'emailVerified' | 'mustChangePassword'
> & { createdAt: number; emailVerified?: boolean; mustChangePassword?: boolean }

export type AccountChanges = Partial<
  Pick<Account, 'displayName' | 'email' | 'locale' | 'isSuperadmin' | 'isActive' | 'emailVerified'>
>

/** Accounts of the instance. */
export interface AccountStore {
  count(): Promise<number>
  list(): Promise<Account[]>
  byId(id: number): Promise<Account | undefined>
  byUsername(username: string): Promise<Account | undefined>
  /** Creates an account; undefined when the username is taken. */
  create(account: NewAccount): Promise<Account | undefined>
  /**
   * Applies changes; deactivating also revokes every token, session and OAuth grant of the account. A change that
   * would leave no active super admin is refused whole (`last_superadmin`), checked in the same
   * transaction, so two demotions at once cannot both pass.
   */
  update(id: number, changes: AccountChanges, now: number): Promise<Account>
  countActiveSuperadmins(): Promise<number>
  /**
   * Sets a new password hash and revokes every token, every OAuth grant and every session but
   * `keepSessionId`. `mustChange` (default false) marks a password someone else chose, to be changed
   * at the next sign-in; a change by the person clears it.
   */
  changePassword(
    id: number,
    passwordHash: string,
    now: number,
    keepSessionId: string | null,
    mustChange?: boolean,
  ): Promise<void>
  /**
   * Accounts whose address is `email` (compared without case) and verified, active or not, oldest
   * first. More than one is possible: services treat that as ambiguous.
   */
  byVerifiedEmail(email: string): Promise<Account[]>
  /** Accounts whose address is `email` (compared without case), verified or not, active or not, oldest first. */
  byEmail(email: string): Promise<Account[]>
}
