// The pseudo-language (docs/configuration.md, "The pseudo-language"): every text accented, longer and
// bracketed, so a text not from the files or a box that does not grow shows. A build flag, never offered.

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const LOOKUP = new Map([...PLAIN].map((letter, index) => [letter, [...ACCENTED][index]!]));
// Words, not one long run, so the longer text wraps as a longer translation would.
const FILLER = ['ļöŕéɱ', 'îþšûɱ', 'ðöļöŕ', 'šîţ', 'áɱéţ', 'çöñšéç'];
const PLACEHOLDER = /({{[^}]*}})/;

/** One text as the pseudo-language writes it. */
export function pseudoText(text: string): string {
  const parts = text.split(PLACEHOLDER);
  const accented = parts
    .map((part, index) => (index % 2 === 1 ? part : [...part].map((c) => LOOKUP.get(c) ?? c).join('')))
    .join('');
  const length = parts.filter((_, index) => index % 2 === 0).join('').length;
  const padding: string[] = [];
  for (let added = 0; added < Math.ceil(length * 0.3); added += FILLER[padding.length % FILLER.length]!.length + 1)
    padding.push(FILLER[padding.length % FILLER.length]!);
  return `[${accented}${padding.length > 0 ? ` ${padding.join(' ')}` : ''}]`;
}

/** A text file (or a section of one) with every text in the pseudo-language. */
export function pseudoTexts<T>(tree: T): T {
  if (typeof tree === 'string') return pseudoText(tree) as T;
  if (typeof tree !== 'object' || tree === null) return tree;
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, pseudoTexts(value)])) as T;
}
