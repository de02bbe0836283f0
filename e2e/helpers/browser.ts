import { type Browser, type BrowserContext, chromium } from 'playwright'

/** Debian's Chromium (apt-get install chromium); Playwright's own browser downloads are not used. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Launches headless Chromium with no sandbox (containers, CI) and no background traffic of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * Records in the pages of `context` every Content-Security-Policy violation (`window.cspViolations`),
 * before any script of the page runs: a test then checks that nothing the app does was refused.
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const violations: string[] = []
    Object.assign(window, { cspViolations: violations })
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
}
