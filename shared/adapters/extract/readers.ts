/**
 * The format readers. They run inside the extraction worker (worker.ts): each library is imported on
 * first use, so a worker that only ever sees PDFs never loads the OCR engine.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Worker as OcrWorker } from 'tesseract.js'
import type { Format, OfficeFileType } from './formats.ts'
import { normaliseText } from './normalise.ts'

/** Languages the OCR engine reads, each from its local @tesseract.js-data package. */
export const OCR_LANGUAGES = ['eng', 'fra'] as const

// The integer-quantised LSTM models: a quarter of the size of the '4.0.0' ones (which also carry the
// legacy engine we do not use), and what tesseract.js itself picks for the LSTM engine.
const MODEL_FOLDER = '4.0.0_best_int'

// Caps for zip-based office files, so a zip bomb fails fast instead of filling the worker's memory.
const ZIP_LIMITS = { maxUncompressedBytes: 256 * 1024 * 1024, maxZipEntries: 10_000 }

/** The normalised text of a file in a format the extractor reads. Rejects when the file is damaged. */
export async function readText(bytes: Uint8Array, format: Format): Promise<string> {
  switch (format.kind) {
    case 'pdf':
      return normaliseText(await readPdf(bytes))
    case 'docx':
      return normaliseText(await readDocx(bytes))
    case 'office':
      return normaliseText(await readOffice(bytes, format.officeType))
    case 'image':
      return normaliseText(await readImage(bytes))
  }
}

async function readPdf(bytes: Uint8Array): Promise<string> {
  // unpdf ships a PDF.js build that runs in-process (no PDF.js worker, no eval) and reads its fonts
  // and CMaps from the local pdfjs-dist package.
  const { extractText, getDocumentProxy } = await import('unpdf')
  // Errors only: PDF.js prints its warnings about damaged files to stdout, which is the server's log.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 })
  try {
    const { text } = await extractText(pdf, { mergePages: false })
    return text.join('\n')
  } finally {
    await pdf.destroy()
  }
}

async function readDocx(bytes: Uint8Array): Promise<string> {
  const { default: mammoth } = await import('mammoth')
  const { value } = await mammoth.extractRawText({ buffer: asBuffer(bytes) })
  return value
}

async function readOffice(bytes: Uint8Array, fileType: OfficeFileType): Promise<string> {
  const { OfficeParser } = await import('officeparser')
  const ast = await OfficeParser.parseOffice(asBuffer(bytes), {
    fileType,
    // Embedded pictures are not read: OCR of office attachments would multiply the cost of one file.
    ocr: false,
    extractAttachments: false,
    decompressionLimits: ZIP_LIMITS,
  })
  // Plain text without layout: sheet rows come one a line with their cells tab-separated, table cells
  // in text documents one a line (as mammoth gives them for .docx), and no drawn '| cell |' borders.
  const { value } = await ast.to('text', { textConfig: { preserveLayout: false } })
  return value
}

let ocrWorker: Promise<OcrWorker> | undefined

async function readImage(bytes: Uint8Array): Promise<string> {
  ocrWorker ??= startOcr().catch((error: unknown) => {
    // A failed start is not cached: the next image tries again.
    ocrWorker = undefined
    throw error
  })
  const worker = await ocrWorker
  try {
    const { data } = await worker.recognize(asBuffer(bytes))
    return data.text
  } catch (error) {
    // tesseract.js rejects with bare strings; callers expect Errors.
    throw error instanceof Error ? error : new Error(`OCR failed: ${String(error).replace(/^Error: /, '')}`)
  }
}

/** Starts the OCR engine with English and French, from local files only. */
async function startOcr(): Promise<OcrWorker> {
  const { default: Tesseract } = await import('tesseract.js')
  // tesseract.js reads every language from one `langPath` folder, but each language is its own npm
  // package, and its `{ code, data }` form breaks initialisation (7.0 passes the data where the code
  // belongs). So the models are copied to a private temporary folder for the start, then removed:
  // once loaded they live in the engine's memory.
  const folder = await mkdtemp(join(tmpdir(), 'kb-ocr-'))
  try {
    const require = createRequire(import.meta.url)
    await Promise.all(
      OCR_LANGUAGES.map((code) => {
        const file = `${code}.traineddata.gz`
        const source = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), MODEL_FOLDER)
        return copyFile(join(source, file), join(folder, file))
      }),
    )
    // On Node, tesseract.js loads its worker script and the WebAssembly core from its own packages
    // (tesseract.js, tesseract.js-core), so nothing is fetched; only `langPath` would default to a CDN.
    return await Tesseract.createWorker(OCR_LANGUAGES.join('+'), Tesseract.OEM.LSTM_ONLY, {
      langPath: folder,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler, tesseract.js throws a failed job's error from a message listener, which
      // would bring the whole thread down instead of rejecting that one job.
      errorHandler: () => {},
    })
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
