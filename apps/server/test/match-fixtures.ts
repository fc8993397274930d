/**
 * A small valid match format (DESIGN.md §9: one position per player on the
 * field, one goalkeeper), the body the route tables of the access and
 * input tests send to the match-format and match-details routes.
 */
export const TEST_MATCH_FORMAT = {
  name: '3v3',
  playersOnField: 3,
  periods: 2,
  periodMinutes: 10,
  minPlayShare: 0.5,
  positions: [
    { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.1, isGoalkeeper: true },
    { key: 'L', label: 'Left', x: 0.3, y: 0.6, isGoalkeeper: false },
    { key: 'R', label: 'Right', x: 0.7, y: 0.6, isGoalkeeper: false },
  ],
};
