const version = document.querySelector<HTMLElement>('#app-version')
if (version) version.textContent = __APP_VERSION__

const runtime = document.querySelector<HTMLElement>('#runtime')
if (runtime && window.desktop) {
  const { platform, versions } = window.desktop
  runtime.textContent = `Electron ${versions.electron} · Chrome ${versions.chrome} · ${platform}`
}
