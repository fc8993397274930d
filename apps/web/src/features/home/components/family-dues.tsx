import type { OwedDues, WaitlistPlace } from '@rally/shared/home';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const enc = encodeURIComponent;

/**
 * Integer minor units of `currency` (ISO 4217) for reading, e.g. 150000 INR
 * -> "₹1,500.00" in en-US; the decimal string goes to Intl, not a float sum.
 */
export function formatOwed(minor: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const text = String(minor).padStart(digits + 1, '0');
  const exact = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return format.format(exact as Intl.StringNumericLiteral);
}

/** Props of {@link FamilyDues}. */
export interface FamilyDuesProps {
  dues: readonly OwedDues[];
  waitlist: readonly WaitlistPlace[];
}

/**
 * What the family owes, per subscription, each with a "Pay" link to the
 * subscription page (UPI, docs/decisions/005), and where their profiles
 * wait ("Asha is #2 on the waitlist for U10"). Nothing when neither applies.
 */
export function FamilyDues({ dues, waitlist }: FamilyDuesProps) {
  const { t, i18n } = useTranslation();
  if (dues.length === 0 && waitlist.length === 0) return null;
  return (
    <Stack gap="xs">
      {dues.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="home-dues">
          <Title order={3} size="h4" id="home-dues">
            {t('home.family.duesTitle')}
          </Title>
          {dues.map((d) => (
            <Card key={d.subscriptionId} withBorder padding="sm">
              <Group justify="space-between" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{formatOwed(d.balanceMinor, d.currency, i18n.language)}</Text>
                  <Text size="sm">
                    {t('home.family.owedFor', { name: d.profileName, program: d.programName })}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={`/programs/${enc(d.programId)}/subscriptions/${enc(d.subscriptionId)}`}
                  mih={44}
                  aria-label={t('home.family.payFor', {
                    name: d.profileName,
                    program: d.programName,
                  })}
                >
                  {t('home.family.pay')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {waitlist.length > 0 && (
        <Stack gap={4} component="section" aria-labelledby="home-waitlist">
          <Title order={3} size="h4" id="home-waitlist">
            {t('home.family.waitlistTitle')}
          </Title>
          <Stack component="ul" gap={4} m={0} pl="md">
            {waitlist.map((w) => (
              <li key={w.subscriptionId}>
                <Text
                  component={Link}
                  to={`/programs/${enc(w.programId)}/subscriptions/${enc(w.subscriptionId)}`}
                  size="sm"
                  td="underline"
                >
                  {t('home.family.waitlistPlace', {
                    name: w.profileName,
                    position: w.position,
                    program: w.programName,
                  })}
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
