import type { SharedMatch } from '@rally/shared/matches';
import { matchSides, scoreText, scorerLines } from './shared-match';

/** Side of the square score card in pixels: WhatsApp shows a square image uncropped (docs/decisions/030). */
export const SCORE_CARD_SIZE = 1080;

/** The words a score card needs, in the viewer's language (the caller's `t`). */
export interface ScoreCardText {
  /** "FULL TIME", "LIVE", or the kick-off for a match not started. */
  status: string;
  /** The match's date as the viewer reads it. */
  date: string;
  /** The opponent's name when staff have not typed one. */
  opponentUnknown: string;
  /** A line of opponents' own goals ("Own goal"). */
  ownGoal: string;
  /** The line of our goals when the organisation shares no names ("Goals"). */
  goals: string;
}

/** One line of text on the card: where (top `y`, px), how big (px) and how bold. */
export interface ScoreCardLine {
  text: string;
  y: number;
  fontSize: number;
  isBold: boolean;
  color: string;
}

/** Most scorer lines the card draws; more would not fit under the score. */
const MAX_SCORER_LINES = 7;

/**
 * What a score card says, line by line from the top (docs/decisions/030,
 * DESIGN.md §9): the organisation and competition, the two sides (home
 * first), the score with an en dash, the status, our scorers with their
 * minutes (first names, or one unnamed line when the organisation shares
 * no names: the card says no more than the share link) and the date.
 */
export function scoreCardLines(match: SharedMatch, text: ScoreCardText): ScoreCardLine[] {
  const [first, second] = matchSides(match);
  const name = (side: typeof first) => side.name ?? text.opponentUnknown;
  const lines: ScoreCardLine[] = [
    line([match.orgName, match.competition].filter(Boolean).join(' · '), 90, 40, false, '#c9d6ea'),
    line(name(first), 230, 64, true),
    line(scoreText(match), 330, 220, true),
    line(name(second), 580, 64, true),
    line(text.status, 680, 44, true, '#ffd43b'),
  ];
  const scorers = scorerLines(match).slice(0, MAX_SCORER_LINES);
  scorers.forEach((scorer, index) => {
    const who = scorer.kind === 'own_goal' ? text.ownGoal : (scorer.name ?? text.goals);
    lines.push(line(`${who} ${scorer.minutes.join(', ')}`, 760 + index * 40, 32, false));
  });
  lines.push(line(text.date, 1000, 32, false, '#c9d6ea'));
  return lines;
}

function line(text: string, y: number, fontSize: number, isBold: boolean, color = '#ffffff') {
  return { text, y, fontSize, isBold, color };
}

/**
 * Draws a match's score card, a {@link SCORE_CARD_SIZE}-pixel square PNG,
 * with the canvas drawing library (SPEC.md §7; DESIGN.md §9: Konva, loaded
 * only here, when someone shares a card, so no page carries it). Resolves
 * to the PNG; rejects when the browser cannot draw or encode it.
 */
export async function renderScoreCard(match: SharedMatch, text: ScoreCardText): Promise<Blob> {
  const { default: Konva } = await import('konva');
  const container = document.createElement('div');
  const stage = new Konva.Stage({ container, width: SCORE_CARD_SIZE, height: SCORE_CARD_SIZE });
  try {
    const layer = new Konva.Layer();
    stage.add(layer);
    layer.add(
      new Konva.Rect({
        x: 0,
        y: 0,
        width: SCORE_CARD_SIZE,
        height: SCORE_CARD_SIZE,
        fillLinearGradientStartPoint: { x: 0, y: 0 },
        fillLinearGradientEndPoint: { x: 0, y: SCORE_CARD_SIZE },
        fillLinearGradientColorStops: [0, '#1864ab', 1, '#0b2545'],
      }),
    );
    for (const { text: words, y, fontSize, isBold, color } of scoreCardLines(match, text)) {
      layer.add(
        new Konva.Text({
          x: 60,
          y,
          width: SCORE_CARD_SIZE - 120,
          text: words,
          fontSize,
          fontStyle: isBold ? 'bold' : 'normal',
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
          fill: color,
          align: 'center',
          wrap: 'none',
          ellipsis: true,
        }),
      );
    }
    layer.draw();
    const blob = await stage.toBlob({ mimeType: 'image/png', pixelRatio: 1 });
    if (!(blob instanceof Blob)) throw new Error('The browser could not encode the score card');
    return blob;
  } finally {
    stage.destroy();
  }
}

/** The file name of a match's score card (docs/decisions/030): `score-card-<date>.png`, the kick-off's UTC date as `YYYY-MM-DD`. */
export function scoreCardFileName(match: SharedMatch): string {
  return `score-card-${match.startsAt.slice(0, 10)}.png`;
}
