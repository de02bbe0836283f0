import './navigation.css'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { isFromEditable } from '../../components/editable-target.ts'
import { isHelpKey, modKey } from './keys.ts'

/**
 * A shortcut: the keys pressed together (each shown as a key), the keys of its counterpart when it
 * has one (outdent for indent, down for up) or of the keys pressed next (`next`), and the catalog key
 * of what it does.
 */
type Shortcut = { keys: string[]; or?: string[]; next?: string[]; action: string }

function shortcutGroups(mod: string): { title: string; shortcuts: Shortcut[] }[] {
  return [
    {
      title: 'everywhere',
      shortcuts: [
        { keys: [mod, 'K'], action: 'switcher' },
        { keys: ['/'], action: 'search' },
        { keys: ['?'], action: 'help' },
        { keys: ['Esc'], action: 'close' },
      ],
    },
    {
      title: 'editor',
      shortcuts: [
        { keys: [mod, 'S'], action: 'save' },
        { keys: [mod, 'B'], or: [mod, 'I'], action: 'emphasis' },
        { keys: [mod, 'F'], action: 'find' },
        { keys: ['Tab'], or: ['Shift', 'Tab'], action: 'tab' },
        { keys: ['Esc'], next: ['Tab'], action: 'leave' },
        { keys: [mod, 'Z'], action: 'undo' },
        { keys: [mod, 'Shift', 'Z'], action: 'redo' },
        { keys: [mod, ']'], or: [mod, '['], action: 'indent' },
        { keys: ['Alt', '↑'], or: ['Alt', '↓'], action: 'moveLine' },
      ],
    },
  ]
}

/** The keyboard shortcuts, listed in a dialog that `?` opens from anywhere but a text field. */
export function ShortcutsDialog() {
  const { t } = useTranslation()
  const [isOpen, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isHelpKey(event) || isFromEditable(event)) return
      event.preventDefault()
      setOpen(true)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  return (
    <Dialog title={t('navigation.shortcuts.title')} open={isOpen} onClose={() => setOpen(false)}>
      {shortcutGroups(modKey()).map((group) => (
        <table key={group.title} className="shortcuts">
          <caption>{t(`navigation.shortcuts.${group.title}`)}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('navigation.shortcuts.key')}</th>
              <th scope="col">{t('navigation.shortcuts.action')}</th>
            </tr>
          </thead>
          <tbody>
            {group.shortcuts.map((shortcut) => (
              <tr key={shortcut.action}>
                <td>
                  <Keys keys={shortcut.keys} />
                  {shortcut.or && (
                    <>
                      {' / '}
                      <Keys keys={shortcut.or} />
                    </>
                  )}
                  {shortcut.next && (
                    <>
                      {' → '}
                      <Keys keys={shortcut.next} />
                    </>
                  )}
                </td>
                <td>{t(`navigation.shortcuts.${shortcut.action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className="small muted">{t('navigation.shortcuts.notInFields')}</p>
    </Dialog>
  )
}

/** The keys named differently on the keyboards of a language (French: Échap, Maj). */
const NAMED_KEYS = new Set(['Esc', 'Shift'])

/** Keys pressed together, each shown as a key, named as the person's keyboard labels it. */
function Keys({ keys }: { keys: string[] }) {
  const { t } = useTranslation()
  return keys.map((key, index) => (
    <span key={key}>
      {index > 0 && ' + '}
      <kbd>{NAMED_KEYS.has(key) ? t(`navigation.shortcuts.keyNames.${key as 'Esc' | 'Shift'}`) : key}</kbd>
    </span>
  ))
}
