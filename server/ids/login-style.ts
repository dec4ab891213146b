import type { Palette, Theme } from '../../src/contract/themes.ts';

const colours = (p: Palette) =>
  `--text:${p.text};--muted:${p.mutedText};--link:${p.link};--bg:${p.background};--card:${p.cardBackground};--primary:${p.primary};--on-primary:${p.onPrimary}`;

/** The sign-in pages' style sheet in the brand's colours, a file so the CSP needs no inline style; a
 * long compound word breaks, hyphenated, rather than leave the card on a narrow phone. */
export function loginStylesheet(theme: Theme): string {
  return `:root{color-scheme:light dark;${colours(theme)};--field:#FFFFFF;--danger:#B00020;--danger-bg:#FDECEE;--shadow:0 1px 4px rgba(0,0,0,.15);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
@media (prefers-color-scheme:dark){:root{${colours(theme.dark)};--field:${theme.dark.background};--danger:#FFB4AB;--danger-bg:#3B1214;--shadow:0 0 0 1px rgba(255,255,255,.08),0 4px 16px rgba(0,0,0,.4)}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:var(--bg);color:var(--text);padding:2rem 1rem;overflow-wrap:anywhere;hyphens:auto}
.card{width:100%;max-width:26rem;background:var(--card);border-radius:${theme.radius}px;box-shadow:var(--shadow);padding:2rem;overflow:hidden}
.brand{margin:-2rem -2rem 1.5rem;padding:1rem 2rem;background:${theme.primary};border-bottom:4px solid ${theme.accent}}
@media (max-width:24rem){.card{padding:1.5rem 1.25rem}.brand{margin:-1.5rem -1.25rem 1.5rem;padding:1rem 1.25rem}}
.logo{display:block;max-width:100%;height:40px}
h1{font-size:1.5rem;margin:0 0 .5rem}
.intro,.hint{color:var(--muted);margin:0 0 1rem}
.hint{font-size:.875rem;margin:0 0 .25rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid var(--muted);border-radius:${theme.buttonRadius}px;background:var(--field);color:var(--text)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--danger)}
.alert,.field-error{color:var(--danger);font-weight:600}
.alert{border:1px solid var(--danger);background:var(--danger-bg);border-radius:${theme.buttonRadius}px;padding:.75rem;margin:0 0 1rem}
.field-error{margin:0 0 .25rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0 1rem}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:${theme.buttonRadius}px;cursor:pointer;min-height:44px}
.primary{background:var(--primary);color:var(--on-primary);border:2px solid var(--primary)}
.secondary{background:transparent;color:var(--link);border:2px solid var(--link)}
a{color:var(--link)}
.switch{margin:0;color:var(--text)}
`;
}
