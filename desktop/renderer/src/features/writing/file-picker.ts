/**
 * Opens the system's file picker (the slash menu's `Image or file`) and hands the chosen files to
 * `onFiles`. The input is put in the page while it is open, as some browsers give a detached one no
 * picker; it goes once the person chose or cancelled.
 */
export function pickFiles(onFiles: (files: File[]) => void): void {
  const input = document.createElement('input')
  input.type = 'file'
  input.multiple = true
  input.className = 'visually-hidden'
  input.tabIndex = -1
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])]
    input.remove()
    if (files.length > 0) onFiles(files)
  })
  input.addEventListener('cancel', () => input.remove())
  document.body.append(input)
  input.click()
}
