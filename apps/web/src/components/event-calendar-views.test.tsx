import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { addUiStrings, createI18n } from '../app/i18n';
import scheduleStrings from '../app/locales/en-US/schedule.json';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { makeEvent } from '../test/fixtures';
import { fakeMediaQueryList } from '../test/pointer';
import { EventCalendar } from './event-calendar';

addUiStrings(scheduleStrings);

const EVENTS = [
  makeEvent({
    title: 'Under-12 evening training with the long name',
    startsAt: '2025-11-21T12:30:00.000Z',
    endsAt: '2025-11-21T14:00:00.000Z',
  }),
];

/** Makes `(max-width: …)` media queries match, as on a 390 px phone. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('max-width')),
  );
}

function renderCalendar() {
  const view = render(
    <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
      <MemoryRouter>
        <EventCalendar
          timeZone="Asia/Kolkata"
          loadEvents={() => Promise.resolve(EVENTS)}
          hrefOf={(event) => `/events/${event.id}`}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user: userEvent.setup() };
}

/** The visible label of a radio of the view switch. */
const labelOf = (radio: HTMLElement) => (radio as HTMLInputElement).labels?.[0]?.textContent;

/** The view switch: a radio group above the calendar. */
function viewSwitch() {
  return screen.getByRole('radiogroup', { name: 'Calendar view' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-20T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('event calendar views', () => {
  it('on a phone: list by default, the view switch above the calendar, an agenda week and a month without times', async () => {
    asPhone();
    const { container, user } = renderCalendar();
    const radios = within(viewSwitch()).getAllByRole('radio');
    expect(radios.map(labelOf)).toEqual(['List', 'Week', 'Month']);
    expect(within(viewSwitch()).getByRole('radio', { name: 'List' })).toBeChecked();
    // Above: the switch comes before the calendar's own toolbar in the page.
    const toolbar = screen.getByRole('button', { name: 'Previous' });
    expect(
      viewSwitch().compareDocumentPosition(toolbar) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await screen.findByText('Under-12 evening training with the long name');
    expect(screen.getByRole('heading', { level: 2, name: 'November 2025' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Friday, November 21' })).toBeVisible();

    await user.click(within(viewSwitch()).getByRole('radio', { name: 'Week' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Nov 16\s–\s22$/),
    );
    expect(await screen.findByText('Under-12 evening training with the long name')).toBeVisible();

    await user.click(within(viewSwitch()).getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(container.querySelector('.fc-dayGridMonth-view')).not.toBeNull());
    const title = await screen.findByText('Under-12 evening training with the long name');
    // No time before the title in a phone's month cell: the title gets the width and wraps.
    expect(title.closest('a')?.querySelector('.fc-event-time')).toBeNull();
  });

  it('on a larger screen: month by default, then week (time grid) and list', async () => {
    const { container } = renderCalendar();
    expect(within(viewSwitch()).getAllByRole('radio').map(labelOf)).toEqual([
      'Month',
      'Week',
      'List',
    ]);
    expect(within(viewSwitch()).getByRole('radio', { name: 'Month' })).toBeChecked();
    const title = await screen.findByText('Under-12 evening training with the long name');
    expect(title.closest('a')?.querySelector('.fc-event-time')).not.toBeNull();
    expect(container.querySelector('.fc-dayGridMonth-view')).not.toBeNull();
  });

  it('hides FullCalendar’s unnamed chevron images; the buttons keep their names', async () => {
    const { container } = renderCalendar();
    await screen.findByText('Under-12 evening training with the long name');
    const icons = [...container.querySelectorAll('.fc-icon')];
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
