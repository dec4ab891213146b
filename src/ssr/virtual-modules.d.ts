// Modules vite.config.ts makes at build time.
declare module 'virtual:page-script' {
  /** src/early/page-script.ts, bundled and minified into one classic script's text. */
  const code: string;
  export default code;
}

declare module 'virtual:signed-in-script' {
  /** src/early/signed-in-script.ts, the same way. */
  const code: string;
  export default code;
}
