// Bidi controls and line breaks can make a name disguise what a preview or share text says (docs/behaviour/hardening.md).
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;

/** A display or bike name without bidi controls or line breaks, spaces collapsed, trimmed. */
export function cleanName(name: string): string {
  return name.replace(BIDI, '').replace(BREAKS, ' ').replace(/\s+/g, ' ').trim();
}
