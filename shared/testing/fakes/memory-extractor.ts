import { kindOf } from '../../domain/file-kinds.ts'
import type { TextExtractor } from '../../ports/text-extractor.ts'

/**
 * A text extractor for service tests, with no parser: it takes the documents and images the real
 * one takes (by file name), and their "text" is their bytes read as UTF-8, so a test's `report.pdf`
 * is written as plain text. Bytes that are not UTF-8 count as a damaged file and reject, as the
 * real extractor does on a broken document; once closed, it refuses to read.
 */
export function memoryExtractor(): TextExtractor {
  let closed = false
  return {
    extract: async (bytes) => {
      if (closed)
        throw Object.assign(new Error('The text extractor is closed'), { name: 'ExtractorClosedError' })
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim()
      return text === '' ? undefined : text
    },
    handles: (path) => ['document', 'image'].includes(kindOf(path)),
    close: async () => {
      closed = true
    },
  }
}
