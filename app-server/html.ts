/** Text for an HTML attribute value or element content: nothing in it can end or add markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
