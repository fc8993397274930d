import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PHONE_INPUT_MAX_LENGTH } from '@rally/shared/common';

/** Props of {@link PhoneNumberInput}: Mantine's `TextInput` props, and whose number it is. */
export interface PhoneNumberInputProps extends Omit<
  TextInputProps,
  'type' | 'inputMode' | 'autoComplete'
> {
  /**
   * `own`: the person's own number (sign-in), so the browser may fill it in
   * (`autocomplete="tel"`). `other`: someone else's (a guardian, an invitee),
   * where filling in one's own number would be wrong (`autocomplete="off"`).
   */
  whose: 'own' | 'other';
}

/**
 * A phone number field: the phone keypad (`type="tel"`), at most
 * {@link PHONE_INPUT_MAX_LENGTH} characters as `phoneInputSchema` allows, and
 * an example number as placeholder unless one is given. The server parses
 * what is typed to E.164 (default country IN, DESIGN.md §3).
 */
export function PhoneNumberInput({ whose, ...props }: PhoneNumberInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete={whose === 'own' ? 'tel' : 'off'}
      maxLength={PHONE_INPUT_MAX_LENGTH}
      placeholder={t('fields.phonePlaceholder')}
      {...props}
    />
  );
}
