/** Random secrets and their one-way digests (tokens, session ids). */
export interface Secrets {
  /** A new random secret of at least 128 bits, starting with `prefix`. */
  mint(prefix: string): string
  /** A short random identifier (not a secret). */
  id(): string
  /** The digest stored in place of a secret. */
  digest(secret: string): string
  /** Compares two strings in constant time. */
  equal(a: string, b: string): boolean
  /** Hex HMAC-SHA256 of bytes under a key. */
  hmacHex(key: string, data: Uint8Array): string
}

/** Encryption of secrets kept at rest (credentials, webhook secrets), with the server's key. */
export interface Cipher {
  seal(plain: string): string
  /** The plain text of a sealed value; throws when it was not sealed with this key. */
  open(sealed: string): string
}

/** Slow, salted password hashing. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
}
