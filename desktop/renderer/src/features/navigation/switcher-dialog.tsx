import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { foundPagesQuery, type PageRef, recentQuery } from './queries.ts'
import { switcherItems } from './switcher-results.ts'

/**
 * The switcher's dialog: a combobox (ARIA 1.2: the input owns a listbox and names the active option)
 * over the pages of every readable space. Nothing typed lists the pages viewed lately; each keystroke
 * asks the server, the question before it is dropped, and what is known already is shown meanwhile.
 * `onClose` says whether a page was opened.
 */
export function SwitcherDialog({
  dialog,
  onClose,
}: {
  /** Filled with the dialog element, so the switcher knows whether the browser has closed it. */
  dialog: RefObject<HTMLDialogElement | null>
  onClose: (hasLeft: boolean) => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const hasLeft = useRef(false)
  const isEnterPending = useRef(false)
  const ids = useId()
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const typed = query.trim()
  const recent = useQuery(recentQuery)
  const found = useQuery({
    ...foundPagesQuery(typed),
    enabled: typed !== '',
    placeholderData: keepPreviousData,
  })
  const items = useMemo(
    () => switcherItems(typed, recent.data ?? [], typed ? (found.data ?? []) : [], found.isPlaceholderData),
    [typed, recent.data, found.data, found.isPlaceholderData],
  )
  const current = Math.min(active, items.length - 1)
  const optionId = (index: number) => `${ids}-option-${index}`

  useLayoutEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [dialog])
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' })
  })

  const go = (item: PageRef) => {
    hasLeft.current = true
    dialog.current?.close()
    void navigate({
      to: '/s/$org/$space/page/$',
      params: { org: item.org, space: item.space, _splat: item.path },
    })
  }
  useEffect(() => {
    const first = items[0]
    if (!isEnterPending.current || !first || found.isPlaceholderData) return
    isEnterPending.current = false
    go(first)
  })
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (count > 0) setActive((current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count)
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      // An Enter that ends a composition (an accent, a Japanese word) belongs to the text, not the list.
      event.preventDefault()
      const item = items[current]
      if (item) go(item)
      // Typed faster than the server answered: the first page of its answer is opened when it comes.
      else isEnterPending.current = found.isFetching
    }
  }
  const listLabel = typed ? t('navigation.switcher.results') : t('navigation.switcher.recent')

  return (
    <dialog
      ref={dialog}
      className="dialog switcher"
      aria-label={t('navigation.switcher.title')}
      onClose={() => onClose(hasLeft.current)}
      // A click on the backdrop (the dialog itself, outside its content) closes it.
      onMouseDown={(event) => {
        if (event.target === dialog.current) dialog.current.close()
      }}
    >
      <div className="switcher-body">
        <input
          type="text"
          role="combobox"
          aria-label={t('navigation.switcher.input')}
          aria-expanded={items.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          placeholder={t('navigation.switcher.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
            isEnterPending.current = false
          }}
          onKeyDown={onKeyDown}
        />
        {!typed && items.length > 0 && (
          <p className="switcher-heading small muted" aria-hidden="true">
            {listLabel}
          </p>
        )}
        <div id={`${ids}-list`} role="listbox" aria-label={listLabel} className="switcher-list">
          {items.map((item, index) => (
            // biome-ignore lint/a11y: an option of a combobox: the focus stays in its input, which takes the keys.
            <div
              key={`${item.org}/${item.space}/${item.path}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== current && setActive(index)}
              onClick={() => go(item)}
            >
              <span className="switcher-title">{item.title}</span>
              <span className="switcher-where small muted">
                {t('navigation.switcher.where', { space: item.space_name, path: item.path })}
              </span>
            </div>
          ))}
        </div>
        <SwitcherState
          typed={typed}
          count={items.length}
          isSearching={typed !== '' && found.isFetching}
          hasNoRecent={recent.isSuccess && recent.data.length === 0}
        />
        <ErrorNote error={typed ? found.error : recent.error} />
        <p className="switcher-hint small muted">{t('navigation.switcher.hint')}</p>
      </div>
    </dialog>
  )
}

/** What the switcher says under its list: searching, nothing found, or how many pages (for screen readers). */
function SwitcherState(props: { typed: string; count: number; isSearching: boolean; hasNoRecent: boolean }) {
  const { t } = useTranslation()
  const { typed, count, isSearching, hasNoRecent } = props
  let text = t('navigation.switcher.count', { count })
  let isShown = false
  if (count === 0 && typed && isSearching) [text, isShown] = [t('navigation.switcher.searching'), true]
  else if (count === 0 && typed) [text, isShown] = [t('navigation.switcher.noMatch', { query: typed }), true]
  else if (count === 0 && hasNoRecent) [text, isShown] = [t('navigation.switcher.noRecent'), true]
  return (
    <p role="status" className={isShown ? 'switcher-state muted' : 'visually-hidden'}>
      {text}
    </p>
  )
}
