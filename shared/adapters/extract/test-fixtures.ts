/**
 * Test fixtures built at run time, so no binary file is committed: PDFs with pdf-lib, Office and
 * OpenDocument files as zips of minimal XML parts with fflate, images drawn with @napi-rs/canvas.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { strToU8, type Zippable, zipSync } from 'fflate'
import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A PDF with one page per entry, each page holding its lines of text. */
export async function pdfFile(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const lines of pages) {
    const page = pdf.addPage([595, 842])
    lines.forEach((line, index) => {
      page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font })
    })
  }
  return pdf.save()
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument'

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function zip(parts: Record<string, string>): Uint8Array {
  const files: Zippable = {}
  for (const [name, content] of Object.entries(parts)) files[name] = strToU8(content)
  return zipSync(files)
}

/** The package parts every OOXML file shares: content types and the root relationship. */
function ooxmlPackage(
  main: string,
  mainType: string,
  overrides: Record<string, string>,
): Record<string, string> {
  const entries = Object.entries({ [main]: mainType, ...overrides })
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join('')
  return {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${entries}</Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="${main}"/></Relationships>`,
  }
}

/** A Word document with one paragraph per entry. */
export function docxFile(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map(
    (text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`,
  )
  return zip({
    ...ooxmlPackage('word/document.xml', `${OFFICE_TYPE}.wordprocessingml.document.main+xml`, {}),
    'word/document.xml': `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`,
  })
}

