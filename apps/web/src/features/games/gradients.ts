/**
 * The twelve trail-card gradient pairs of §9; trail.style.gradient indexes them.
 * Each pair is dark enough at its start for white text (contrast ≥ 4.5:1 over the text area).
 */
export const GRADIENTS: readonly [string, string][] = [
  ['#c2410c', '#fb923c'],
  ['#1d4ed8', '#38bdf8'],
  ['#047857', '#34d399'],
  ['#7e22ce', '#e879f9'],
  ['#be123c', '#fb7185'],
  ['#0f766e', '#5eead4'],
  ['#4338ca', '#a78bfa'],
  ['#a16207', '#facc15'],
  ['#155e75', '#22d3ee'],
  ['#9d174d', '#f472b6'],
  ['#3f6212', '#a3e635'],
  ['#334155', '#94a3b8'],
];

/** The CSS background for a trail card; out-of-range indexes wrap rather than fail. */
export function gradientCss(index: number): string {
  const [from, to] = GRADIENTS[((index % 12) + 12) % 12];
  return `linear-gradient(135deg, ${from} 0%, ${from} 35%, ${to} 100%)`;
}

/** Stars and crowns (§9: rgb 217,177,0). */
export const CROWN_COLOUR = 'rgb(217 177 0)';
