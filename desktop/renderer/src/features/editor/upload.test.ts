import { describe, expect, it } from 'vitest'
import { markdownLinkTo } from './upload.ts'

describe('the link to an uploaded file', () => {
  it('shows an image and links anything else, by its name beside the page', () => {
    expect(markdownLinkTo('diagram.png')).toBe('![diagram](diagram.png)')
    expect(markdownLinkTo('Photo 1.JPG')).toBe('![Photo 1](Photo%201.JPG)')
    expect(markdownLinkTo('report.pdf')).toBe('[report](report.pdf)')
    expect(markdownLinkTo('[draft].txt')).toBe('[\\[draft\\]](%5Bdraft%5D.txt)')
  })
})
