/**
 * Whether the app was served by the desktop engine, which marks its page (desktop/engine/desktop-page.ts):
 * known without a request, so the hosted server is never asked for an API it does not have.
 */
export function runsOnDesktop(): boolean {
  return document.querySelector('meta[name="quire-desktop"]') !== null
}
