import { describe, expect, it } from 'vitest'
import { describeSpaceReposContract } from '../contracts/space-repos.contract.ts'
import { author, write } from '../contracts/space-repos-setup.ts'
import { memoryNetwork, memoryRepos } from './memory-repos.ts'

describeSpaceReposContract('In-memory repositories', async () => {
  const network = memoryNetwork()
  let made = 0
  return {
    repos: memoryRepos({ network }),
    newRemote: async () => {
      const url = `https://git.example.test/wiki-${++made}.git`
      network.create(url)
      return { url, branch: 'main' }
    },
    close: () => {},
  }
})

describe('the in-memory network', () => {
  it('fails a fetch and a push while cut off, keeping the commits local, and takes them once back', async () => {
    const network = memoryNetwork()
    const url = 'https://git.example.test/wiki.git'
    network.create(url)
    const repos = memoryRepos({ network, now: () => 1_700_000_000_000 })
    await repos.create(1, { repoUrl: url, branch: 'main', author, message: 'Create' })
    const repo = repos.open(1, 'main')
    const remote = { url, branch: 'main' }
    const tip = await repo.commit({
      parent: undefined,
      changes: [write('content/a.md', 'a')],
      author,
      message: 'A',
    })
    expect((await repo.commitInfo(tip!))?.date).toBe(1_700_000_000_000)

    network.setOffline(true)
    await expect(repo.push(remote)).rejects.toThrow(/could not be reached/)
    await expect(repo.fetch(remote)).rejects.toThrow(/could not be reached/)
    expect(await repo.head()).toBe(tip)
    expect(network.head(url, 'main')).toBeUndefined()

    network.setOffline(false)
    expect(await repo.push(remote)).toBe('pushed')
    expect(network.head(url, 'main')).toBe(tip)
  })

  it('fails the exchange with an address where no repository is', async () => {
    const repos = memoryRepos()
    await repos.create(1, {
      repoUrl: 'https://git.example.test/none.git',
      branch: 'main',
      author,
      message: 'C',
    })
    const repo = repos.open(1, 'main')
    await expect(repo.fetch({ url: 'https://git.example.test/none.git', branch: 'main' })).rejects.toThrow(
      /not found/,
    )
  })
})
