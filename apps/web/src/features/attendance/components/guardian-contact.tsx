import { ActionIcon, Group } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The WhatsApp "click to chat" address of an E.164 number: `https://wa.me/`
 * and its digits only (https://faq.whatsapp.com/5913398998672934).
 */
export function whatsAppChatUrl(phoneE164: string): string {
  return `https://wa.me/${phoneE164.replace(/\D/g, '')}`;
}

/** Props of {@link GuardianContact}. */
export interface GuardianContactProps {
  /** The profile's name, for the links' accessible names. */
  name: string;
  /** The guardian's number in E.164 (`RosterEntry.guardianPhone`, staff only). */
  phone: string;
}

/**
 * Tap-to-call (`tel:`) and WhatsApp for a profile's guardian on a roster
 * (docs/decisions/020): rosters, and so these numbers, reach only the
 * program's staff. 44 px targets (WCAG 2.2 SC 2.5.8 and the app's 44 px rule).
 */
export function GuardianContact({ name, phone }: GuardianContactProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        component="a"
        href={`tel:${phone}`}
        size={44}
        variant="subtle"
        aria-label={t('guardianContact.call', { name, phone })}
      >
        <IconPhone size={20} aria-hidden />
      </ActionIcon>
      <ActionIcon
        component="a"
        href={whatsAppChatUrl(phone)}
        target="_blank"
        rel="noopener noreferrer"
        size={44}
        variant="subtle"
        color="green.8"
        aria-label={t('guardianContact.whatsApp', { name })}
      >
        <IconBrandWhatsapp size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
