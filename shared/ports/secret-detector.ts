/** A likely secret found in a text: which rule saw it and on which line (1-based) of that text. */
export type SecretFinding = { rule: string; line: number; message: string }

/** Finds likely secrets (passwords, API keys, private keys) in a text. */
export interface SecretDetector {
  scan(text: string): Promise<SecretFinding[]>
}