/** A workbook with one sheet: strings go to the shared string table, numbers stay inline. */
export function xlsxFile(sheetName: string, rows: (string | number)[][]): Uint8Array {
  const strings: string[] = []
  const column = (index: number) => String.fromCharCode(65 + index)
  const sheetRows = rows.map((cells, r) => {
    const xml = cells.map((value, c) => {
      const ref = `${column(c)}${r + 1}`
      if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`
      strings.push(value)
      return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`
    })
    return `<row r="${r + 1}">${xml.join('')}</row>`
  })
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
  const sst = strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('')
  return zip({
    ...ooxmlPackage('xl/workbook.xml', `${OFFICE_TYPE}.spreadsheetml.sheet.main+xml`, {
      'xl/worksheets/sheet1.xml': `${OFFICE_TYPE}.spreadsheetml.worksheet+xml`,
      'xl/sharedStrings.xml': `${OFFICE_TYPE}.spreadsheetml.sharedStrings+xml`,
    }),
    'xl/workbook.xml': `${XML}<workbook xmlns="${main}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${main}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    'xl/sharedStrings.xml': `${XML}<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${sst}</sst>`,
  })
}

/** A presentation with one slide per entry, each slide holding one text box per line. */
export function pptxFile(slides: string[][]): Uint8Array {
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main'
  const p = 'http://schemas.openxmlformats.org/presentationml/2006/main'
  const parts: Record<string, string> = {}
  const overrides: Record<string, string> = {}
  const rels: string[] = []
  const ids: string[] = []
  slides.forEach((lines, index) => {
    const n = index + 1
    const shapes = lines.map(
      (line, i) =>
        `<p:sp><p:nvSpPr><p:cNvPr id="${i + 2}" name="Text ${i + 1}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-GB"/><a:t>${escapeXml(line)}</a:t></a:r></a:p></p:txBody></p:sp>`,
    )
    parts[`ppt/slides/slide${n}.xml`] =
      `${XML}<p:sld xmlns:a="${a}" xmlns:p="${p}" xmlns:r="${REL}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes.join('')}</p:spTree></p:cSld></p:sld>`
    overrides[`ppt/slides/slide${n}.xml`] = `${OFFICE_TYPE}.presentationml.slide+xml`
    rels.push(`<Relationship Id="rId${n}" Type="${REL}/slide" Target="slides/slide${n}.xml"/>`)
    ids.push(`<p:sldId id="${255 + n}" r:id="rId${n}"/>`)
  })
  return zip({
    ...ooxmlPackage('ppt/presentation.xml', `${OFFICE_TYPE}.presentationml.presentation.main+xml`, overrides),
    'ppt/presentation.xml': `${XML}<p:presentation xmlns:a="${a}" xmlns:p="${p}" xmlns:r="${REL}"><p:sldIdLst>${ids.join('')}</p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    ...parts,
  })
}

const ODF_NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
].join(' ')

function odfFile(subtype: 'text' | 'spreadsheet' | 'presentation', body: string): Uint8Array {
  const mediaType = `application/vnd.oasis.opendocument.${subtype}`
  return zipSync({
    // ODF wants 'mimetype' first and stored uncompressed, so readers can sniff the type.
    mimetype: [strToU8(mediaType), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
    'content.xml': strToU8(
      `${XML}<office:document-content ${ODF_NAMESPACES} office:version="1.2"><office:body><office:${subtype}>${body}</office:${subtype}></office:body></office:document-content>`,
    ),
  })
}

/** An OpenDocument text with a heading and one paragraph per entry. */
export function odtFile(heading: string, paragraphs: string[]): Uint8Array {
  const body = paragraphs.map((text) => `<text:p>${escapeXml(text)}</text:p>`).join('')
  return odfFile('text', `<text:h text:outline-level="1">${escapeXml(heading)}</text:h>${body}`)
}

/** An OpenDocument spreadsheet with one table. */
export function odsFile(tableName: string, rows: (string | number)[][]): Uint8Array {
  const cell = (value: string | number) =>
    typeof value === 'number'
      ? `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"><text:p>${escapeXml(value)}</text:p></table:table-cell>`
  const xml = rows.map((cells) => `<table:table-row>${cells.map(cell).join('')}</table:table-row>`).join('')
  return odfFile('spreadsheet', `<table:table table:name="${escapeXml(tableName)}">${xml}</table:table>`)
}

/** An OpenDocument presentation with one page per entry, each line in its own text box. */
export function odpFile(slides: string[][]): Uint8Array {
  const pages = slides.map((lines, index) => {
    const frames = lines.map(
      (line) =>
        `<draw:frame svg:width="20cm" svg:height="2cm" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"><draw:text-box><text:p>${escapeXml(line)}</text:p></draw:text-box></draw:frame>`,
    )
    return `<draw:page draw:name="page${index + 1}">${frames.join('')}</draw:page>`
  })
  return odfFile('presentation', pages.join(''))
}

/** A Rich Text Format file with one paragraph per entry; non-ASCII letters become cp1252 escapes. */
export function rtfFile(paragraphs: string[]): Uint8Array {
  const encode = (text: string) =>
    [...text]
      .map((char) => {
        const code = char.codePointAt(0)!
        if (char === '\\' || char === '{' || char === '}') return `\\${char}`
        return code < 128 ? char : `\\'${code.toString(16).padStart(2, '0')}`
      })
      .join('')
  const body = paragraphs.map((text) => `${encode(text)}\\par\n`).join('')
  return strToU8(`{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Times New Roman;}}\n\\f0\\fs24 ${body}}`)
}

const FONT_FAMILY = 'ExtractTestSans'
let fontFamily: string | undefined

/**
 * A font to draw with. Liberation Sans ships inside pdfjs-dist (installed with officeparser), so the
 * OCR tests do not depend on what fonts the machine has; system fonts are the fallback.
 */
function testFont(): string {
  if (fontFamily) return fontFamily
  const candidates: string[] = []
  const here = createRequire(import.meta.url)
  // Hoisted to the top of node_modules, or nested under officeparser's own.
  const places = [
    () => here.resolve('pdfjs-dist/package.json'),
    () => createRequire(here.resolve('officeparser')).resolve('pdfjs-dist/package.json'),
  ]
  for (const place of places) {
    try {
      candidates.push(join(dirname(place()), 'standard_fonts', 'LiberationSans-Regular.ttf'))
      break
    } catch {
      // Not there: try the next place, then the system fonts below.
    }
  }
  candidates.push(
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  )
  for (const path of candidates) {
    if (existsSync(path) && GlobalFonts.registerFromPath(path, FONT_FAMILY)) {
      fontFamily = FONT_FAMILY
      return fontFamily
    }
  }
  if (GlobalFonts.families.length === 0) throw new Error('No font found to draw the OCR test images')
  fontFamily = 'sans-serif'
  return fontFamily
}

/** A canvas of black text drawn large on a white background, one line per entry. */
function drawText(lines: string[], fontSize: number) {
  const family = testFont()
  const lineHeight = Math.round(fontSize * 1.6)
  const measure = createCanvas(1, 1).getContext('2d')
  measure.font = `${fontSize}px ${family}`
  const width = Math.ceil(Math.max(...lines.map((line) => measure.measureText(line).width))) + 2 * fontSize
  const canvas = createCanvas(width, lines.length * lineHeight + 2 * fontSize)
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#000000'
  context.font = `${fontSize}px ${family}`
  context.textBaseline = 'top'
  lines.forEach((line, index) => {
    context.fillText(line, fontSize, fontSize + index * lineHeight)
  })
  return canvas
}

/** An image of text, in one of the formats the canvas encodes. */
export function textImage(
  lines: string[],
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  fontSize = 48,
): Uint8Array {
  const canvas = drawText(lines, fontSize)
  if (format === 'png') return canvas.encodeSync('png')
  if (format === 'gif') return canvas.encodeSync('gif')
  return canvas.encodeSync(format, 95)
}

/** An image of text as an uncompressed 24-bit BMP, a format the canvas does not write. */
export function textBmp(lines: string[], fontSize = 48): Uint8Array {
  const canvas = drawText(lines, fontSize)
  const { width, height } = canvas
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height)
  const stride = Math.ceil((width * 3) / 4) * 4
  const size = 54 + stride * height
  const bmp = Buffer.alloc(size)
  bmp.write('BM', 0, 'latin1')
  bmp.writeUInt32LE(size, 2)
  bmp.writeUInt32LE(54, 10)
  bmp.writeUInt32LE(40, 14)
  bmp.writeInt32LE(width, 18)
  bmp.writeInt32LE(height, 22)
  bmp.writeUInt16LE(1, 26)
  bmp.writeUInt16LE(24, 28)
  bmp.writeUInt32LE(stride * height, 34)
  // Rows go bottom-up, pixels as blue, green, red.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((height - 1 - y) * width + x) * 4
      const to = 54 + y * stride + x * 3
      bmp[to] = data[from + 2]!
      bmp[to + 1] = data[from + 1]!
      bmp[to + 2] = data[from]!
    }
  }
  return bmp
}

