import { expect, type Page, type TestInfo } from '@playwright/test';

/** What does not fit as shown: sideways scrolling, text wider than its box, off screen or cut off, a
 * select too narrow, a button label over two lines. Visually hidden text is left out. */
export function layoutProblems(page: Page): Promise<string[]> {
  // Runs in the page: what it uses must be inside it.
  return page.evaluate(() => {
    const problems: string[] = [];
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- sent to the page as source: it must hold all it uses
    const name = (element: Element) =>
      `<${element.localName}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.display === 'none' || style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
      const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (element instanceof HTMLSelectElement) {
        // The chosen option's name, measured in the select's font, against the room inside it.
        const probe = document.createElement('span');
        probe.style.cssText = `font:${style.font};position:absolute;visibility:hidden;white-space:nowrap`;
        probe.textContent = element.selectedOptions[0]?.textContent ?? '';
        document.body.append(probe);
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (probe.getBoundingClientRect().width > room + 1)
          problems.push(`${name(element)} is too narrow for its choice`);
        probe.remove();
        continue;
      }
      if (element.matches('button, .button')) {
        // The label's lines: the distinct tops of its text's line boxes.
        const tops: number[] = [];
        const centres: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects())
            if (line.width > 0 && !tops.some((top) => Math.abs(top - line.top) < line.height / 2)) {
              tops.push(line.top);
              centres.push(line.left + line.width / 2);
            }
        }
        if (tops.length > 2) problems.push(`${name(element)} breaks its label over ${tops.length} lines`);
        if (Math.max(...centres) - Math.min(...centres) > 2)
          problems.push(`${name(element)} has its lines not centred`);
        const beside = [...(element.parentElement?.children ?? [])].some(
          (other) =>
            other !== element &&
            other.matches('button, .button') &&
            Math.abs(other.getBoundingClientRect().top - box.top) < 1,
        );
        if (tops.length > 1 && beside) problems.push(`${name(element)} breaks its label beside another button`);
      }
      if (!text) continue;
      if (box.left < -1 || box.right > window.innerWidth + 1) problems.push(`${name(element)} leaves the screen`);
      if (style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name(element)} is wider than its box: ${element.scrollWidth} px in ${element.clientWidth} px`);
      if (['hidden', 'clip'].includes(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        problems.push(`${name(element)} is cut off: ${element.scrollHeight} px in ${element.clientHeight} px`);
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth)
        problems.push(`${name(element)} ends in an ellipsis`);
    }
    return problems;
  });
}

/** Fails on any layout problem, after a screenshot (of the screen alone while a modal dialog is open). */
export async function expectFits(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: testInfo.outputPath(`${name}.png`),
    fullPage: (await page.locator('dialog[open]').count()) === 0,
    animations: 'disabled',
    scale: 'css',
  });
  expect(await layoutProblems(page), name).toEqual([]);
}
