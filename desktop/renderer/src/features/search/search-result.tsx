import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { highlight } from './highlight.ts'
import type { SearchResult } from './queries.ts'

/** One page found: its title (to the page), space and path, how it matched, freshness, snippets. */
export function SearchResultItem({
  result,
  spaceName,
  words,
}: {
  result: SearchResult
  spaceName: string
  words: readonly string[]
}) {
  const { t } = useTranslation()
  const [org = '', space = ''] = result.space.split('/')
  const state = result.freshness?.state
  return (
    <li className="search-result">
      <h3>
        <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: result.path }}>
          {result.title || result.path}
        </Link>
      </h3>
      <p className="small muted result-where">
        <span>{spaceName}</span> · <span>{result.path}</span>
      </p>
      <p className="result-badges">
        <span className={`badge match-${result.match}`}>{t(`search.match.${result.match}`)}</span>
        {state && (
          <span className={`badge ${state === 'never' ? '' : state}`}>{t(`common.freshness.${state}`)}</span>
        )}
        {result.extracted && <span className="badge">{t('search.extracted')}</span>}
      </p>
      {result.snippets.length > 0 && (
        <ol className="snippets" aria-label={t('search.snippets')}>
          {result.snippets.slice(0, 3).map((snippet) => (
            <li key={snippet.line} className="snippet">
              <span className="snippet-line">{t('search.line', { line: snippet.line })}</span>
              <div className="snippet-text">
                {snippet.before && <span className="snippet-context">{snippet.before}</span>}
                <span className="snippet-match">
                  {highlight(snippet.text, words).map((piece, index) =>
                    piece.isMatch ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a fixed line.
                      <mark key={index}>{piece.text}</mark>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a fixed line.
                      <span key={index}>{piece.text}</span>
                    ),
                  )}
                </span>
                {snippet.after && <span className="snippet-context">{snippet.after}</span>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </li>
  )
}
