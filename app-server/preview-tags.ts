import { escapeHtml } from '../http-kit/escape-html.ts';

export type PreviewInput = {
  title: string;
  description: string;
  siteName: string;
  locale: string;
  /** The page's own address, absolute. */
  url: string;
  /** Absolute address of the preview image. */
  image: string;
  imageAlt?: string;
};

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** The <head> tags chat apps build link previews from, every value escaped: names are user input. */
export function previewTags(input: PreviewInput): string {
  return [
    `<title>${escapeHtml(input.title)}</title>`,
    meta('name', 'description', input.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', input.siteName),
    meta('property', 'og:title', input.title),
    meta('property', 'og:description', input.description),
    meta('property', 'og:url', input.url),
    meta('property', 'og:image', input.image),
    ...(input.imageAlt ? [meta('property', 'og:image:alt', input.imageAlt)] : []),
    meta('property', 'og:locale', input.locale),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n    ');
}
