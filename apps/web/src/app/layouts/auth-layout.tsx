import { Anchor, Center, Container, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

/** Layout of the auth area (SPEC.md §2: login, verify-token, app-auth, auth-verify-code; and auth-verify-totp): one centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Container size={440} w="100%" px={0}>
        <Stack gap="md">
          <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" ta="center">
            {t('app.name')}
          </Anchor>
          <Paper withBorder shadow="sm" p="lg" radius="md">
            <Outlet />
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
