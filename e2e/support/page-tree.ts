import type { Text } from '../fixtures.ts';

// Aria snapshot templates in reading order; `/children: equal` fails a node heard twice, not only a missing one.

/** `role "name" [attributes]`, single-quoted for YAML (a name may hold ': ' or quotes). */
const node = (role: string, name: string, attributes = '') =>
  `'${`${role} ${JSON.stringify(name)}${attributes}`.replaceAll("'", "''")}'`;

export type Tree = string[];

export const img = (name: string): Tree => [`- ${node('img', name)}`];
export const heading = (name: string, level: number): Tree => [`- ${node('heading', name, ` [level=${level}]`)}`];
export const button = (name: string): Tree => [`- ${node('button', name)}`];
export const link = (name: string): Tree => [`- ${node('link', name)}`];
export const paragraph = (text: string): Tree => [`- paragraph: ${JSON.stringify(text)}`];

/** A node with exactly these children. */
export function parent(role: string, name: string | undefined, ...children: Tree[]): Tree {
  const head = name === undefined ? `- ${role}:` : `- ${node(role, name)}:`;
  return [head, '  - /children: equal', ...children.flat().map((line) => `  ${line}`)];
}

export const main = (...children: Tree[]): Tree => parent('main', undefined, ...children);

export const template = (...trees: Tree[]) => trees.flat().join('\n');

/** What every page starts with: the brand's logo, the language switcher and the page's h1. */
export function banner(t: Text, brand: string, title: string): Tree {
  return parent(
    'banner',
    undefined,
    img(t('app-header.logo-alt', { brand })),
    [`- ${node('combobox', t('app-header.language.label'))}`],
    heading(title, 1),
  );
}

/** On a computer: the QR code of the app-download page, named by its title, with the address as a link. */
export function qrHandOff(t: Text, address: string): Tree {
  return parent(
    'figure',
    t('qr-hand-off.title'),
    img(t('qr-hand-off.alt')),
    paragraph(t('qr-hand-off.text')),
    link(t('qr-hand-off.link', { address })),
  );
}