/** An image of text as an uncompressed baseline RGB TIFF, a format the canvas does not write. */
export function textTiff(lines: string[], fontSize = 48): Uint8Array {
  const canvas = drawText(lines, fontSize)
  const { width, height } = canvas
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height)
  // One image directory of SHORT (3) and LONG (4) entries; BitsPerSample's three values follow it.
  const tags: [tag: number, type: 3 | 4, count: number, value: number][] = [
    [256, 3, 1, width],
    [257, 3, 1, height],
    [258, 3, 3, 0], // bits per sample: offset filled in below
    [259, 3, 1, 1], // no compression
    [262, 3, 1, 2], // RGB
    [273, 4, 1, 0], // offset of the pixels: filled in below
    [277, 3, 1, 3], // samples per pixel
    [278, 3, 1, height], // rows per strip: one strip
    [279, 4, 1, width * height * 3],
    [284, 3, 1, 1], // samples interleaved
  ]
  const directory = 8
  const bitsPerSample = directory + 2 + tags.length * 12 + 4
  const pixels = bitsPerSample + 6
  tags[2]![3] = bitsPerSample
  tags[5]![3] = pixels
  const tiff = Buffer.alloc(pixels + width * height * 3)
  tiff.write('II', 0, 'latin1')
  tiff.writeUInt16LE(42, 2)
  tiff.writeUInt32LE(directory, 4)
  tiff.writeUInt16LE(tags.length, directory)
  tags.forEach(([tag, type, count, value], index) => {
    const at = directory + 2 + index * 12
    tiff.writeUInt16LE(tag, at)
    tiff.writeUInt16LE(type, at + 2)
    tiff.writeUInt32LE(count, at + 4)
    if (type === 3 && count === 1) tiff.writeUInt16LE(value, at + 8)
    else tiff.writeUInt32LE(value, at + 8)
  })
  for (let i = 0; i < 3; i++) tiff.writeUInt16LE(8, bitsPerSample + i * 2)
  for (let i = 0; i < width * height; i++) {
    tiff[pixels + i * 3] = data[i * 4]!
    tiff[pixels + i * 3 + 1] = data[i * 4 + 1]!
    tiff[pixels + i * 3 + 2] = data[i * 4 + 2]!
  }
  return tiff
}
