import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TextExtractor } from '../../ports/text-extractor.ts'
import {
  docxFile,
  odpFile,
  odsFile,
  odtFile,
  pdfFile,
  pptxFile,
  rtfFile,
  textBmp,
  textImage,
  textTiff,
  xlsxFile,
} from '../../testing/fixtures/documents.ts'
import { extensionOf, formatOf, handles, SUPPORTED_EXTENSIONS } from './formats.ts'
import { normaliseText } from './normalise.ts'
import {
  createTextExtractor,
  ExtractionError,
  ExtractionTimeoutError,
  ExtractorClosedError,
} from './text-extractor.ts'

const OCR_TIMEOUT = 60_000
const bytesOf = (text: string) => new TextEncoder().encode(text)

describe('formats', () => {
  it('reads documents, spreadsheets, slides and images by extension, whatever the case', () => {
    for (const path of ['a.pdf', 'b.DOCX', 'dir/c.pptx', 'd.xlsx', 'e.odt', 'f.ods', 'g.odp', 'h.rtf']) {
      expect(handles(path), path).toBe(true)
    }
    for (const path of ['a.png', 'b.JPG', 'c.jpeg', 'd.webp', 'e.bmp', 'f.gif', 'g.tif', 'h.tiff']) {
      expect(handles(path), path).toBe(true)
    }
    expect(SUPPORTED_EXTENSIONS).toContain('pdf')
  })

  it('leaves plain text, unknown formats and names without an extension alone', () => {
    for (const path of ['notes.txt', 'README.md', 'data.csv', 'old.doc', 'archive.zip', 'Makefile', '.pdf']) {
      expect(handles(path), path).toBe(false)
    }
    // The extension is the last segment's: a folder named like a file does not count.
    expect(handles('scans.pdf/readme')).toBe(false)
    expect(handles('C:\\docs\\report.PDF')).toBe(true)
    expect(handles('toString')).toBe(false)
    expect(handles('x.constructor')).toBe(false)
  })

  it('maps each extension to its reader', () => {
    expect(extensionOf('a/b/Report.Final.PDF')).toBe('pdf')
    expect(formatOf('a.pdf')?.kind).toBe('pdf')
    expect(formatOf('a.docx')?.kind).toBe('docx')
    expect(formatOf('a.ods')).toEqual({ kind: 'office', extension: 'ods', officeType: 'ods' })
    expect(formatOf('a.tif')?.kind).toBe('image')
    expect(formatOf('a.txt')).toBeUndefined()
  })
})

describe('normaliseText', () => {
  it('collapses spaces, keeps one line break between paragraphs and trims', () => {
    expect(normaliseText('  Hello \t  world\u00a0 again  \r\n\r\n\n  Next\fpage  \n')).toBe(
      'Hello world again\nNext\npage',
    )
  })

  it('drops control characters and soft hyphens', () => {
    expect(normaliseText('a\u0000b\u0007c co\u00adoperate\ufeff')).toBe('abc cooperate')
    expect(normaliseText(' \n\t ')).toBe('')
  })
})

