import { EditorView } from '@codemirror/view'

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace'

/** Where the text starts from the editor's left edge, so blocks (code, tables) line up with it. */
const INSET = '1.25rem'

/**
 * The live preview's look, in the app's colours (its CSS variables, light and dark): the page reads
 * as the rendered page does, in the app's own font, a readable measure wide.
 */
export const livePreviewTheme = EditorView.theme({
  '&.cm-lp .cm-scroller': { fontFamily: SANS, fontSize: '1rem', lineHeight: '1.65' },
  '&.cm-lp .cm-content': { padding: '0.9rem 0 1.5rem', maxWidth: '50rem' },
  // A line whose marks are all hidden (a rule, a closing fence) keeps a line's height, so the cursor can reach it.
  '&.cm-lp .cm-line': { padding: `0 ${INSET}`, minHeight: '1lh' },
  '.cm-lp-hidden': { display: 'none' },
  // A phone's width is too precious for wide margins.
  '@media (max-width: 600px)': {
    '&.cm-lp .cm-line': { paddingLeft: '0.8rem', paddingRight: '0.8rem' },
    '.cm-line.cm-lp-codeblock, .cm-lp-table, .cm-lp-properties-block': {
      marginLeft: '0.8rem',
      marginRight: '0.8rem',
    },
    '.cm-line.cm-lp-quote': { marginLeft: '0.8rem' },
  },

  '.cm-lp-heading': { fontWeight: '650', lineHeight: '1.3', letterSpacing: '-0.01em' },
  '.cm-line.cm-lp-h1': { fontSize: '1.8em', paddingTop: '0.45em', paddingBottom: '0.15em' },
  '.cm-line.cm-lp-h2': { fontSize: '1.45em', paddingTop: '0.55em', paddingBottom: '0.1em' },
  '.cm-line.cm-lp-h3': { fontSize: '1.2em', paddingTop: '0.5em' },
  '.cm-line.cm-lp-h4': { fontSize: '1.05em', paddingTop: '0.4em' },
  '.cm-line.cm-lp-h5': { fontSize: '0.95em', paddingTop: '0.3em' },
  '.cm-line.cm-lp-h6': { fontSize: '0.9em', paddingTop: '0.3em', color: 'var(--muted)' },
  '.cm-line.cm-lp-setext-mark': { fontSize: '0.7em', lineHeight: '1', color: 'var(--muted)' },

  '.cm-lp-inline-code': {
    fontFamily: MONO,
    fontSize: '0.86em',
    background: 'var(--bg-soft)',
    border: '1px solid var(--line)',
    borderRadius: '4px',
    padding: '0.05em 0.3em',
  },
  '.cm-line.cm-lp-codeblock': {
    fontFamily: MONO,
    fontSize: '0.86em',
    lineHeight: '1.55',
    background: 'var(--bg-soft)',
    margin: `0 ${INSET}`,
    padding: '0 0.85rem',
    borderLeft: '1px solid var(--line)',
    borderRight: '1px solid var(--line)',
  },
  '.cm-line.cm-lp-codeblock-first': {
    borderTop: '1px solid var(--line)',
    borderTopLeftRadius: 'var(--radius)',
    borderTopRightRadius: 'var(--radius)',
    paddingTop: '0.35rem',
  },
  '.cm-line.cm-lp-codeblock-last': {
    borderBottom: '1px solid var(--line)',
    borderBottomLeftRadius: 'var(--radius)',
    borderBottomRightRadius: 'var(--radius)',
    paddingBottom: '0.35rem',
  },
  '.cm-line.cm-lp-fence': { fontSize: '0.72em', lineHeight: '1.15', color: 'var(--muted)' },
  '.cm-lp-codeinfo': { fontFamily: SANS, letterSpacing: '0.03em', textTransform: 'lowercase' },

  '.cm-line.cm-lp-quote': {
    borderLeft: '3px solid var(--line)',
    marginLeft: INSET,
    paddingLeft: '0.9rem',
    color: 'var(--muted)',
  },
  '.cm-line.cm-lp-hr': {
    backgroundImage: 'linear-gradient(var(--line), var(--line))',
    backgroundSize: '100% 1px',
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
    backgroundOrigin: 'content-box',
    backgroundClip: 'content-box',
  },

  '.cm-lp-link': {
    color: 'var(--accent)',
    textDecoration: 'underline',
    textDecorationColor: 'color-mix(in srgb, var(--accent) 45%, transparent)',
    textUnderlineOffset: '0.18em',
  },
  '.cm-lp-link *': { color: 'inherit' },
  '.cm-lp-missing': {
    color: 'var(--danger)',
    textDecorationStyle: 'dashed',
    textDecorationColor: 'var(--danger)',
  },
  '.cm-lp-follow': {
    display: 'inline-block',
    padding: '0 0.2em',
    color: 'var(--muted)',
    fontSize: '0.8em',
    lineHeight: '1',
    cursor: 'pointer',
    borderRadius: '3px',
  },
  '.cm-lp-follow::after': { content: '"↗"' },
  '.cm-lp-follow:hover': { color: 'var(--accent)', background: 'var(--bg-soft)' },

  '.cm-lp-bullet': { position: 'relative', color: 'transparent' },
  '.cm-lp-bullet::after': {
    content: '"•"',
    position: 'absolute',
    left: '-0.1em',
    right: '-0.1em',
    textAlign: 'center',
    color: 'var(--muted)',
  },
  '.cm-lp-number': { color: 'var(--muted)', fontVariantNumeric: 'tabular-nums' },
  '.cm-lp-task': {
    width: '1em',
    height: '1em',
    margin: '0 0.45em 0 0',
    verticalAlign: '-0.12em',
    accentColor: 'var(--accent)',
    cursor: 'pointer',
  },
  '.cm-lp-task-done': { color: 'var(--muted)', textDecoration: 'line-through' },

  '.cm-lp-image': { maxWidth: '100%', verticalAlign: 'middle' },
  // Inline-block rather than block: a block inside the line would leave an empty line box above it.
  '.cm-lp-image-block': {
    display: 'inline-block',
    verticalAlign: 'bottom',
    maxHeight: '28rem',
    margin: '0.35rem 0',
    borderRadius: 'var(--radius)',
  },
  '.cm-lp-image-missing': {
    display: 'inline-block',
    maxWidth: '100%',
    padding: '0 0.45em',
    border: '1px dashed var(--line)',
    borderRadius: '4px',
    color: 'var(--muted)',
    fontSize: '0.8em',
    lineHeight: '1.6',
    verticalAlign: 'middle',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '.cm-lp-image-missing::before': { content: 'attr(data-alt)' },

  // Block widgets take their space with padding: CodeMirror measures their height without margins.
  '.cm-lp-table': { overflowX: 'auto', margin: `0 ${INSET}`, padding: '0.35rem 0', cursor: 'text' },
  '.cm-lp-table table': { borderCollapse: 'collapse', fontSize: '0.93em', lineHeight: '1.45' },
  // Empty cells keep a cell's size: a table just inserted, all empty, is a grid to click into.
  '.cm-lp-table th, .cm-lp-table td': {
    border: '1px solid var(--line)',
    minWidth: '3em',
    height: '1.45em',
    padding: '0.3em 0.7em',
    textAlign: 'left',
    verticalAlign: 'top',
  },
  '.cm-lp-table th': { background: 'var(--bg-soft)', fontWeight: '600' },
  '.cm-lp-table .cm-lp-align-center': { textAlign: 'center' },
  '.cm-lp-table .cm-lp-align-right': { textAlign: 'right' },
  '.cm-lp-table code': {
    fontFamily: MONO,
    fontSize: '0.9em',
    background: 'var(--bg-soft)',
    borderRadius: '3px',
    padding: '0 0.25em',
  },
  '.cm-lp-image-alt': { color: 'var(--muted)', fontStyle: 'italic' },
  '.cm-line.cm-lp-table-source, .cm-line.cm-lp-frontmatter-source': { fontFamily: MONO, fontSize: '0.86em' },
  '.cm-line.cm-lp-frontmatter-source': { color: 'var(--muted)' },

  '.cm-lp-properties-block': { margin: `0 ${INSET}`, padding: '0.4rem 0 0.6rem' },
  '.cm-lp-properties': {
    padding: '0.5rem 0.8rem 0.6rem',
    border: '1px solid var(--line)',
    borderRadius: 'var(--radius)',
    background: 'var(--bg-soft)',
    fontSize: '0.875em',
    lineHeight: '1.5',
    cursor: 'text',
  },
  '.cm-lp-properties-title': {
    fontSize: '0.78em',
    fontWeight: '600',
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
    color: 'var(--muted)',
    marginBottom: '0.25rem',
  },
  '.cm-lp-properties dl': {
    display: 'grid',
    gridTemplateColumns: 'minmax(5rem, max-content) minmax(0, 1fr)',
    gap: '0.15rem 1rem',
    margin: '0',
  },
  '.cm-lp-properties dl > div': { display: 'contents' },
  '.cm-lp-properties dt': { color: 'var(--muted)' },
  '.cm-lp-properties dd': {
    margin: '0',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0.25rem',
    overflowWrap: 'anywhere',
  },
  '.cm-lp-chip': {
    padding: '0 0.5em',
    borderRadius: '999px',
    background: 'color-mix(in srgb, var(--accent) 13%, transparent)',
    color: 'var(--fg)',
  },

  '.cm-line.cm-lp-raw, .cm-line.cm-lp-definition': { color: 'var(--muted)', fontSize: '0.9em' },
})
