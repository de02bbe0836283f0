import { describe, expect, it } from 'vitest'
import { relativeTarget, resolveTarget } from './paths.ts'

describe('resolveTarget', () => {
  it.each([
    ['install.md', 'guides/install.md'],
    ['./install.md', 'guides/install.md'],
    ['../index.md', 'index.md'],
    ['sub/../other/./x.md', 'guides/other/x.md'],
    ['/reference/api.md', 'reference/api.md'],
    ['my%20page.md', 'guides/my page.md'],
    ['caf%C3%A9.md', 'guides/café.md'],
    ['café.md', 'guides/café.md'],
    ['100%.md', 'guides/100%.md'],
    ['foo\\_bar.md', 'guides/foo_bar.md'],
    ['install.md#linux', 'guides/install.md'],
    ['install.md?tab=1#top', 'guides/install.md'],
    ['../images/logo.png', 'images/logo.png'],
  ])('from guides/setup.md, %s points to %s', (target, expected) => {
    expect(resolveTarget('guides/setup.md', target)).toBe(expected)
  })

  it.each([
    ['../../outside.md'],
    ['/../outside.md'],
    ['https://example.com/guides/setup.md'],
    ['mailto:someone@example.com'],
    ['#same-page'],
    ['//cdn.example.com/x.png'],
    ['?only=query'],
    [''],
  ])('gives nothing for %j', (target) => {
    expect(resolveTarget('guides/setup.md', target)).toBeUndefined()
  })

  it('resolves from a page at the root', () => {
    expect(resolveTarget('index.md', 'guides/setup.md')).toBe('guides/setup.md')
    expect(resolveTarget('index.md', '../index.md')).toBeUndefined()
  })
})

describe('relativeTarget', () => {
  it.each([
    ['guides/setup.md', 'guides/install.md', 'install.md'],
    ['guides/setup.md', 'guides/setup.md', 'setup.md'],
    ['guides/setup.md', 'index.md', '../index.md'],
    ['index.md', 'guides/setup.md', 'guides/setup.md'],
    ['a/b/c.md', 'a/x/y/z.md', '../x/y/z.md'],
    ['ab/x.md', 'a/y.md', '../a/y.md'],
    ['a/b/c/d.md', 'e.md', '../../../e.md'],
    ['index.md', 'My notes/Plan (v2).md', 'My%20notes/Plan%20%28v2%29.md'],
    ['index.md', 'café/résumé.md', 'café/résumé.md'],
    ['index.md', '100% #1?.md', '100%25%20%231%3F.md'],
    ['index.md', 'note:today.md', './note:today.md'],
  ])('from %s to %s is %s', (from, to, expected) => {
    expect(relativeTarget(from, to)).toBe(expected)
  })

  it('keeps spaces and parentheses readable inside <...>, still encoding what would end it', () => {
    expect(relativeTarget('index.md', 'My notes/Plan (v2).md', true)).toBe('My notes/Plan (v2).md')
    expect(relativeTarget('guides/a.md', '100% <b>.md', true)).toBe('../100%25 %3Cb%3E.md')
    expect(relativeTarget('index.md', 'note:today.md', true)).toBe('./note:today.md')
  })

  it.each([
    ['guides/setup.md', 'My notes/Plan (v2).md'],
    ['a/b/c.md', 'a/b c/d%.md'],
    ['index.md', 'deep/er/[draft] #3.md'],
  ])('leads back to the same file from %s to %s', (from, to) => {
    expect(resolveTarget(from, relativeTarget(from, to))).toBe(to)
  })
})