describe('createTextExtractor', () => {
  let extractor: TextExtractor

  beforeAll(() => {
    extractor = createTextExtractor()
  })

  afterAll(async () => {
    await extractor.close()
  })

  it('reads every page of a PDF', async () => {
    const pdf = await pdfFile([
      ['Quarterly report', 'Revenue   grew\tin the north'],
      ['Second page', 'Thanks for reading'],
    ])
    expect(await extractor.extract(pdf, 'docs/report.pdf')).toBe(
      'Quarterly report\nRevenue grew in the north\nSecond page\nThanks for reading',
    )
  })

  it('reads a Word document with accented French', async () => {
    const docx = docxFile(['Élément déjà vérifié à Noël', '', 'Deuxième   paragraphe'])
    expect(await extractor.extract(docx, 'notes.docx')).toBe(
      'Élément déjà vérifié à Noël\nDeuxième paragraphe',
    )
  })

  it('reads an OpenDocument text', async () => {
    const odt = odtFile('Compte rendu', ['Réunion du comité', 'Décisions prises'])
    expect(await extractor.extract(odt, 'cr.odt')).toBe('Compte rendu\nRéunion du comité\nDécisions prises')
  })

  it('reads the cells of a spreadsheet, one row a line', async () => {
    const xlsx = xlsxFile('Inventory', [
      ['Product', 'Quantity'],
      ['Apples', 42],
      ['Pêches', 7.5],
    ])
    expect(await extractor.extract(xlsx, 'stock.xlsx')).toBe('Product Quantity\nApples 42\nPêches 7.5')
  })

  it('reads the text of every slide', async () => {
    const pptx = pptxFile([['Roadmap 2025', 'Ship full-text search'], ['Questions?']])
    expect(await extractor.extract(pptx, 'deck.pptx')).toBe('Roadmap 2025\nShip full-text search\nQuestions?')
  })

  it('reads OpenDocument spreadsheets and presentations', async () => {
    const ods = odsFile('Stock', [
      ['Oranges', 12],
      ['Citrons', 3],
    ])
    expect(await extractor.extract(ods, 'stock.ods')).toBe('Oranges 12\nCitrons 3')
    const odp = odpFile([['Première diapositive'], ['Second slide', 'With two boxes']])
    expect(await extractor.extract(odp, 'talk.odp')).toBe(
      'Première diapositive\nSecond slide\nWith two boxes',
    )
  })

  it('reads Rich Text Format', async () => {
    expect(await extractor.extract(rtfFile(['Café crème', 'Second paragraph']), 'menu.rtf')).toBe(
      'Café crème\nSecond paragraph',
    )
  })

  it(
    'reads English text in an image',
    async () => {
      const png = textImage(['The quick brown fox jumps', 'over the lazy dog'])
      const text = (await extractor.extract(png, 'scan.png'))?.toLowerCase() ?? ''
      for (const word of ['quick', 'brown', 'fox', 'jumps', 'lazy', 'dog']) expect(text).toContain(word)
    },
    OCR_TIMEOUT,
  )

  it(
    'reads French text with accents in an image',
    async () => {
      const png = textImage(['Le rapport de la réunion est déjà prêt', 'Nous avons vérifié chaque élément'])
      const text = (await extractor.extract(png, 'lettre.png'))?.toLowerCase() ?? ''
      for (const word of ['rapport', 'est', 'nous', 'avons', 'chaque']) expect(text).toContain(word)
      const accented = ['réunion', 'déjà', 'prêt', 'vérifié', 'élément'].filter((word) => text.includes(word))
      expect(accented.length, text).toBeGreaterThanOrEqual(1)
    },
    OCR_TIMEOUT,
  )

  it.each([
    ['jpeg', 'photo.jpg', () => textImage(['Invoice number seven'], 'jpeg')],
    ['webp', 'photo.webp', () => textImage(['Invoice number seven'], 'webp')],
    ['gif', 'photo.gif', () => textImage(['Invoice number seven'], 'gif')],
    ['bmp', 'photo.bmp', () => textBmp(['Invoice number seven'])],
    ['tiff', 'photo.tiff', () => textTiff(['Invoice number seven'])],
  ])(
    'reads text in a %s image',
    async (_format, path, make) => {
      expect((await extractor.extract(make(), path))?.toLowerCase()).toContain('invoice number seven')
    },
    OCR_TIMEOUT,
  )

  it('rejects a damaged file, and goes on reading the next ones', async () => {
    const pdf = await pdfFile([['Intact document']])
    const damaged = pdf.slice(0, 200)
    await expect(extractor.extract(damaged, 'broken.pdf')).rejects.toThrow(ExtractionError)
    await expect(extractor.extract(bytesOf('not a pdf at all'), 'fake.pdf')).rejects.toThrow(/fake\.pdf/)
    await expect(extractor.extract(bytesOf('not a zip'), 'fake.docx')).rejects.toThrow(ExtractionError)
    await expect(extractor.extract(docxFile(['Word parts only']), 'wrong.odt')).rejects.toThrow(
      ExtractionError,
    )
    expect(await extractor.extract(pdf, 'intact.pdf')).toBe('Intact document')
  })

  it(
    'rejects bytes that are not an image',
    async () => {
      await expect(extractor.extract(bytesOf('not a png'), 'fake.png')).rejects.toThrow(ExtractionError)
    },
    OCR_TIMEOUT,
  )

  it('resolves undefined for a format it does not read, without reading it', async () => {
    expect(extractor.handles('notes.txt')).toBe(false)
    expect(await extractor.extract(bytesOf('plain text'), 'notes.txt')).toBeUndefined()
    expect(await extractor.extract(bytesOf('\u0000\u0001'), 'blob.bin')).toBeUndefined()
    expect(extractor.handles('notes.pdf')).toBe(true)
  })

  it('leaves the caller’s bytes untouched', async () => {
    const docx = docxFile(['Kept'])
    const copy = docx.slice()
    await extractor.extract(docx, 'kept.docx')
    expect(docx).toEqual(copy)
  })
})

