import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { duesOverviewQueryOptions } from '../api';
import { formatPrice } from '../money';

/**
 * "Who owes what" on the program page for its staff (docs/decisions/020):
 * the total owed per currency, then each enrolment with a balance (owed
 * or credit) or an "I've paid" waiting, largest first, each opening its
 * enrolment page to confirm or record. Nothing while nobody owes anything.
 */
export function DuesOverviewSection({ programId }: { programId: string }) {
  const { t, i18n } = useTranslation();
  const overview = useQuery(duesOverviewQueryOptions(programId));
  const data = overview.data;
  if (!data || data.rows.length === 0) return null;
  const money = (minor: number, currency: string | null) =>
    currency ? formatPrice(minor, currency, i18n.language) : String(minor);
  return (
    <Stack gap="sm" component="section" aria-labelledby="dues-overview-title">
      <Title order={2} size="h3" id="dues-overview-title">
        {t('duesOverview.title')}
      </Title>
      {data.totals.map((total) => (
        <Text key={total.currency} fw={600}>
          {t('duesOverview.total', { amount: money(total.owedMinor, total.currency) })}
        </Text>
      ))}
      <Table.ScrollContainer minWidth={300}>
        <Table striped aria-labelledby="dues-overview-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('duesOverview.name')}</Table.Th>
              <Table.Th>{t('duesOverview.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => (
              <Table.Tr key={row.subscriptionId}>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor
                      component={Link}
                      to={`/programs/${encodeURIComponent(programId)}/subscriptions/${encodeURIComponent(row.subscriptionId)}`}
                    >
                      {row.profileName}
                    </Anchor>
                    {row.openClaim && (
                      <Badge color="orange" variant="light">
                        {t('duesOverview.saysPaid')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {row.balanceMinor < 0
                    ? t('duesOverview.credit', { amount: money(-row.balanceMinor, row.currency) })
                    : money(row.balanceMinor, row.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
