import { describe, expect, it } from 'vitest'
import { hasInternalLink, isChangedByPaths } from './internal-links.ts'

describe('hasInternalLink', () => {
  it('finds wiki links and Markdown links to files of the space', () => {
    expect(hasInternalLink('See [[Deploy]].')).toBe(true)
    expect(hasInternalLink('See [the steps](deploy.md).')).toBe(true)
    expect(hasInternalLink('See [the steps]( <../guides/my deploy.md#x> ).')).toBe(true)
    expect(hasInternalLink('See [the steps][s].\n\n> [s]: /deploy.md "Deploy"\n')).toBe(true)
    expect(hasInternalLink('[![logo](img/logo.png)](index.md)')).toBe(true)
  })

  it('finds none in a page with outside links, anchors and images only', () => {
    expect(hasInternalLink('# Plain\n\nNo links [here].\n')).toBe(false)
    expect(hasInternalLink('[site](https://example.com) [mail](mailto:a@b.c) [up](#top) [x]()')).toBe(false)
    expect(hasInternalLink('![shot](img/shot.png) and ![a [nested] alt](x.png)')).toBe(false)
    expect(hasInternalLink('[site]: https://example.com\n')).toBe(false)
  })

  it('tells whether the space’s files change how a text is drawn', () => {
    const context = {
      org: 'acme',
      space: 'handbook',
      path: 'guides/setup.md',
      paths: ['index.md', 'guides/setup.md'],
    }
    expect(
      isChangedByPaths('[home](../index.md) [up](#x) [out](https://example.com/x.md) [me](./)', context),
    ).toBe(false)
    expect(isChangedByPaths('![shot](img/missing.png) [guides](../guides/)', context)).toBe(false)
    expect(isChangedByPaths('[home](../Index.md)', context)).toBe(true)
    expect(isChangedByPaths('See [[Holidays]].', context)).toBe(true)
    expect(isChangedByPaths('[home](missing.md)', { ...context, paths: undefined })).toBe(false)
  })
})
