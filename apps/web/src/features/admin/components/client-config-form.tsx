import type { ClientConfig } from '@rally/shared/config';
import { Button, Code, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { clientConfigQueryOptions, useUpdateClientConfig } from '../api';

// The shared module carries zod: loaded with the tab, not with the page.
const loadConfigModule = () => import('@rally/shared/config');
const loadSchema = () => loadConfigModule().then((module) => module.updateClientConfigSchema);

/**
 * `recommendedBundleId` of @rally/shared/config (the `{id}` of
 * `bundle-{id}.zip`, SPEC.md §4) once that module has loaded; undefined before.
 */
function useRecommendedBundleId(url: string): string | null | undefined {
  const [helper, setHelper] = useState<((url: string) => string | null) | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadConfigModule()
      .then((module) => {
        if (isCurrent) setHelper(() => module.recommendedBundleId);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  return helper ? helper(url.trim()) : undefined;
}

/**
 * The Live update tab: edits the config record `client` (SPEC.md §3) — `url`
 * of the update package (`bundle-{id}.zip`; empty = none) and
 * `disableLiveUpdate` — and shows the package id the apps will be told to
 * install, read from the URL with the shared helper.
 */
export function ClientConfigPanel() {
  const config = useQuery(clientConfigQueryOptions());
  return (
    <QueryState query={config}>{(current) => <ClientConfigForm current={current} />}</QueryState>
  );
}

function ClientConfigForm({ current }: { current: ClientConfig }) {
  const { t } = useTranslation();
  const update = useUpdateClientConfig();
  const { form, formProps, formError } = useSchemaForm({
    initialValues: { url: current.url ?? '', disableLiveUpdate: current.disableLiveUpdate },
    toBody: (values) => ({
      url: values.url.trim() === '' ? null : values.url.trim(),
      disableLiveUpdate: values.disableLiveUpdate,
    }),
    loadSchema,
    mutation: update,
    savedValues: (saved) => ({ url: saved.url ?? '', disableLiveUpdate: saved.disableLiveUpdate }),
    notice: () => t('clientConfig.saved'),
  });
  const bundleId = useRecommendedBundleId(form.values.url);

  return (
    <form {...formProps}>
      <Stack gap="md" maw={640}>
        <Text size="sm">{t('clientConfig.intro')}</Text>
        <TextInput
          label={t('clientConfig.url')}
          description={t('clientConfig.urlHint')}
          placeholder="https://cdn.example.com/rally/bundle-1.4.2.zip"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <Text size="sm" aria-live="polite">
          {form.values.url.trim() === '' ? (
            t('clientConfig.noUrl')
          ) : bundleId === undefined || form.errors.url ? null : bundleId === null ? (
            <Text span c="red" size="sm">
              {t('clientConfig.noBundleId')}
            </Text>
          ) : (
            <>
              {t('clientConfig.recommended')} <Code>{bundleId}</Code>
            </>
          )}
        </Text>
        <Switch
          label={t('clientConfig.disableLiveUpdate')}
          description={t('clientConfig.disableLiveUpdateHint')}
          {...form.getInputProps('disableLiveUpdate', { type: 'checkbox' })}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Button
          type="submit"
          loading={update.isPending}
          disabled={!form.isDirty()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('clientConfig.save')}
        </Button>
      </Stack>
    </form>
  );
}
