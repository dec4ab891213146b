// Small colour helpers: mixing and WCAG contrast, so colour choices follow the theme data.
const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (c: number[]): string =>
  '#' +
  c
    .map((v) => Math.round(v).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

/** Mix `a` towards `b` by `t` (0 = a, 1 = b). */
export const mix = (a: string, b: string, t: number): string => {
  const [x, y] = [rgb(a), rgb(b)];
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t));
};

export const luminance = (hex: string): number => {
  const [r = 0, g = 0, b = 0] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const contrast = (a: string, b: string): number => {
  const [l1, l2] = [luminance(a), luminance(b)].toSorted((p, q) => q - p) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
};

export const isDark = (hex: string): boolean => luminance(hex) < 0.03;
