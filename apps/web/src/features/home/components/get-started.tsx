import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The program a pasted join link or code names: a program page link
 * (`https://…/programs/{programId}`, the public join page for someone not on
 * its staff), or the bare program id. Null when the text names none.
 */
export function programIdOfJoinLink(text: string): string | null {
  const trimmed = text.trim();
  const inPath = /\/programs\/([^/?#\s]+)/i.exec(trimmed)?.[1];
  const candidate = inPath ?? trimmed;
  const id = UUID.exec(candidate)?.[0];
  return id && (inPath !== undefined || id.length === trimmed.length) ? id.toLowerCase() : null;
}

/**
 * For a new user (no organisation, no program, no enrolled profile;
 * docs/decisions/019): two clear ways in — paste a program's join link (or
 * its code) and open its join page, or create an organisation.
 */
export function GetStarted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const programId = programIdOfJoinLink(link);
    if (!programId) {
      setError(t('home.start.badLink'));
      return;
    }
    void navigate(`/programs/${encodeURIComponent(programId)}`);
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="home-get-started">
      <Stack gap="md">
        <Title order={2} size="h3" id="home-get-started">
          {t('home.start.title')}
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label={t('home.start.joinLabel')}
              description={t('home.start.joinHint')}
              value={link}
              onChange={(e) => {
                setLink(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              inputMode="url"
              autoComplete="off"
            />
            <Group>
              <Button type="submit" leftSection={<IconLink size={18} aria-hidden />} mih={44}>
                {t('home.start.join')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="xs">
          <Text>{t('home.start.createIntro')}</Text>
          <Group>
            <Button
              component={Link}
              to="/orgs/create"
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              mih={44}
            >
              {t('home.createOrg')}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
