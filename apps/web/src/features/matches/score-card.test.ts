import type { SharedMatch } from '@rally/shared/matches';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScoreCard, SCORE_CARD_SIZE, scoreCardFileName, scoreCardLines } from './score-card';

// Konva needs a real canvas, which jsdom has not: a stand-in records what the
// card asks it to draw and encodes the "PNG" as the text drawn, so the test
// reads what a person would see on the card.
const drawn = vi.hoisted(() => ({
  stages: [] as { width: number; height: number }[],
  texts: [] as string[],
  destroyed: 0,
}));
vi.mock('konva', () => {
  class Node {
    constructor(readonly attrs: Record<string, unknown>) {}
  }
  class Layer {
    readonly children: Node[] = [];
    add(node: Node) {
      this.children.push(node);
      if (node instanceof Text) drawn.texts.push(String(node.attrs.text));
    }
    draw() {}
  }
  class Text extends Node {}
  class Rect extends Node {}
  class Stage {
    constructor(attrs: { width: number; height: number }) {
      drawn.stages.push({ width: attrs.width, height: attrs.height });
    }
    add() {}
    toBlob(config: { mimeType: string }) {
      return Promise.resolve(new Blob([drawn.texts.join('\n')], { type: config.mimeType }));
    }
    destroy() {
      drawn.destroyed += 1;
    }
  }
  return { default: { Stage, Layer, Text, Rect } };
});

const MIN = 60_000;

function sharedMatch(overrides: Partial<SharedMatch> = {}): SharedMatch {
  return {
    orgName: 'Rally Club',
    programName: 'Rally U10',
    eventTitle: 'League match',
    opponent: 'Rovers',
    venue: 'home',
    competition: 'Spring Cup',
    startsAt: '2030-04-06T03:30:00.000Z',
    status: 'finished',
    periods: 2,
    periodMinutes: 25,
    clock: { phase: 'finished', period: 2, elapsedMs: 25 * MIN, runningSince: null },
    score: { us: 3, them: 1 },
    names: 'first',
    timeline: [
      { type: 'goal', period: 1, clockMs: 4 * MIN, name: 'Asha', relatedName: 'Bina' },
      { type: 'opponent_goal', period: 1, clockMs: 9 * MIN, name: null, relatedName: null },
      { type: 'own_goal', period: 1, clockMs: 15 * MIN, name: null, relatedName: null },
      { type: 'yellow', period: 2, clockMs: 2 * MIN, name: 'Dev', relatedName: null },
      { type: 'goal', period: 2, clockMs: 26 * MIN, name: 'Asha', relatedName: null },
    ],
    computedAt: '2030-04-06T05:00:00.000Z',
    ...overrides,
  };
}

const text = {
  status: 'FULL TIME',
  date: 'April 6, 2030',
  opponentUnknown: 'Opponent',
  ownGoal: 'Own goal',
  goals: 'Goals',
};

beforeEach(() => {
  drawn.stages = [];
  drawn.texts = [];
  drawn.destroyed = 0;
});

describe('the score card', () => {
  it('says who played whom, the score with an en dash, the scorers with minutes and the date', () => {
    expect(scoreCardLines(sharedMatch(), text).map((line) => line.text)).toEqual([
      'Rally Club · Spring Cup',
      'Rally U10',
      '3\u20131',
      'Rovers',
      'FULL TIME',
      "Asha 5', 50+2'",
      "Own goal 16'",
      'April 6, 2030',
    ]);
  });

  it('puts the home side first: an away match reads from the opponent', () => {
    const lines = scoreCardLines(sharedMatch({ venue: 'away', opponent: '' }), text);
    expect(lines.slice(1, 4).map((line) => line.text)).toEqual([
      'Opponent',
      '1\u20133',
      'Rally U10',
    ]);
  });

  it('names nobody when the organisation shares no names', () => {
    const anonymous = sharedMatch({
      names: 'none',
      timeline: sharedMatch().timeline.map((i) => ({ ...i, name: null, relatedName: null })),
    });
    const lines = scoreCardLines(anonymous, text).map((line) => line.text);
    expect(lines).toContain("Goals 5', 50+2'");
    expect(lines.join('\n')).not.toContain('Asha');
  });

  it('draws a 1080-pixel square PNG with the canvas library, and frees the stage', async () => {
    const blob = await renderScoreCard(sharedMatch(), text);
    expect(drawn.stages).toEqual([{ width: SCORE_CARD_SIZE, height: SCORE_CARD_SIZE }]);
    expect(SCORE_CARD_SIZE).toBe(1080);
    expect(blob.type).toBe('image/png');
    expect(await blob.text()).toContain('3\u20131');
    expect(drawn.texts).toContain("Asha 5', 50+2'");
    expect(drawn.destroyed).toBe(1);
  });

  it('names the file after the match date', () => {
    expect(scoreCardFileName(sharedMatch())).toBe('score-card-2030-04-06.png');
  });
});
