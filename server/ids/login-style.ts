import type { Theme } from './theme.ts';

/** The login pages' stylesheet, in the brand's colours; a file, so the CSP needs no inline style. */
export function loginStylesheet(theme: Theme): string {
  return `:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:${theme.background};color:${theme.text};padding:2rem 1rem}
.card{width:100%;max-width:26rem;background:${theme.cardBackground};border-radius:${theme.radius}px;box-shadow:0 1px 4px rgba(0,0,0,.15);padding:2rem}
.logo{display:block;max-width:60%;height:40px;margin:0 0 1.5rem;color:${theme.mutedText}}
h1{font-size:1.5rem;margin:0 0 .5rem}
.intro,.hint{color:${theme.mutedText};margin:0 0 1rem}
.hint{font-size:.875rem;margin:0 0 .25rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid ${theme.mutedText};border-radius:${theme.buttonRadius}px;background:#fff;color:${theme.text}}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid ${theme.link};outline-offset:2px}
input[aria-invalid=true]{border-color:#B00020}
.alert,.field-error{color:#B00020;font-weight:600}
.alert{border:1px solid #B00020;background:#FDECEE;border-radius:${theme.buttonRadius}px;padding:.75rem;margin:0 0 1rem}
.field-error{margin:0 0 .25rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0 1rem}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:${theme.buttonRadius}px;cursor:pointer;min-height:44px}
.primary{background:${theme.primary};color:${theme.onPrimary};border:2px solid ${theme.primary}}
.secondary{background:transparent;color:${theme.link};border:2px solid ${theme.link}}
a{color:${theme.link}}
.switch{margin:0;color:${theme.text}}
`;
}
