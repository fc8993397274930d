/**
 * The family calendar's colours, one per profile (docs/decisions/006): Mantine shades
 * that keep white text at a contrast of at least 4.5:1 (WCAG 2.2 AA), in an
 * order that keeps neighbours far apart in hue. Red is left out: it marks
 * clashes. The legend names each profile, so colour is never the only cue.
 */
export const PROFILE_PALETTE: readonly string[] = [
  '#1971c2', // blue 8
  '#c2255c', // pink 8
  '#087f5b', // teal 9
  '#9c36b5', // grape 8
  '#0b7285', // cyan 9
  '#5f3dc4', // violet 9
  '#495057', // gray 7
  '#364fc7', // indigo 9
];

/**
 * A colour for each profile id, by its position in `profileIds` (the order of
 * the home page's profiles), so a child keeps their colour from visit to
 * visit; beyond eight profiles the palette repeats.
 */
export function profileColors(profileIds: readonly string[]): Map<string, string> {
  return new Map(
    profileIds.map((id, index) => [id, PROFILE_PALETTE[index % PROFILE_PALETTE.length] ?? '']),
  );
}
