import { describe, expect, it, vi } from 'vitest';
import { createRouteTable, preloadRoute } from './router';
import { areaLayouts, routeModules } from './route-modules';

describe('preloadRoute (docs/decisions/022)', () => {
  it('starts the layout and the page of a path together, each download once per route table', async () => {
    const layout = vi
      .spyOn(areaLayouts, 'program-event')
      .mockResolvedValue({ Component: () => null });
    const page = vi
      .spyOn(routeModules, 'program-event-attendance')
      .mockResolvedValue({ Component: () => null });
    const other = vi
      .spyOn(routeModules, 'program-event')
      .mockResolvedValue({ Component: () => null });
    try {
      const table = createRouteTable();
      const path = '/programs/p1/events/e1/attendance';
      preloadRoute(table, path);
      expect(layout).toHaveBeenCalledTimes(1);
      expect(page).toHaveBeenCalledTimes(1);
      expect(other).not.toHaveBeenCalled();

      // Again (the root view renders the path more than once), and through the lazy component's loader.
      preloadRoute(table, path);
      await table.pages['program-event-attendance'].load();
      expect(layout).toHaveBeenCalledTimes(1);
      expect(page).toHaveBeenCalledTimes(1);

      // Another mounted app has its own table: a failed download there is tried again.
      preloadRoute(createRouteTable(), path);
      expect(page).toHaveBeenCalledTimes(2);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('starts nothing for a path that is no route of SPEC.md §2', () => {
    const loaders = [
      ...Object.keys(areaLayouts).map((area) =>
        vi.spyOn(areaLayouts, area as keyof typeof areaLayouts),
      ),
      ...Object.keys(routeModules).map((name) =>
        vi.spyOn(routeModules, name as keyof typeof routeModules),
      ),
    ];
    try {
      preloadRoute(createRouteTable(), '/no/such/page');
      for (const loader of loaders) expect(loader).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
