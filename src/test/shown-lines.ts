// What a part of the page shows, line by line; jsdom lays nothing out, so hidden means closed
// <details>, `hidden` or visually hidden.

/** The elements whose text is one line; of nested ones, the innermost. */
const LINES = 'h1, h2, h3, h4, p, summary, button, label, figcaption, li';

function shown(line: Element): boolean {
  if (line.closest('details:not([open])') && !line.closest('summary')) return false;
  return !line.closest('[hidden], .visually-hidden');
}

/** The lines `element` shows, in document order: its headings, paragraphs, summaries, buttons, labels, captions and list items, each without those inside it. */
export function shownLines(element: Element): string[] {
  return [...element.querySelectorAll(LINES)]
    .filter((line) => !line.querySelector(LINES) && shown(line))
    .map((line) => line.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .filter(Boolean);
}