describe('createTextExtractor limits', () => {
  it('queues past its concurrency and answers every file', async () => {
    const extractor = createTextExtractor({ concurrency: 2 })
    try {
      const files = Array.from({ length: 5 }, (_, i) => docxFile([`Document number ${i}`]))
      const texts = await Promise.all(files.map((file, i) => extractor.extract(file, `doc${i}.docx`)))
      expect(texts).toEqual(files.map((_, i) => `Document number ${i}`))
    } finally {
      await extractor.close()
    }
  })

  it('rejects bad options', () => {
    expect(() => createTextExtractor({ timeoutMs: 0 })).toThrow(RangeError)
    expect(() => createTextExtractor({ concurrency: -1 })).toThrow(RangeError)
  })

  it(
    'rejects a file that runs past the time limit',
    async () => {
      const extractor = createTextExtractor({ timeoutMs: 1 })
      try {
        const started = Date.now()
        const png = textImage(['Too slow to read'])
        await expect(extractor.extract(png, 'slow.png')).rejects.toThrow(ExtractionTimeoutError)
        await expect(extractor.extract(png, 'slow.png')).rejects.toThrow(/took longer than 1 ms/)
        expect(Date.now() - started).toBeLessThan(5_000)
      } finally {
        await extractor.close()
      }
    },
    OCR_TIMEOUT,
  )

  it(
    'replaces a thread stopped on the time limit, and the files queued behind it are still read',
    async () => {
      // A page of 180 dense lines takes the OCR engine well over ten seconds; the small image
      // after it takes well under one, in a new thread that has to start the engine again.
      const extractor = createTextExtractor({ timeoutMs: 3_000 })
      try {
        const line = 'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'
        const slow = textImage(
          Array.from({ length: 180 }, (_, i) => `${i} ${line}`),
          'png',
          24,
        )
        const quick = textImage(['Replacement worker answered'])
        const slowJob = extractor.extract(slow, 'dense.png')
        const quickJob = extractor.extract(quick, 'quick.png')
        await expect(slowJob).rejects.toThrow(ExtractionTimeoutError)
        expect((await quickJob)?.toLowerCase()).toContain('replacement worker answered')
      } finally {
        await extractor.close()
      }
    },
    OCR_TIMEOUT,
  )

  it('stops a thread stuck in a synchronous loop', async () => {
    // A stand-in worker that never answers and never yields: only terminating the thread ends it.
    const stuck =
      'import { parentPort } from "node:worker_threads"; parentPort.on("message", () => { for (;;) {} })'
    const extractor = createTextExtractor({
      timeoutMs: 200,
      workerUrl: new URL(`data:text/javascript,${stuck}`),
    })
    try {
      await expect(extractor.extract(docxFile(['Never read']), 'stuck.docx')).rejects.toThrow(
        ExtractionTimeoutError,
      )
      await expect(extractor.extract(docxFile(['Never read']), 'stuck.docx')).rejects.toThrow(
        ExtractionTimeoutError,
      )
    } finally {
      await extractor.close()
    }
  })

  it('rejects a file whose thread dies, and the process carries on', async () => {
    const crash =
      'import { parentPort } from "node:worker_threads"; parentPort.on("message", () => { throw new Error("boom") })'
    const extractor = createTextExtractor({ workerUrl: new URL(`data:text/javascript,${crash}`) })
    try {
      await expect(extractor.extract(docxFile(['Crash']), 'crash.docx')).rejects.toThrow(
        /thread died \(boom\)/,
      )
      await expect(extractor.extract(docxFile(['Crash']), 'again.docx')).rejects.toThrow(ExtractionError)
    } finally {
      await extractor.close()
    }
  })

  it('rejects queued and later files once closed', async () => {
    const extractor = createTextExtractor()
    // The running file and the one queued behind it; handlers attached before close() rejects them.
    const first = expect(extractor.extract(docxFile(['First']), 'first.docx')).rejects.toThrow(
      ExtractorClosedError,
    )
    const second = expect(extractor.extract(docxFile(['Second']), 'second.docx')).rejects.toThrow(/closed/)
    await extractor.close()
    await first
    await second
    await expect(extractor.extract(docxFile(['Late']), 'late.docx')).rejects.toThrow(ExtractorClosedError)
    await extractor.close()
  })

  it(
    'stops its threads on close, even mid-OCR, so the process can exit',
    async () => {
      // A separate Node process: a thread left running would keep it alive until the dense page is
      // read (well over ten seconds), past the limit given to execFile below.
      const script = `
        const { createTextExtractor } = await import(${JSON.stringify(new URL('./text-extractor.ts', import.meta.url).href)})
        const { textImage } = await import(${JSON.stringify(new URL('../../testing/fixtures/documents.ts', import.meta.url).href)})
        const extractor = createTextExtractor()
        const line = 'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'
        const image = textImage(Array.from({ length: 180 }, () => line), 'png', 24)
        const job = extractor.extract(image, 'dense.png').catch((error) => error.message)
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await extractor.close()
        console.log(await job)
      `
      const started = Date.now()
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        timeout: 9_000,
      })
      expect(stdout).toMatch(/closed before the file was read/)
      expect(Date.now() - started).toBeLessThan(9_000)
    },
    OCR_TIMEOUT,
  )
})
