import { Anchor, Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useAuth } from '../lib/auth';
import { loginPathFor } from '../lib/login-path';

/** Height of a tap target in the header (WCAG 2.5.8; the area shell's tabs use the same 44 px). */
const TAP_TARGET_PX = 44;

/** One link of the fallback header. */
interface ShellLink {
  label: string;
  to: string;
}

/**
 * The links the header can offer without the layout's code: home and the
 * account page (plus the global-admin page for global admins) when signed
 * in, "Sign in" when signed out outside the auth area, and on a program
 * event's pages the way back to its program (known from the path alone).
 */
function useShellLinks(): ShellLink[] {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const { programId, eventId } = useParams();
  if (!user) {
    // The auth area (SPEC.md §2: every path under /auth/) is where one signs in already.
    if (location.pathname.startsWith('/auth/')) return [];
    const here = location.pathname + location.search + location.hash;
    return [{ label: t('auth.signIn'), to: loginPathFor(here) }];
  }
  return [
    ...(programId && eventId
      ? [
          {
            label: t('programEvent.backToProgram'),
            to: `/programs/${encodeURIComponent(programId)}`,
          },
        ]
      : []),
    { label: t('nav.home'), to: '/' },
    { label: t('nav.account'), to: '/account' },
    ...(user.isGlobalAdmin ? [{ label: t('nav.globalAdmin'), to: '/global-admin' }] : []),
  ];
}

/**
 * The frame of an area layout whose code failed to download
 * (docs/decisions/017; `route-modules.ts` `layout`): a header with the Rally
 * home link and the navigation that needs no more code
 * ({@link useShellLinks}), around `children` (the offline/retry state) in
 * the page's main landmark, so the person is never left without a way out.
 * Built only from what the entry chunk already carries (a few Mantine
 * components, the router, the sign-in state and the core strings): the area
 * shell (Mantine AppShell, menus, search) stays in its own chunk. Wraps on
 * a 320 px phone rather than clipping.
 */
export function LayoutFallbackShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const links = useShellLinks();
  return (
    <>
      <Box
        component="header"
        mih={56}
        px="md"
        py={4}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 'var(--mantine-spacing-md)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Anchor component={Link} to="/" fw={800} fz="lg" underline="never" c="blue.8">
          {t('app.name')}
        </Anchor>
        {links.length > 0 && (
          <Box
            component="nav"
            aria-label={t('nav.appNavigation')}
            style={{ display: 'flex', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-md)' }}
          >
            {links.map((link) => (
              <Anchor
                key={link.to}
                component={Link}
                to={link.to}
                size="sm"
                mih={TAP_TARGET_PX}
                aria-current={link.to === location.pathname ? 'page' : undefined}
                style={{ display: 'inline-flex', alignItems: 'center' }}
              >
                {link.label}
              </Anchor>
            ))}
          </Box>
        )}
      </Box>
      <Box component="main">
        <Container size="md" p="md">
          {children}
        </Container>
      </Box>
    </>
  );
}
