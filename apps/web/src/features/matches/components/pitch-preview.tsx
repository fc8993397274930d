import { useTranslation } from 'react-i18next';

/** A position to draw: x across, y up from our goal, both in percent (0..100). */
export interface PreviewPosition {
  key: string;
  x: number | string;
  y: number | string;
  isGoalkeeper: boolean;
}

const WIDTH = 68;
const HEIGHT = 105;

/** Clamps a percent that may be mid-typing ('' or out of range) to 0..100. */
const percent = (value: number | string) => Math.min(100, Math.max(0, Number(value) || 0));

/**
 * A small read-only picture of a format's positions on a 68 × 105 pitch, our
 * goal at the bottom as on the lineup board (DESIGN.md §9: x, y in 0..1 from
 * our goal; given here in percent). One image with a text alternative: the
 * positions themselves are edited (and read) in the fields beside it.
 */
export function PitchPreview({ positions }: { positions: readonly PreviewPosition[] }) {
  const { t } = useTranslation();
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('matchFormats.preview', { count: positions.length })}
      width={136}
      height={210}
      style={{ flex: '0 0 auto', borderRadius: 6, background: 'var(--mantine-color-green-8)' }}
    >
      <g fill="none" stroke="rgb(255 255 255 / 70%)" strokeWidth={0.5}>
        <rect x="1" y="1" width="66" height="103" />
        <line x1="1" y1="52.5" x2="67" y2="52.5" />
        <circle cx="34" cy="52.5" r="9.15" />
        <rect x="13.85" y="1" width="40.3" height="16.5" />
        <rect x="13.85" y="87.5" width="40.3" height="16.5" />
      </g>
      {positions.map((position, index) => {
        const cx = (percent(position.x) / 100) * WIDTH;
        const cy = (1 - percent(position.y) / 100) * HEIGHT;
        return (
          <g key={index}>
            <circle
              cx={cx}
              cy={cy}
              r={4.5}
              fill={position.isGoalkeeper ? 'var(--mantine-color-yellow-4)' : 'white'}
              stroke="var(--mantine-color-dark-7)"
              strokeWidth={0.4}
            />
            <text
              x={cx}
              y={cy}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={3.2}
              fontWeight={700}
              fill="var(--mantine-color-dark-7)"
            >
              {position.key.slice(0, 3)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
