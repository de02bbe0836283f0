/** Pulls the readable text out of a document or an image (PDF, Office, OpenDocument, OCR). */
export interface TextExtractor {
  /**
   * The text of a file, or undefined when its format holds no text to extract. Rejects when the
   * file is damaged or extraction runs past its time limit.
   */
  extract(bytes: Uint8Array, path: string): Promise<string | undefined>
  /** Whether a path's format is one this extractor reads (decided by the file name). */
  handles(path: string): boolean
  /** Stops any background workers. */
  close(): Promise<void>
}
